/** `toolcat init`: a starter catalog, and the npm scripts (or the CI line) that keep generated/ fresh. */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { addScripts } from "../node/package-scripts.js";
import { starterCatalog } from "./starter-catalog.js";
import type { Flags } from "./command.js";

const DEFAULT_CATALOG = "catalog/tools.yaml";

const posix = (path: string) => path.split(sep).join("/");

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

export async function runInit(flags: Flags): Promise<number> {
  const cwd = process.cwd();
  const chosen =
    typeof flags.catalog === "string" ? flags.catalog : DEFAULT_CATALOG;
  const catalog = resolve(cwd, chosen);
  const display = posix(relative(cwd, catalog)) || catalog;
  // The editor comment points at the schema the installed package ships, from the catalog's folder.
  const schema = posix(
    relative(
      dirname(catalog),
      join(cwd, "node_modules", "toolcat", "catalog.schema.json"),
    ),
  );

  await mkdir(dirname(catalog), { recursive: true });
  try {
    // "wx" fails when the file exists, with no window between a check and the write.
    await writeFile(catalog, starterCatalog(schema), {
      encoding: "utf8",
      flag: "wx",
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    process.stderr.write(
      `toolcat: ${display} already exists; init never overwrites a file (choose another with --catalog FILE)\n`,
    );
    return 1;
  }
  process.stderr.write(`toolcat: wrote ${display}\n`);

  const catalogFlag =
    display === DEFAULT_CATALOG ? "" : ` --catalog ${JSON.stringify(display)}`;
  const scripts = {
    "toolcat:generate": `toolcat generate${catalogFlag}`,
    "toolcat:check": `toolcat generate --check${catalogFlag}`,
  };
  const manifestPath = join(cwd, "package.json");
  const manifest = await readIfPresent(manifestPath);
  if (manifest === undefined) {
    process.stderr.write(
      `toolcat: no package.json here; to check generated/ in CI, run:\n  npx toolcat generate --check${catalogFlag}\n`,
    );
    return 0;
  }
  const edit = addScripts(manifest, scripts);
  if (edit.kind === "manual") {
    process.stderr.write(
      `toolcat: package.json left as it is: ${edit.reason}. Add these scripts yourself:\n`,
    );
    for (const [name, command] of Object.entries(scripts))
      process.stderr.write(
        `  ${JSON.stringify(name)}: ${JSON.stringify(command)}\n`,
      );
    return 0;
  }
  for (const name of edit.kept)
    process.stderr.write(
      `toolcat: package.json already has a script ${JSON.stringify(name)}; kept it (toolcat's would be ${JSON.stringify(scripts[name as keyof typeof scripts])})\n`,
    );
  if (edit.kind === "edited") {
    await writeFile(manifestPath, edit.text, "utf8");
    process.stderr.write(
      `toolcat: added ${edit.added.map((n) => `npm run ${n}`).join(" and ")} to package.json\n`,
    );
  }
  process.stderr.write(
    `toolcat: next: npx toolcat generate${catalogFlag}; in CI: npx toolcat generate --check${catalogFlag}\n`,
  );
  return 0;
}
