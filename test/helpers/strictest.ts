/**
 * The compiler options generated code must compile under: the ones `npm run typecheck` checks
 * generated/ and every golden output with (tsconfig.output.json), for scratch projects of
 * generated code (fuzzers).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./pipeline.js";

export function strictestCompilerOptions(): Record<string, unknown> {
  const config = JSON.parse(
    readFileSync(join(repoRoot, "tsconfig.output.json"), "utf8"),
  ) as { compilerOptions: Record<string, unknown> };
  return config.compilerOptions;
}
