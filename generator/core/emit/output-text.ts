/**
 * generated/output-text.ts: the text the model reads for a tool's result, written by a function
 * compiled from the tool's `output` schema instead of by JSON.stringify's generic walk.
 *
 * Why: the dispatcher writes every `ok` result as JSON, and on Node 20 JSON.stringify costs about
 * 0.35 µs even for `{ saved: ["weight_kg", "body_fat_pct"] }` — a fifth of the least a checked
 * call costs (`npm run bench -- dispatch`). A value that passed the output validator has a known
 * shape, so its text is a few concatenations: a known key's quoted form is a literal, an enum
 * string that needs no escape is quoted as it is, a number is `String(n)`.
 *
 * The text is JSON.stringify's, byte for byte, for every value that passed the output validator
 * (property-tested against JSON.stringify, test/dispatcher/output-text.test.ts):
 *  - keys are written in the value's own order (Object.keys, as JSON.stringify does), a declared
 *    key by its literal, any other key by JSON.stringify;
 *  - a property whose value is `undefined` is left out, as JSON.stringify leaves it out;
 *  - a schema this file does not specialise (unions, tuples, a `$ref` cycle, nesting deeper than
 *    MAX_DEPTH, anything past MAX_LINES of one function) is written by JSON.stringify for that
 *    value;
 *  - an object or array with a `toJSON` method (a Date under `type: object`) makes the whole value
 *    be written by JSON.stringify, which alone passes `toJSON` the key it is written under.
 *
 * Names are owned by one tool (`<tool>OutputText`, locals counted per function) and the helpers
 * come in a fixed order, so an edit to one tool changes only that tool's function and map entry.
 */
import {
  code,
  codeStringLiteral,
  join,
  propertyKey,
  raw,
  type Code,
} from "../codegen/code.js";
import { commentSafe } from "../codegen/jsdoc.js";
import type { Name } from "../codegen/identifiers.js";
import type { CatalogIR, SchemaResource } from "../ir/catalog-ir.js";
import { isJsonObject, type Json, type JsonObject } from "../schema/json.js";
import { resolveRef } from "../schema/refs.js";
import { chunkedFile, TEMPLATE_WIDTH, type OutputFile } from "./artifact.js";
import { GeneratedFile, type Helper } from "./generated-file.js";
import { catalogNames } from "./naming.js";

export const OUTPUT_TEXT_PATH = "output-text.ts";

/** Nesting deeper than this is written by JSON.stringify. */
const MAX_DEPTH = 8;
/**
 * Past this many lines in one tool's function, nested objects and arrays are written by
 * JSON.stringify. `$ref` targets are written out where they are used, and a definition used six
 * times in one that is itself used six times, and so on, would otherwise make 6^8 copies.
 */
const MAX_LINES = 400;

/** The export and the map's names, never handed to a tool's function or a helper. */
const FIXED_NAMES = ["outputText", "outputTexts", "OutputTexts"];

/** The thrown marker: the whole value goes to JSON.stringify (see the module comment). */
// The helpers are written in prettier's layout at the template width, as template source is.
const TO_JSON: Helper = {
  id: "TO_JSON",
  order: 1,
  laidOutFor: TEMPLATE_WIDTH,
  declare: (
    name,
  ) => code`/** Thrown where a value has a toJSON method: the whole result is then written by JSON.stringify, which passes it its key. */
const ${name}: unique symbol = Symbol("toJSON");`,
};

const HAS_TO_JSON: Helper = {
  id: "hasToJson",
  order: 2,
  laidOutFor: TEMPLATE_WIDTH,
  declare: (
    name,
  ) => code`/** Whether JSON.stringify would call a toJSON method of \`value\`. */
function ${name}(value: object): boolean {
  return typeof (value as { readonly toJSON?: unknown }).toJSON === "function";
}`,
};

const NEEDS_ESCAPE: Helper = {
  id: "NEEDS_ESCAPE",
  order: 3,
  laidOutFor: TEMPLATE_WIDTH,
  declare: (
    name,
  ) => code`/** Characters JSON.stringify escapes (a quote, a backslash, a control character) or checks (a surrogate). */
const ${name} = /["\\\\\\u0000-\\u001f\\ud800-\\udfff]/;`,
};

const JSON_STRING: Helper = {
  id: "jsonString",
  order: 4,
  laidOutFor: TEMPLATE_WIDTH,
  uses: [NEEDS_ESCAPE],
  declare: (
    name,
    deps,
  ) => code`/** A string's JSON text: quoted as it is when nothing in it needs an escape (short strings; a long one is JSON.stringify's). */
function ${name}(text: string): string {
  return text.length <= 64 && !${deps(NEEDS_ESCAPE)}.test(text)
    ? '"' + text + '"'
    : JSON.stringify(text);
}`,
};

const JSON_NUMBER: Helper = {
  id: "jsonNumber",
  order: 5,
  laidOutFor: TEMPLATE_WIDTH,
  declare: (
    name,
  ) => code`/** A number's JSON text (NaN and the infinities are \`null\`, as JSON.stringify writes them). */
function ${name}(n: number): string {
  return Number.isFinite(n) ? String(n) : "null";
}`,
};

const JSON_ANY: Helper = {
  id: "jsonAny",
  order: 6,
  laidOutFor: TEMPLATE_WIDTH,
  uses: [TO_JSON, HAS_TO_JSON],
  declare: (
    name,
    deps,
  ) => code`/** A value of a schema this file does not specialise: JSON.stringify's text (undefined where it writes nothing). */
function ${name}(value: unknown): string | undefined {
  if (typeof value === "object" && value !== null && ${deps(HAS_TO_JSON)}(value))
    throw ${deps(TO_JSON)};
  return JSON.stringify(value);
}`,
};

const JSON_ITEM: Helper = {
  id: "jsonItem",
  order: 7,
  laidOutFor: TEMPLATE_WIDTH,
  uses: [JSON_ANY],
  declare: (
    name,
    deps,
  ) => code`/** An array element of a schema this file does not specialise (\`null\` where JSON.stringify writes nothing). */
function ${name}(value: unknown): string {
  return ${deps(JSON_ANY)}(value) ?? "null";
}`,
};

/** The output-text file for `ir` (with no entry for a tool whose output is not specialised). */
export function outputTextFile(ir: CatalogIR, header: string): OutputFile {
  const names = catalogNames(ir);
  // Every tool's function name is reserved first: a helper can never take one (its name would
  // then depend on which tools exist).
  const functionNames = new Map<string, string>();
  for (const tool of ir.tools)
    if (tool.output)
      functionNames.set(
        tool.name,
        `${names.tools.get(tool.name)!.stem}OutputText`,
      );
  const file = new GeneratedFile(OUTPUT_TEXT_PATH, header, [
    ...FIXED_NAMES,
    ...functionNames.values(),
  ]);
  const entries: Code[] = [];
  for (const tool of ir.tools) {
    if (!tool.output) continue;
    const body = toolFunction(
      file,
      tool.output,
      functionNames.get(tool.name)!,
      tool.name,
    );
    if (body === undefined) continue;
    file.printCanonical(body);
    entries.push(
      code`${raw(propertyKey(tool.name))}: ${raw(functionNames.get(tool.name)!)}`,
    );
  }
  const toJson = entries.length > 0 ? file.useHelper(TO_JSON) : undefined;
  // A named map type keeps the map's first line within the print width.
  file.printCanonical(
    code`
/** A tool's text function: the JSON text of a value its output validator accepted. */
type OutputTexts = { readonly [name: string]: (value: unknown) => string };`,
    code`
/** The text function of each tool whose output schema has one, by tool name. */
const outputTexts: OutputTexts = Object.freeze(${entries.length === 0 ? code`{}` : code`{\n  ${join(entries, ",\n  ")},\n}`});`,
    code`
/**
 * The JSON text of a tool's result that passed its output validator: JSON.stringify's bytes
 * (undefined where JSON.stringify gives undefined). Throws where JSON.stringify throws.
 */
export function outputText(name: string, value: unknown): string | undefined {
  const own = Object.prototype.hasOwnProperty.call(outputTexts, name);
  const text = own ? outputTexts[name] : undefined;
  if (text === undefined) return JSON.stringify(value);
${
  toJson === undefined
    ? code`  return text(value);`
    : code`  try {
    return text(value);
  } catch (e) {
    if (e === ${toJson}) return JSON.stringify(value);
    throw e;
  }`
}
}`,
  );
  return chunkedFile(
    OUTPUT_TEXT_PATH,
    "typescript",
    file.toChunks(),
    undefined,
    "machine",
  );
}

/** What a schema node is written as. */
type Shape =
  | { readonly kind: "generic" }
  | { readonly kind: "literal"; readonly text: string }
  | { readonly kind: "plain-string" }
  | { readonly kind: "string" }
  | { readonly kind: "number" }
  | { readonly kind: "boolean" }
  | { readonly kind: "nullable"; readonly inner: Shape }
  // Objects and arrays carry the `$ref`s followed to reach them: their subschemas resolve on from there.
  | {
      readonly kind: "object";
      readonly properties: readonly (readonly [string, Json])[];
      readonly refs: readonly string[];
    }
  | {
      readonly kind: "array";
      readonly items: Json | undefined;
      readonly refs: readonly string[];
    };

const GENERIC: Shape = { kind: "generic" };
const PLAIN_STRING: Shape = { kind: "plain-string" };

/** The shape of a scalar `type` (undefined for any other). */
function scalarType(type: Json | undefined): Shape | undefined {
  switch (type) {
    case "string":
      return { kind: "string" };
    case "number":
    case "integer":
      return { kind: "number" };
    case "boolean":
      return { kind: "boolean" };
    case "null":
      return { kind: "literal", text: "null" };
    default:
      return undefined;
  }
}

/** One tool's function (undefined when its output as a whole is not specialised). */
function toolFunction(
  file: GeneratedFile,
  resource: SchemaResource,
  fnName: string,
  toolName: string,
): Code | undefined {
  // A schema is JSON data; read as such here.
  const schema = resource.schema as unknown as Json;
  const w = new FunctionWriter(file, schema);
  const root = w.shapeOf(schema, []);
  if (root.kind !== "object" && root.kind !== "array") return undefined;
  w.line(1, 'let s = "";');
  w.write(root, "value", "s", 1, 0);
  w.line(1, "return s;");
  return raw(`/** The text of a valid ${commentSafe(codeStringLiteral(toolName))} output. */
function ${fnName}(value: unknown): string {
${w.lines.join("\n")}
}`);
}

/** Writes one function's statements: locals are counted per function, never per file. */
class FunctionWriter {
  readonly lines: string[] = [];
  private count = 0;
  constructor(
    private readonly file: GeneratedFile,
    private readonly root: Json,
  ) {}

  line(depth: number, text: string): void {
    this.lines.push(`${"  ".repeat(depth)}${text}`);
  }

  /** Whether a value at `nesting` is past the depth or the function past its size (then: JSON.stringify). */
  private exhausted(nesting: number): boolean {
    return nesting > MAX_DEPTH || this.lines.length > MAX_LINES;
  }

  private local(prefix: string): string {
    return `${prefix}${this.count++}`;
  }

  private helper(h: Helper): Name {
    return this.file.useHelper(h);
  }

  /** The shape of `schema`, through `$ref`s (a ref already on `refs`, the path here, is a cycle). */
  shapeOf(schema: Json, refs: readonly string[]): Shape {
    if (!isJsonObject(schema)) return GENERIC;
    const typed = typeof schema.type === "string";
    if (!typed && typeof schema.$ref === "string") {
      const target = this.resolve(schema.$ref, refs);
      return target === undefined
        ? GENERIC
        : this.shapeOf(target, [...refs, schema.$ref]);
    }
    if (Object.prototype.hasOwnProperty.call(schema, "const"))
      return literalShape(schema.const!);
    if (Array.isArray(schema.enum)) {
      const strings = schema.enum.filter((v) => v !== null);
      const plain =
        strings.length > 0 &&
        strings.every(
          (v) => typeof v === "string" && JSON.stringify(v) === `"${v}"`,
        );
      if (!plain) return GENERIC;
      return strings.length === schema.enum.length
        ? PLAIN_STRING
        : { kind: "nullable", inner: PLAIN_STRING };
    }
    if (Array.isArray(schema.type)) {
      // `[T, "null"]`, the usual nullable scalar: null, or T's text.
      const types = schema.type.filter((t) => t !== "null");
      if (types.length !== 1 || schema.type.length !== 2) return GENERIC;
      const inner = scalarType(types[0]);
      return inner === undefined ? GENERIC : { kind: "nullable", inner };
    }
    const scalar = scalarType(schema.type);
    if (scalar !== undefined) return scalar;
    switch (schema.type) {
      case "object": {
        const props = isJsonObject(schema.properties)
          ? Object.entries(schema.properties)
          : [];
        return { kind: "object", properties: props, refs };
      }
      case "array": {
        if (schema.prefixItems !== undefined || Array.isArray(schema.items))
          return GENERIC;
        return { kind: "array", items: schema.items, refs };
      }
      default:
        return GENERIC;
    }
  }

  private resolve(ref: string, refs: readonly string[]): Json | undefined {
    if (refs.includes(ref)) return undefined;
    const resolved = resolveRef(ref, {
      root: this.root,
      catalogDefs: {} as JsonObject,
      isCatalogDef: false,
    });
    return resolved.ok ? resolved.target : undefined;
  }

  /**
   * Statements that append the text of `expr` (a value of `shape`, never undefined) to `into`, at
   * indentation `depth`; `nesting` counts the objects and arrays around it. Past the bounds (the
   * lines written since `shape` was decided count too), JSON.stringify's.
   */
  write(
    decided: Shape,
    expr: string,
    into: string,
    depth: number,
    nesting: number,
  ): void {
    const shape = this.exhausted(nesting) ? GENERIC : decided;
    switch (shape.kind) {
      case "generic":
        this.line(depth, `${into} += ${this.helper(JSON_ITEM)}(${expr});`);
        return;
      case "object":
        this.object(shape.properties, expr, into, depth, nesting, shape.refs);
        return;
      case "array":
        this.array(shape.items, expr, into, depth, nesting, shape.refs);
        return;
      default:
        this.line(depth, `${into} += ${this.scalar(shape, expr, false)};`);
    }
  }

  /** An expression for a scalar shape's text (`operand`: written as an operand of `+`, parenthesised as prettier keeps it). */
  private scalar(shape: Shape, expr: string, operand: boolean): string {
    switch (shape.kind) {
      case "literal":
        return codeStringLiteral(shape.text);
      case "plain-string":
        return `'"' + (${expr} as string) + '"'`;
      case "string":
        return `${this.helper(JSON_STRING)}(${expr} as string)`;
      case "number":
        return `${this.helper(JSON_NUMBER)}(${expr} as number)`;
      case "boolean":
        return operand
          ? `(${expr} ? "true" : "false")`
          : `${expr} ? "true" : "false"`;
      case "nullable": {
        const choice = `${expr} === null ? "null" : ${this.scalar(shape.inner, expr, true)}`;
        return operand ? `(${choice})` : choice;
      }
      default:
        throw new Error(`internal: ${shape.kind} is not a scalar shape`);
    }
  }

  /**
   * An object, appended to `into` as it goes: `c` holds what comes before the next entry ("{"
   * before the first, "," after), so nothing is sliced or joined (slicing a rope flattens it).
   */
  private object(
    properties: readonly (readonly [string, Json])[],
    expr: string,
    into: string,
    depth: number,
    nesting: number,
    refs: readonly string[],
  ): void {
    const o = this.local("o");
    const c = this.local("c");
    const t = this.local("t");
    const k = this.local("k");
    const x = this.local("x");
    this.line(
      depth,
      `const ${o} = ${expr} as { readonly [key: string]: unknown };`,
    );
    this.line(
      depth,
      `if (${this.helper(HAS_TO_JSON)}(${o})) throw ${this.helper(TO_JSON)};`,
    );
    this.line(depth, `let ${c} = "{";`);
    this.line(depth, `let ${t}: string | undefined;`);
    this.line(depth, `for (const ${k} of Object.keys(${o})) {`);
    this.line(depth + 1, `const ${x} = ${o}[${k}];`);
    this.line(depth + 1, `switch (${k}) {`);
    const seen = new Set<string>();
    for (const [key, propSchema] of properties) {
      if (seen.has(key)) continue;
      seen.add(key);
      const quotedKey = `${JSON.stringify(key)}:`;
      this.line(depth + 2, `case ${codeStringLiteral(key)}:`);
      const shape = this.exhausted(nesting + 1)
        ? GENERIC
        : this.shapeOf(propSchema, refs);
      if (shape.kind === "generic") {
        this.line(depth + 3, `${t} = ${this.helper(JSON_ANY)}(${x});`);
        this.line(depth + 3, `if (${t} !== undefined) {`);
        this.line(
          depth + 4,
          `${into} += ${c} + ${codeStringLiteral(quotedKey)} + ${t};`,
        );
      } else if (shape.kind === "object" || shape.kind === "array") {
        this.line(depth + 3, `if (${x} !== undefined) {`);
        this.line(
          depth + 4,
          `${into} += ${c} + ${codeStringLiteral(quotedKey)};`,
        );
        this.write(shape, x, into, depth + 4, nesting + 1);
      } else if (shape.kind === "plain-string") {
        // The key and the opening quote in one literal.
        this.line(depth + 3, `if (${x} !== undefined) {`);
        this.line(
          depth + 4,
          `${into} += ${c} + ${codeStringLiteral(`${quotedKey}"`)} + (${x} as string) + '"';`,
        );
      } else {
        this.line(depth + 3, `if (${x} !== undefined) {`);
        this.line(
          depth + 4,
          `${into} += ${c} + ${codeStringLiteral(quotedKey)} + ${this.scalar(shape, x, true)};`,
        );
      }
      this.line(depth + 4, `${c} = ",";`);
      this.line(depth + 3, `}`);
      this.line(depth + 3, `break;`);
    }
    this.line(depth + 2, `default:`);
    this.line(depth + 3, `${t} = ${this.helper(JSON_ANY)}(${x});`);
    this.line(depth + 3, `if (${t} !== undefined) {`);
    this.line(
      depth + 4,
      `${into} += ${c} + JSON.stringify(${k}) + ":" + ${t};`,
    );
    this.line(depth + 4, `${c} = ",";`);
    this.line(depth + 3, `}`);
    this.line(depth + 1, `}`);
    this.line(depth, `}`);
    this.line(depth, `${into} += ${c} === "{" ? "{}" : "}";`);
  }

  private array(
    items: Json | undefined,
    expr: string,
    into: string,
    depth: number,
    nesting: number,
    refs: readonly string[],
  ): void {
    const a = this.local("a");
    const i = this.local("i");
    this.line(depth, `const ${a} = ${expr} as readonly unknown[];`);
    this.line(
      depth,
      `if (${this.helper(HAS_TO_JSON)}(${a})) throw ${this.helper(TO_JSON)};`,
    );
    this.line(depth, `${into} += "[";`);
    this.line(depth, `for (let ${i} = 0; ${i} < ${a}.length; ${i}++) {`);
    this.line(depth + 1, `if (${i} > 0) ${into} += ",";`);
    this.write(
      this.shapeOf(items ?? true, refs),
      `${a}[${i}]`,
      into,
      depth + 1,
      nesting + 1,
    );
    this.line(depth, `}`);
    this.line(depth, `${into} += "]";`);
  }
}

/** A `const`: a scalar's text is known outright; an object's key order is the value's, not the schema's. */
function literalShape(value: Json): Shape {
  return value === null || typeof value !== "object"
    ? { kind: "literal", text: JSON.stringify(value) }
    : GENERIC;
}
