/**
 * Makes an imported catalog one that `generate` accepts: what the catalog's compile-level lint
 * rules reject (an unsupported keyword, an unknown format, a pattern that does not compile, …) is
 * taken out, each with a report entry at its place in the input file. Only rules whose errors do
 * not depend on the targets are asked; the strict-mode rules stay lint findings in the catalog.
 */
import { buildContext } from "../lint/context.js";
import { LINT_RULES } from "../lint/registry.js";
import type { Finding } from "../lint/rule.js";
import {
  hasOwn,
  isJsonObject,
  objectFromEntries,
  pointerJoin,
  pointerSegments,
  setOwn,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import type { Declaration } from "./formats.js";
import type { Reporter } from "./report.js";

/** Lint rules whose errors stop `generate` whatever the targets (the catalog's compile-level checks). */
const BLOCKING_RULES = new Set([
  "unsupported-keyword",
  "invalid-schema",
  "unresolved-ref",
  "ref-cycle",
  "defs-conflict",
  "pattern-compiles",
  "pattern-safe",
  "root-object",
  "non-empty-name",
  "enum-values",
]);

/**
 * Takes out of the catalog what its compile-level lint rules reject (an unsupported keyword, an
 * unknown format, a pattern that does not compile, …), each with a report entry at its place in
 * the input, until nothing blocks `generate`.
 */
export function carry(
  catalog: JsonObject,
  origins: ReadonlyMap<string, Declaration>,
  report: Reporter,
): JsonObject {
  const current = catalog;
  const rules = LINT_RULES.filter((r) => BLOCKING_RULES.has(r.id));
  for (let round = 0; round < 8; round++) {
    const findings: Finding[] = [];
    const context = buildContext(current, (f) => {
      if (f.severity === "error") findings.push(f);
    });
    for (const rule of rules) rule.run(context);
    if (findings.length === 0) return current;
    let repaired = 0;
    for (const f of findings)
      if (repair(current, f, origins, report)) repaired++;
    if (repaired === 0) break;
  }
  return current;
}

/** The source position of a catalog pointer `/tools/<name>/<input|output>/…`. */
function sourceOf(
  pointer: string,
  origins: ReadonlyMap<string, Declaration>,
): { decl: Declaration; pointer: string } | undefined {
  const [tools, name, part, ...rest] = pointerSegments(pointer);
  if (tools !== "tools" || name === undefined) return undefined;
  const decl = origins.get(name);
  if (!decl) return undefined;
  const schema =
    part === "input" ? decl.input : part === "output" ? decl.output : undefined;
  if (!schema) return { decl, pointer: decl.pointer };
  return { decl, pointer: pointerJoin(schema.pointer, ...rest) };
}

/** Repairs the catalog in place for one finding; false when there was nothing it could change. */
function repair(
  catalog: JsonObject,
  f: Finding,
  origins: ReadonlyMap<string, Declaration>,
  report: Reporter,
): boolean {
  const segments = pointerSegments(f.pointer);
  const at = sourceOf(f.pointer, origins);
  const note = (
    severity: "error" | "warning" | "info",
    rule: "import-not-carried" | "import-converted",
    message: string,
  ) => {
    if (at)
      report.add(
        at.decl.site,
        at.pointer,
        severity,
        rule,
        message,
        f.atKey === true,
      );
  };
  // The input root without `type: object` (or with another type): providers pass an object.
  if (
    f.rule === "root-object" &&
    segments.length === 3 &&
    segments[2] === "input"
  ) {
    const input = valueAt(catalog, segments);
    if (isJsonObject(input) && !hasOwn(input, "type")) {
      note(
        "info",
        "import-converted",
        "input schema has no `type`: imported as `type: object` (providers pass arguments as an object)",
      );
      setAt(
        catalog,
        segments,
        objectFromEntries([
          ["type", "object"] as const,
          ...Object.keys(input).map((k) => [k, input[k]!] as const),
        ]),
      );
      return true;
    }
    note(
      "warning",
      "import-not-carried",
      `input schema not carried (${f.message}); imported as an object that admits any properties`,
    );
    setAt(catalog, segments, { type: "object" });
    return true;
  }
  // Take out the keyword the finding is about (a list member takes its whole keyword with it).
  let cut = segments;
  while (cut.length > 3) {
    const parent = valueAt(catalog, cut.slice(0, -1));
    if (isJsonObject(parent) && parent !== null) break;
    cut = cut.slice(0, -1);
  }
  if (cut.length <= 3) {
    // Nothing to take out without losing the tool: the import fails rather than write a catalog
    // that generate rejects.
    note(
      "error",
      "import-not-carried",
      `${f.message} (cannot be imported as it is; fix the declaration)`,
    );
    return false;
  }
  const keyword = cut[cut.length - 1]!;
  const value = valueAt(catalog, cut);
  if (value === undefined) return false;
  note(
    "warning",
    "import-not-carried",
    `${JSON.stringify(keyword)}: ${JSON.stringify(value).slice(0, 120)} not carried: ${f.rule}: ${f.message}`,
  );
  delete (valueAt(catalog, cut.slice(0, -1)) as { [key: string]: Json })[
    keyword
  ];
  return true;
}

function valueAt(root: Json, segments: readonly string[]): Json | undefined {
  let node: Json | undefined = root;
  for (const s of segments) {
    if (Array.isArray(node)) node = node[Number(s)];
    else if (isJsonObject(node) && hasOwn(node, s)) node = node[s];
    else return undefined;
  }
  return node;
}

/**
 * `root` with the value at `segments` replaced, in place: the catalog under repair is this run's
 * own (built from freshly parsed input), and copying a path through a mapping of thousands of
 * tools for each repair would make carrying quadratic.
 */
function setAt(
  root: JsonObject,
  segments: readonly string[],
  value: Json,
): void {
  const parent = valueAt(root, segments.slice(0, -1)) as {
    [key: string]: Json;
  };
  setOwn(parent, segments[segments.length - 1]!, value);
}
