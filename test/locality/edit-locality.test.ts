/**
 * One edit, one small diff: typical edits to one tool of the example catalog and of the fixtures
 * change only lines that belong to that tool (its code, declarations and map entries; see
 * attribution.ts for how a line is attributed). Generates in memory through the real pipeline,
 * formatted as `generate` writes it, and prints the changed-line count per edit (the table of
 * docs/diff-and-import.md, "How it works: one edit, its own lines").
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { generateFrom, readCatalog, repoRoot } from "../helpers/pipeline.js";
import {
  diffLines,
  HELPER,
  owners,
  TOOL_LIST,
  toolTokens,
} from "./attribution.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
type Catalog = Obj & { tools: { [name: string]: Obj } };

const isObj = (v: Json | undefined): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Each edit names the tool it touches (undefined when it does not apply to this catalog). */
interface Edit {
  readonly label: string;
  /** Adds or removes a tool: the provider modules' tool lists may then be laid out anew. */
  readonly changesToolSet?: boolean;
  readonly apply: (c: Catalog) => string | undefined;
}

const toolNames = (c: Catalog) => Object.keys(c.tools);

/** Rebuilds the tools map with `entries` (order matters: it is the output's order). */
function setTools(c: Catalog, entries: [string, Obj][]): void {
  c.tools = Object.fromEntries(entries);
}

/** The first node of `schema` (not through `$ref`) for which `pick` holds, depth first. */
function findNode(
  schema: Json | undefined,
  pick: (node: Obj) => boolean,
): Obj | undefined {
  if (Array.isArray(schema)) {
    for (const s of schema) {
      const hit = findNode(s, pick);
      if (hit) return hit;
    }
    return undefined;
  }
  if (!isObj(schema)) return undefined;
  if (pick(schema)) return schema;
  for (const [k, v] of Object.entries(schema)) {
    if (
      k === "$defs" ||
      k === "enum" ||
      k === "const" ||
      k === "examples" ||
      k === "default"
    )
      continue;
    const hit = findNode(v, pick);
    if (hit) return hit;
  }
  return undefined;
}

/** The first tool whose input has a node `pick` accepts, with that node. */
function toolWith(
  c: Catalog,
  pick: (node: Obj) => boolean,
): [string, Obj] | undefined {
  for (const name of toolNames(c)) {
    const node = findNode(c.tools[name]!.input, pick);
    if (node) return [name, node];
  }
  return undefined;
}

/** A tool written for the edit (a copy of another would make the diff ambiguous between the two). */
const ADDED_TOOL: Obj = {
  description: "A tool added by the edit.",
  input: {
    type: "object",
    properties: {
      added_id: {
        type: "string",
        maxLength: 40,
        description: "Id of the added thing.",
      },
    },
    required: ["added_id"],
    additionalProperties: false,
  },
};

const hasProperties = (n: Obj) =>
  isObj(n.properties) && Object.keys(n.properties).length > 0;

const EDITS: readonly Edit[] = [
  {
    label: "add a tool at the end",
    changesToolSet: true,
    apply: (c) => {
      setTools(c, [
        ...Object.entries(c.tools),
        ["zz_added_tool", structuredClone(ADDED_TOOL)],
      ]);
      return "zz_added_tool";
    },
  },
  {
    label: "add a tool in the middle",
    changesToolSet: true,
    apply: (c) => {
      const entries = Object.entries(c.tools);
      const at = Math.floor(entries.length / 2);
      entries.splice(at, 0, ["added_tool", structuredClone(ADDED_TOOL)]);
      setTools(c, entries);
      return "added_tool";
    },
  },
  {
    label: "remove a tool",
    changesToolSet: true,
    apply: (c) => {
      const entries = Object.entries(c.tools);
      if (entries.length < 2) return undefined;
      const at = Math.floor(entries.length / 2);
      const [removed] = entries.splice(at, 1);
      setTools(c, entries);
      return removed![0];
    },
  },
  {
    label: "add an optional field",
    apply: (c) => {
      const hit = toolWith(c, (n) => n.type === "object" && hasProperties(n));
      if (!hit) return undefined;
      (hit[1].properties as Obj).added_note = {
        type: "string",
        description: "A field added by the edit.",
      };
      return hit[0];
    },
  },
  {
    label: "rename a property",
    apply: (c) => {
      const hit = toolWith(c, hasProperties);
      if (!hit) return undefined;
      const node = hit[1];
      const old = Object.keys(node.properties as Obj)[0]!;
      node.properties = Object.fromEntries(
        Object.entries(node.properties as Obj).map(([k, v]) => [
          k === old ? `${old}_renamed` : k,
          v,
        ]),
      );
      if (Array.isArray(node.required))
        node.required = node.required.map((r) =>
          r === old ? `${old}_renamed` : r,
        );
      return hit[0];
    },
  },
  {
    label: "add an enum value",
    apply: (c) => {
      const hit = toolWith(
        c,
        (n) =>
          Array.isArray(n.enum) && n.enum.every((v) => typeof v === "string"),
      );
      if (!hit) return undefined;
      (hit[1].enum as Json[]).push("added_value");
      return hit[0];
    },
  },
  {
    label: "change a bound",
    apply: (c) => {
      const bounds = [
        "maximum",
        "maxLength",
        "maxItems",
        "minimum",
        "minLength",
        "minItems",
      ];
      const hit = toolWith(c, (n) =>
        bounds.some((b) => typeof n[b] === "number"),
      );
      if (!hit) return undefined;
      const b = bounds.find((k) => typeof hit[1][k] === "number")!;
      hit[1][b] = (hit[1][b] as number) + 1;
      return hit[0];
    },
  },
  {
    label: "change a description",
    apply: (c) => {
      const name = toolNames(c)[Math.floor(toolNames(c).length / 2)]!;
      const tool = c.tools[name]!;
      tool.description = `${typeof tool.description === "string" ? tool.description : ""} Edited.`;
      return name;
    },
  },
];

const CATALOGS = [
  "catalog/tools.yaml",
  "test/fixtures/providers-refs-unions/catalog.yaml",
  "test/fixtures/types-shapes/catalog.yaml",
  "test/fixtures/providers-optional-nullable/catalog.yaml",
];

/** The runtime helpers' names: every name the validator template declares. */
const HELPER_NAMES: ReadonlySet<string> = new Set(
  [
    ...readFileSync(
      join(repoRoot, "templates/validators/helpers.ts"),
      "utf8",
    ).matchAll(/^export (?:function|const|let) ([A-Za-z_$][\w$]*)/gm),
  ].map((m) => m[1]!),
);

const cacheDir = mkdtempSync(join(tmpdir(), "toolcat-locality-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

async function generate(
  catalog: Catalog,
  path: string,
): Promise<ReadonlyMap<string, string>> {
  // JSON is YAML: the edited catalog is written back as JSON text, the baseline too, so the two
  // sources differ only by the edit.
  const result = await generateFrom(JSON.stringify(catalog, null, 2) + "\n", {
    catalogPath: path,
    cacheDir,
  });
  if (!result.ok)
    throw new Error(
      `${path}: ${result.diagnostics.map((d) => d.message).join("; ")}`,
    );
  return result.files;
}

interface Outcome {
  readonly changed: number;
  readonly strays: string[];
}

/**
 * The positions a run of added (or removed) lines `[start, end)` of `lines` can slide to with the
 * same result (a diff may place `},\n{` on either side of a repeated boundary, as git's may).
 */
function slides(
  lines: readonly string[],
  start: number,
  end: number,
): [number, number][] {
  const out: [number, number][] = [[start, end]];
  for (let s = start, e = end; s > 0 && lines[s - 1] === lines[e - 1];)
    out.push([--s, --e]);
  for (let s = start, e = end; e < lines.length && lines[s] === lines[e];)
    out.push([++s, ++e]);
  return out;
}

/**
 * A line of brackets and commas only. JSON has no trailing comma, so the element before an added
 * last element gains one (`}` becomes `},`): allowed next to lines the edited tool owns.
 */
function isPunctuation(line: string): boolean {
  return /^[\s{}[\](),;]+$/.test(line);
}

/** Whether the run `[s, e)` has, or borders on, a line owned by `tool`. */
function ownedNearFor(tool: string) {
  return (own: readonly (string | undefined)[], s: number, e: number) =>
    own.slice(Math.max(0, s - 1), e + 1).includes(tool);
}

/** Runs of consecutive indices. */
function runs(indices: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const i of indices) {
    const last = out.at(-1);
    if (last && last[1] === i) last[1] = i + 1;
    else out.push([i, i + 1]);
  }
  return out;
}

/** Changed lines after the edit, and every changed line not owned by `tool` wherever its run slides. */
function compare(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  tool: string,
  tools: readonly string[],
  changesToolSet: boolean,
): Outcome {
  const tokens = tools.map(toolTokens);
  const ownedNear = ownedNearFor(tool);
  let changed = 0;
  const strays: string[] = [];
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const a = (before.get(path) ?? "").split("\n");
    const b = (after.get(path) ?? "").split("\n");
    const changes = diffLines(a, b);
    const sides = [
      {
        sign: "-",
        lines: a,
        own: owners(a.join("\n"), tokens, HELPER_NAMES),
        indices: changes
          .filter((c) => c.side === "removed")
          .map((c) => c.index),
      },
      {
        sign: "+",
        lines: b,
        own: owners(b.join("\n"), tokens, HELPER_NAMES),
        indices: changes.filter((c) => c.side === "added").map((c) => c.index),
      },
    ];
    // A line that lists several tools (`[draw, annotate, measure]`, prettier's one-line array) is
    // every listed tool's map entry: the edit may change it when it names the edited tool.
    const listsTool = (line: string) =>
      tokens.filter((t) => t.test(line)).length >= 2 &&
      tokens.find((t) => t.name === tool)!.test(line);
    // A helper the edited tool's code needs (or no longer needs) appears (or goes) at its fixed
    // place; a provider's tool list may be re-laid out when the set of tools changes.
    const allowed = (owner: string | undefined) =>
      owner === HELPER || (changesToolSet && owner === TOOL_LIST);
    for (const side of sides) {
      for (const [start, end] of runs(side.indices)) {
        const foreign = (s: number, e: number) =>
          side.lines
            .slice(s, e)
            .flatMap((line, k) =>
              line.trim() === "" ||
              side.own[s + k] === tool ||
              allowed(side.own[s + k]) ||
              listsTool(line) ||
              (isPunctuation(line) && ownedNear(side.own, s, e))
                ? []
                : [s + k],
            );
        changed += side.lines
          .slice(start, end)
          .filter((l) => l.trim() !== "").length;
        if (
          slides(side.lines, start, end).some(
            ([s, e]) => foreign(s, e).length === 0,
          )
        )
          continue;
        for (const i of foreign(start, end))
          strays.push(
            `${path}:${i + 1} ${side.sign} ${side.lines[i]!.trim()} (owner: ${side.own[i] ?? "none"})`,
          );
      }
    }
  }
  return { changed, strays };
}

describe("diffLines", () => {
  it("finds the shortest edit script", () => {
    const a = ["a", "b", "c", "d", "e"];
    const b = ["a", "x", "c", "e", "f"];
    const key = (c: { side: string; index: number }) => `${c.side} ${c.index}`;
    expect(diffLines(a, b).map(key).sort()).toEqual([
      "added 1",
      "added 4",
      "removed 1",
      "removed 3",
    ]);
    expect(diffLines(a, a)).toEqual([]);
  });
});

describe("owners", () => {
  it("attributes blocks, closers, comments and JSON objects to the tool that names them", () => {
    const text = [
      "/** Input of log_meal. */",
      "export function validateLogMealInput(value: unknown) {",
      "  return 1;",
      "}",
      "const x = [",
      "  {",
      '    "name": "get_weather",',
      "    a: 1,",
      "  },",
      "];",
      "export const shared = 1;",
    ].join("\n");
    const got = owners(text, [
      toolTokens("log_meal"),
      toolTokens("get_weather"),
    ]);
    expect(got).toEqual([
      "log_meal",
      "log_meal",
      "log_meal",
      "log_meal",
      undefined,
      "get_weather",
      "get_weather",
      "get_weather",
      "get_weather",
      undefined,
      undefined,
    ]);
    // A tool's name inside a longer one is not a mention.
    expect(
      toolTokens("get_workout").test(
        "export function validateGetWorkoutHistoryInput(",
      ),
    ).toBe(false);
  });
});

describe("an edit to one tool changes only that tool's lines", () => {
  const table: string[] = [];
  afterAll(() => {
    // The table in docs/diff-and-import.md ("How it works: one edit, its own lines") is this output.
    console.log(
      [
        "| edit | " + CATALOGS.join(" | ") + " |",
        "|---|" + CATALOGS.map(() => "---:").join("|") + "|",
        ...table,
      ].join("\n"),
    );
  });
  for (const edit of EDITS) {
    it(
      edit.label,
      async () => {
        const cells: string[] = [];
        for (const path of CATALOGS) {
          const base = parse(readCatalog(path)) as Catalog;
          const edited = structuredClone(base);
          const tool = edit.apply(edited);
          if (tool === undefined) {
            cells.push("n/a");
            continue;
          }
          const before = await generate(base, path);
          const after = await generate(edited, path);
          const tools = [
            ...new Set([...toolNames(base), ...toolNames(edited)]),
          ];
          const { changed, strays } = compare(
            before,
            after,
            tool,
            tools,
            edit.changesToolSet === true,
          );
          expect(strays, `${path}, ${edit.label} (${tool})`).toEqual([]);
          expect(
            changed,
            `${path}, ${edit.label}: the edit changed nothing`,
          ).toBeGreaterThan(0);
          cells.push(String(changed));
        }
        table.push(`| ${edit.label} | ${cells.join(" | ")} |`);
      },
      120_000,
    );
  }
});
