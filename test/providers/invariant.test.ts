/**
 * The lowering invariant, for every tool × target × schema (input, and output where the target
 * declares one) of the example catalog and every fixture:
 *
 * A. every constraint of the canonical schema is either still in the declaration, in an
 *    equivalent form, or removed and stated in the description of the node that replaced it;
 * B. every constraint in the declaration is one the canonical schema has, or one of the few the
 *    lowering adds on purpose (closing objects, requiring optional fields as nullable, typing
 *    literals, bounding a tuple) — those are checked by the declared schema in the target's
 *    validator, which the property test covers.
 *
 * The comparison walks the canonical schema itself. For the keywords a model reads as a plain
 * bound (lengths, counts, bounds, multiples, pattern, format, uniqueness) the sentence the
 * description must contain is derived here, from the canonical value, so a wrong sentence fails;
 * for the composite ones (subschemas stated as JSON) it uses the lowering's records to learn which
 * phrase it should find where.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  hasOwn,
  isJsonObject,
  jsonEqual,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../../generator/core/schema/json.js";
import { KEYWORDS } from "../../generator/core/schema/keywords.js";
import type { Lowering } from "../../generator/core/providers/lowering/lowering.js";
import { caseNames, loadCase, type Case } from "./support/cases.js";

/**
 * What a description must say when the declaration drops `keyword` (written from the contract in
 * docs/providers.md "Strict lowering", independently of generator/core/providers/lowering). `nonNull`:
 * the object's optional properties are declared nullable, so a counted property is a non-null one.
 */
function expectedStatement(
  keyword: string,
  value: Json,
  nonNull: boolean,
): string | undefined {
  const count = (n: Json, one: string, many: string) =>
    `${String(n)} ${n === 1 ? one : many}`;
  const [one, many] = nonNull
    ? ["non-null property", "non-null properties"]
    : ["property", "properties"];
  switch (keyword) {
    case "minLength":
      return `at least ${count(value, "character", "characters")}`;
    case "maxLength":
      return `at most ${count(value, "character", "characters")}`;
    case "minItems":
      return `at least ${count(value, "item", "items")}`;
    case "maxItems":
      return `at most ${count(value, "item", "items")}`;
    case "minProperties":
      return `at least ${count(value, one, many)}`;
    case "maxProperties":
      return `at most ${count(value, one, many)}`;
    case "minimum":
      return `minimum ${String(value)}`;
    case "maximum":
      return `maximum ${String(value)}`;
    case "exclusiveMinimum":
      return `greater than ${String(value)}`;
    case "exclusiveMaximum":
      return `less than ${String(value)}`;
    case "multipleOf":
      return `a multiple of ${String(value)}`;
    case "pattern":
      return `matches the regular expression ${JSON.stringify(value)}`;
    case "format":
      return `format ${JSON.stringify(value)}`;
    case "uniqueItems":
      return value === true ? "no two items equal" : undefined;
    default:
      return undefined;
  }
}

const ANNOTATIONS = new Set([
  "title",
  "description",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
]);

interface Counterpart {
  /** The lowered node that stands for the canonical one (inside a null wrapper when wrapped). */
  readonly node: Json;
  /** The node whose description the model reads for it (the wrapper when wrapped). */
  readonly described: Json;
}

function descriptionOf(node: Json): string {
  return isJsonObject(node) && typeof node.description === "string"
    ? node.description
    : "";
}

/** Canonical keyword → the keyword that holds the same subschemas in the declaration (or none). */
function mapSegment(
  canonical: JsonObject,
  lowered: JsonObject,
  keyword: string,
): string | undefined {
  if (
    keyword === "oneOf" &&
    !hasOwn(lowered, "oneOf") &&
    hasOwn(lowered, "anyOf")
  )
    return "anyOf";
  if (keyword === "prefixItems" && !hasOwn(lowered, "prefixItems"))
    return undefined;
  if (
    keyword === "items" &&
    hasOwn(canonical, "prefixItems") &&
    !hasOwn(lowered, "prefixItems")
  )
    return undefined;
  return hasOwn(lowered, keyword) ? keyword : undefined;
}

class Comparison {
  readonly failures: string[] = [];
  constructor(
    readonly label: string,
    readonly canonical: Json,
    readonly lowering: Lowering,
  ) {}

  private unwrap(node: Json): Counterpart {
    if (isJsonObject(node) && this.lowering.nullWrappers.has(node))
      return { node: this.lowering.nullWrappers.get(node)!, described: node };
    return { node, described: node };
  }

  /** Whether the declared object counts only non-null properties (its optional ones became nullable). */
  private nonNull(n: JsonObject): boolean {
    return (
      isJsonObject(n.properties ?? null) &&
      Object.values(n.properties as JsonObject).some(
        (p) => isJsonObject(p) && this.lowering.nullWrappers.has(p),
      )
    );
  }

  private moved(pointer: string, keyword: string) {
    return this.lowering.moved.find(
      (m) => m.pointer === pointer && m.keyword === keyword,
    );
  }

  private fail(pointer: string, message: string) {
    this.failures.push(`${this.label} at ${pointer || "(root)"}: ${message}`);
  }

  run(): void {
    this.walk(this.canonical, this.unwrap(this.lowering.schema), "");
    // Every record points at a node whose description states it.
    for (const m of this.lowering.moved) {
      const cp = this.counterpartAt(m.pointer);
      if (!cp)
        this.fail(
          m.pointer,
          `moved ${m.keyword} has no counterpart in the declaration`,
        );
      else if (!descriptionOf(cp.described).includes(m.text))
        this.fail(
          m.pointer,
          `moved ${m.keyword} (${JSON.stringify(m.text)}) is not stated in ${JSON.stringify(descriptionOf(cp.described))}`,
        );
    }
  }

  private counterpartAt(pointer: string): Counterpart | undefined {
    let c: Json = this.canonical;
    let l = this.unwrap(this.lowering.schema);
    const segs =
      pointer === ""
        ? []
        : pointer
            .slice(1)
            .split("/")
            .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i]!;
      if (!isJsonObject(c) || !isJsonObject(l.node)) return undefined;
      const shape = hasOwn(KEYWORDS, seg) ? KEYWORDS[seg]!.shape : undefined;
      const target = mapSegment(c, l.node, seg);
      if (target === undefined) return undefined;
      let cn: Json = c[seg]!;
      let ln: Json = l.node[target]!;
      if (shape === "schemaMap" || shape === "schemaArray") {
        const key = segs[++i]!;
        if (!hasOwn(cn as object, key) || !hasOwn(ln as object, key))
          return undefined;
        cn = (cn as JsonObject)[key]!;
        ln = (ln as JsonObject)[key]!;
      }
      c = cn;
      l = this.unwrap(ln);
    }
    return l;
  }

  private walk(c: Json, l: Counterpart, pointer: string): void {
    if (!isJsonObject(c)) {
      if (!jsonEqual(c, l.node))
        this.fail(
          pointer,
          `boolean schema ${JSON.stringify(c)} became ${JSON.stringify(l.node)}`,
        );
      return;
    }
    if (!isJsonObject(l.node))
      return this.fail(
        pointer,
        `object schema became ${JSON.stringify(l.node)}`,
      );
    const n = l.node;
    this.constraintsKept(c, n, l.described, pointer);
    this.nothingInvented(c, n, pointer);
    for (const k of Object.keys(c)) {
      const info = hasOwn(KEYWORDS, k) ? KEYWORDS[k]! : undefined;
      if (!info || !["schema", "schemaMap", "schemaArray"].includes(info.shape))
        continue;
      if (this.moved(pointer, k) && k !== "oneOf") continue; // stated whole in the description
      const target = mapSegment(c, n, k);
      if (target === undefined) continue;
      const cv = c[k]!;
      const lv = n[target]!;
      if (info.shape === "schema")
        this.walk(cv, this.unwrap(lv), pointerJoin(pointer, k));
      else if (
        info.shape === "schemaMap" &&
        isJsonObject(cv) &&
        isJsonObject(lv)
      )
        for (const m of Object.keys(cv))
          this.walk(cv[m]!, this.unwrap(lv[m]!), pointerJoin(pointer, k, m));
      else if (Array.isArray(cv) && Array.isArray(lv))
        cv.forEach((s: Json, i: number) =>
          this.walk(
            s,
            this.unwrap((lv as readonly Json[])[i]!),
            pointerJoin(pointer, k, i),
          ),
        );
    }
  }

  /** A: each canonical constraint is kept, kept in an equivalent form, or moved and stated. */
  private constraintsKept(
    c: JsonObject,
    n: JsonObject,
    described: Json,
    pointer: string,
  ): void {
    for (const k of Object.keys(c)) {
      if (
        k === "default" &&
        !hasOwn(n, "default") &&
        !descriptionOf(described).includes(
          `Default ${JSON.stringify(c.default)}`,
        )
      )
        this.fail(pointer, "a dropped default is not stated");
      if (ANNOTATIONS.has(k) || k === "$defs") continue;
      const cv = c[k]!;
      const nv = hasOwn(n, k) ? n[k] : undefined;
      const statement = expectedStatement(k, cv, this.nonNull(n));
      if (
        statement !== undefined &&
        !(k === "maxItems" && typeof nv === "number" && nv <= (cv as number))
      ) {
        // Kept as it is, or gone from the declaration and stated in words derived here.
        if (nv !== undefined && jsonEqual(nv, cv)) continue;
        if (!descriptionOf(described).includes(statement))
          this.fail(
            pointer,
            `${k}: ${JSON.stringify(cv)} was removed and the description does not say ${JSON.stringify(statement)}: ${JSON.stringify(descriptionOf(described))}`,
          );
        continue;
      }
      if (this.moved(pointer, k)) continue;
      const info = hasOwn(KEYWORDS, k) ? KEYWORDS[k]! : undefined;
      const branches = Array.isArray(n.anyOf)
        ? (n.anyOf as readonly Json[]).filter(isJsonObject)
        : [];
      let ok: boolean;
      switch (k) {
        case "properties":
          ok =
            isJsonObject(nv ?? null) &&
            jsonEqual(
              Object.keys(nv as JsonObject),
              Object.keys(cv as JsonObject),
            );
          break;
        case "required":
          ok =
            Array.isArray(nv) &&
            (cv as readonly string[]).every((r) =>
              (nv as readonly Json[]).includes(r),
            );
          break;
        case "items":
          ok =
            hasOwn(c, "prefixItems") && !hasOwn(n, "prefixItems")
              ? this.moved(pointer, "prefixItems") !== undefined
              : nv !== undefined && (typeof cv !== "boolean" || nv === cv);
          break;
        case "maxItems":
          ok = typeof nv === "number" && nv <= (cv as number);
          break;
        case "const":
          ok =
            jsonEqual(nv ?? null, cv) && nv !== undefined
              ? true
              : Array.isArray(n.enum) && jsonEqual(n.enum, [cv]);
          break;
        case "enum": {
          const declaredValues =
            nv !== undefined
              ? (nv as readonly Json[])
              : branches.flatMap((b) =>
                  Array.isArray(b.enum)
                    ? (b.enum as readonly Json[])
                    : b.type === "null"
                      ? [null]
                      : [],
                );
          ok = (cv as readonly Json[]).every(
            (v) =>
              declaredValues.some((d) => jsonEqual(d, v)) ||
              !admittedByType(c, v),
          );
          break;
        }
        case "type": {
          const ct = new Set(
            typeof cv === "string" ? [cv] : (cv as readonly string[]),
          );
          const nt =
            nv !== undefined
              ? typeof nv === "string"
                ? [nv]
                : (nv as readonly string[])
              : branches.flatMap((b) =>
                  typeof b.type === "string" ? [b.type] : [],
                );
          ok =
            nt.length > 0 &&
            nt.every(
              (t) => ct.has(t) || (t === "integer" && ct.has("number")),
            ) &&
            (nt.length === ct.size || hasOwn(c, "enum") || hasOwn(c, "const"));
          break;
        }
        default:
          if (
            info &&
            ["schema", "schemaMap", "schemaArray"].includes(info.shape)
          )
            ok = mapSegment(c, n, k) !== undefined;
          else ok = nv !== undefined && jsonEqual(nv, cv);
      }
      if (!ok)
        this.fail(
          pointer,
          `${k}: ${JSON.stringify(cv)} was removed without being stated (declared: ${JSON.stringify(nv)})`,
        );
    }
  }

  /** B: the declaration holds no constraint the canonical schema lacks, except the lowering's own. */
  private nothingInvented(c: JsonObject, n: JsonObject, pointer: string): void {
    for (const k of Object.keys(n)) {
      if (ANNOTATIONS.has(k) || k === "$defs") continue;
      const nv = n[k]!;
      if (
        hasOwn(c, k) &&
        (jsonEqual(c[k]!, nv) ||
          (hasOwn(KEYWORDS, k) &&
            ["schema", "schemaMap", "schemaArray"].includes(
              KEYWORDS[k]!.shape,
            )))
      )
        continue;
      let ok = false;
      switch (k) {
        case "additionalProperties":
          ok = nv === false && !hasOwn(c, "additionalProperties");
          break;
        case "required": {
          const props = isJsonObject(n.properties ?? null)
            ? (n.properties as JsonObject)
            : {};
          const was = new Set(
            Array.isArray(c.required) ? (c.required as readonly string[]) : [],
          );
          ok = (nv as readonly string[]).every(
            (r) =>
              was.has(r) ||
              (isJsonObject(props[r] ?? null) &&
                this.lowering.nullWrappers.has(props[r] as object)),
          );
          break;
        }
        case "type":
          ok =
            hasOwn(c, "const") ||
            hasOwn(c, "enum") ||
            (hasOwn(c, "type") &&
              [nv].flat().every((t) => [c.type].flat().includes(t as string)));
          break;
        case "enum":
          ok =
            (hasOwn(c, "const") && jsonEqual(nv, [c.const!])) ||
            (Array.isArray(c.enum) &&
              (nv as readonly Json[]).every((v) =>
                (c.enum as readonly Json[]).some((e) => jsonEqual(e, v)),
              ));
          break;
        case "maxItems":
          ok =
            Array.isArray(c.prefixItems) &&
            c.items === false &&
            nv ===
              Math.min(
                typeof c.maxItems === "number" ? c.maxItems : Infinity,
                c.prefixItems.length,
              );
          break;
        case "anyOf":
          ok = hasOwn(c, "oneOf") || hasOwn(c, "enum");
          break;
        case "items":
          ok = hasOwn(c, "prefixItems");
          break;
      }
      if (!ok)
        this.fail(
          pointer,
          `the declaration adds ${k}: ${JSON.stringify(nv)}, which the catalog does not have`,
        );
    }
  }
}

/** The null wrappers of `before` mapped onto the same positions in `after` (a re-parsed copy). */
function rewrap(
  wrappers: ReadonlyMap<object, Json>,
  before: Json,
  after: Json,
): Map<object, Json> {
  const out = new Map<object, Json>();
  const walk = (b: Json, a: Json) => {
    if (
      typeof b !== "object" ||
      b === null ||
      typeof a !== "object" ||
      a === null
    )
      return;
    if (wrappers.has(b))
      out.set(
        a,
        (a as { anyOf: Json[] }).anyOf[
          (b as { anyOf: Json[] }).anyOf.indexOf(wrappers.get(b)!)
        ]!,
      );
    if (Array.isArray(b))
      b.forEach((x, i) => walk(x, (a as readonly Json[])[i]!));
    else
      for (const k of Object.keys(b))
        walk((b as JsonObject)[k]!, (a as JsonObject)[k]!);
  };
  walk(before, after);
  return out;
}

function admittedByType(c: JsonObject, v: Json): boolean {
  if (!hasOwn(c, "type")) return true;
  const types = [c.type].flat() as string[];
  const kind =
    v === null
      ? "null"
      : Array.isArray(v)
        ? "array"
        : typeof v === "number"
          ? Number.isInteger(v)
            ? "integer"
            : "number"
          : typeof v;
  return (
    types.includes(kind) || (kind === "integer" && types.includes("number"))
  );
}

const cases = caseNames();
const loaded = new Map<string, Case>();
beforeAll(async () => {
  for (const c of cases) loaded.set(c.name, await loadCase(c));
});

describe("lowering invariant: removed constraints are stated, declared constraints are the catalog's", () => {
  for (const c of cases) {
    it(c.name, () => {
      const lc = loaded.get(c.name)!;
      const failures: string[] = [];
      let compared = 0;
      for (const l of lc.lowerings) {
        for (const t of l.tools) {
          const pairs: [string, Json, Lowering][] = [
            ["input", t.tool.input.schema as Json, t.input],
          ];
          if (t.output && t.tool.output)
            pairs.push(["output", t.tool.output.schema as Json, t.output]);
          for (const [which, canonical, lowering] of pairs) {
            const cmp = new Comparison(
              `${l.target.id} ${t.tool.name} ${which}`,
              canonical,
              lowering,
            );
            cmp.run();
            failures.push(...cmp.failures);
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    });
  }

  it("can fail: a removed constraint stated wrongly, or not at all, is found", async () => {
    const lc = loaded.get("example")!;
    const tool = lc.lowerings
      .find((l) => l.target.id === "openai-chat")!
      .tools.find((t) => t.tool.name === "log_meal")!;
    const text = JSON.stringify(tool.input.schema);
    expect(text).toContain("at most 120 characters");
    for (const [from, to] of [
      ["at most 120 characters", "at least 120 characters"],
      ["; at most 120 characters", ""],
    ] as const) {
      const schema = JSON.parse(text.replace(from, to)) as Json;
      // The lowering's own record still claims the right sentence; the test must not trust it.
      const cmp = new Comparison("tampered", tool.tool.input.schema as Json, {
        ...tool.input,
        schema,
        nullWrappers: rewrap(
          tool.input.nullWrappers,
          tool.input.schema,
          schema,
        ),
      });
      cmp.run();
      expect(cmp.failures.join("\n"), to).toContain(
        'maxLength: 120 was removed and the description does not say "at most 120 characters"',
      );
    }
  });

  it("can fail: a constraint the catalog lacks, or a phrase that is missing, is found", () => {
    const lc = loaded.get("example")!;
    const tool = lc.lowerings
      .find((l) => l.target.id === "openai-chat")!
      .tools.find((t) => t.tool.name === "get_weather")!;
    const schema = JSON.parse(JSON.stringify(tool.input.schema)) as {
      properties: { city: Record<string, unknown> };
    };
    schema.properties.city.maxItems = 3;
    schema.properties.city.description = "City name.";
    const tampered = new Comparison(
      "tampered",
      tool.tool.input.schema as Json,
      {
        ...tool.input,
        schema: schema as unknown as Json,
        nullWrappers: new Map(),
      },
    );
    tampered.run();
    const text = tampered.failures.join("\n");
    expect(text).toContain("adds maxItems");
    expect(text).toContain("is not stated in");
  });
});
