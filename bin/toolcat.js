#!/usr/bin/env node
// toolcat command-line entry: runs the compiled CLI from dist/ (built by `npm run build`, which
// `npm ci` runs through the `prepare` script).
import { existsSync } from "node:fs";

const entry = new URL("../dist/generator/cli/main.js", import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(
    "toolcat: dist/ is missing; run `npm run build` (npm ci does it through `prepare`)\n",
  );
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
