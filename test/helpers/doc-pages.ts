/** The pages a newcomer reads, README.md and every docs/*.md, as paths from the repository root. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./pipeline.js";

export const docPages: readonly string[] = [
  "README.md",
  ...readdirSync(join(repoRoot, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
];
