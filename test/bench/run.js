// `npm run bench`: runs every test/bench/*.bench.js (each exports a default async function that
// prints its own figures). Run one with `node test/bench/run.js <name>`.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const benches = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.js"))
  .filter((f) => !only || f.startsWith(only))
  .sort();
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const mod = await import(pathToFileURL(join(dir, file)).href);
  await mod.default();
}
