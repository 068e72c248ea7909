/** Loads old/new catalog pairs and runs the pure diff on them, as the CLI does. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  diffCatalogs,
  type CatalogVersion,
} from "../../generator/core/diff/diff-catalogs.js";
import type { DiffFinding } from "../../generator/core/diff/finding.js";
import { loadVersion } from "../../generator/core/diff/load-version.js";

export function version(path: string, text: string): CatalogVersion {
  const loaded = loadVersion(path, text);
  if (!loaded.version)
    throw new Error(
      `${path} has errors: ${loaded.errors.map((d) => `${d.line}:${d.col} ${d.rule} ${d.message}`).join("; ")}`,
    );
  return loaded.version;
}

export function diffDir(dir: string): DiffFinding[] {
  const read = (name: string) => readFileSync(join(dir, name), "utf8");
  return diffCatalogs(
    version("old.yaml", read("old.yaml")),
    version("new.yaml", read("new.yaml")),
  );
}

/** One line per finding, for expected files a reviewer can read. */
export function findingLine(f: DiffFinding): string {
  return `${f.rule} ${f.tool} ${f.pointer} ${f.at.side}:${f.at.line}:${f.at.col} ${f.certainty === "possibly" ? "possibly-breaks" : "breaks"} ${f.breaks}${f.handlerMust ? ` | handler must ${f.handlerMust}` : ""} | ${f.message}`;
}
