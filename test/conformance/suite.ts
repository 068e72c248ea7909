/** Loading the JSON-Schema-Test-Suite (draft 2020-12 copy in test/data) and its exclusion list. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { dataRoot } from "../validators/harness.js";

export const suiteRoot = path.join(
  dataRoot,
  "json-schema-test-suite",
  "draft2020-12",
);

export interface SuiteTest {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}

export interface SuiteGroup {
  /** Path relative to the draft directory, e.g. `optional/format/date.json`. */
  readonly file: string;
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteTest[];
}

/** Every test file: the draft directory, `optional/` and `optional/format/`. */
export function suiteFiles(): string[] {
  const list = (dir: string) =>
    readdirSync(path.join(suiteRoot, dir))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => (dir === "" ? f : `${dir}/${f}`));
  return [...list(""), ...list("optional"), ...list("optional/format")];
}

export function loadGroups(file: string): SuiteGroup[] {
  const groups = JSON.parse(
    readFileSync(path.join(suiteRoot, file), "utf8"),
  ) as { description: string; schema: unknown; tests: SuiteTest[] }[];
  return groups.map((g) => ({
    file,
    description: g.description,
    schema: g.schema,
    tests: g.tests,
  }));
}

/**
 * One entry of exclusions.json. `unsupported`: the compiler rejects the schema (checked: its
 * problems name one of `keywords`), so lint rejects it too. `reference`: Ajv with ajv-formats, the
 * reference toolcat follows, answers differently from the suite (checked: the generated code agrees
 * with Ajv and Ajv disagrees with the suite).
 */
export interface Exclusion {
  readonly kind: "unsupported" | "reference";
  readonly file: string;
  /** Absent: every group of the file. */
  readonly group?: string;
  /** Absent: every test of the group(s). */
  readonly test?: string;
  /** `unsupported`: the keywords (or `format "x"`) the rejection names. */
  readonly keywords?: readonly string[];
  readonly reason: string;
}

export function loadExclusions(): Exclusion[] {
  const raw = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "exclusions.json"), "utf8"),
  ) as { exclusions: Exclusion[] };
  return raw.exclusions;
}

export function matches(
  e: Exclusion,
  file: string,
  group: string,
  test?: string,
): boolean {
  return (
    e.file === file &&
    (e.group === undefined || e.group === group) &&
    (e.test === undefined || test === undefined || e.test === test)
  );
}
