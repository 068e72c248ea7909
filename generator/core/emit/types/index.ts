/**
 * The `types` artifact: generated/types.ts with one named type per tool input and output, the
 * catalog `$defs` as named types emitted once, and the `ToolName`/`ToolInput`/`ToolOutput` maps.
 */
import { codeStringLiteral, typeKey } from "../../codegen/code.js";
import { jsdoc } from "../../codegen/jsdoc.js";
import {
  chunkedFile,
  type ArtifactEmitter,
  type Chunk,
  type EmitContext,
  type OutputFile,
} from "../artifact.js";
import {
  catalogNames,
  FIXED_EXPORTS,
  toolDefKey,
  type CatalogNames,
} from "../naming.js";
import type { CatalogIR, SchemaResource, ToolIR } from "../../ir/catalog-ir.js";
import { isJsonObject, pointerSegments, type Json } from "../../schema/json.js";
import type { Schema, SchemaObject } from "../../schema/schema.js";
import { Deferral, namesOnCycles, referencedNames } from "./recursion.js";
import {
  hasTopLevelOperator,
  propertyDoc,
  TypeWriter,
  type TypeScope,
} from "./type-expression.js";

/** Resolves canonical refs of one resource to the named types of the catalog. */
function scopeFor(
  names: CatalogNames,
  tool: ToolIR | undefined,
  which: "input" | "output" | undefined,
  resource: SchemaResource | undefined,
  root: Schema,
  selfName: string | undefined,
  deferral?: Deferral,
): TypeScope {
  return {
    root,
    ...(deferral ? { eager: (type: string) => deferral.eager(type) } : {}),
    refName(ref) {
      if (ref === "#") return selfName;
      const segs = pointerSegments(decodeURIComponent(ref.slice(1)));
      if (segs.length !== 2 || segs[0] !== "$defs") return undefined;
      const def = segs[1]!;
      const origin =
        resource?.defs.find((d) => d.name === def)?.origin ?? "catalog";
      if (origin === "tool" && tool && which)
        return names.toolDefs.get(toolDefKey(tool.name, which, def))?.text;
      return names.catalogDefs.get(def)?.text;
    },
  };
}

/** A named declaration to write: its schema, its JSDoc, and how its refs resolve. */
interface PlannedDeclaration {
  readonly name: string;
  readonly schema: Schema;
  readonly doc: string;
  readonly scope: (deferral?: Deferral) => TypeScope;
}

/**
 * The declarations of types.ts in order: catalog `$defs`, then per tool its local `$defs` and its
 * input and output types (a declaration already written out, as text, for an absent output).
 */
function plannedDeclarations(
  ir: CatalogIR,
  names: CatalogNames,
): (PlannedDeclaration | string)[] {
  const out: (PlannedDeclaration | string)[] = [];
  for (const def of ir.defs) {
    out.push({
      name: names.catalogDefs.get(def.name)!.text,
      schema: def.schema,
      doc: propertyDoc(def.schema),
      scope: (d) =>
        scopeFor(
          names,
          undefined,
          undefined,
          undefined,
          def.schema,
          undefined,
          d,
        ),
    });
  }
  for (const tool of ir.tools) {
    const n = names.tools.get(tool.name)!;
    const toolDoc = [tool.title, tool.description].filter(
      (x): x is string => x !== undefined && x !== "",
    );
    for (const which of ["input", "output"] as const) {
      const resource = tool[which];
      const typeName = which === "input" ? n.inputType.text : n.outputType.text;
      if (!resource) {
        out.push(
          `${jsdoc([`Result of \`${tool.name}\`: the catalog declares no output schema.`])}export type ${typeName} = unknown;`,
        );
        continue;
      }
      const scope = (d?: Deferral) =>
        scopeFor(names, tool, which, resource, resource.schema, typeName, d);
      for (const def of resource.defs) {
        if (def.origin !== "tool") continue;
        const defSchema = (resource.schema as SchemaObject).$defs![def.name]!;
        out.push({
          name: names.toolDefs.get(toolDefKey(tool.name, which, def.name))!
            .text,
          schema: defSchema,
          doc: propertyDoc(defSchema),
          scope,
        });
      }
      const doc =
        which === "input"
          ? jsdoc([...toolDoc, `Arguments of \`${tool.name}\`.`])
          : jsdoc([
              `Result of \`${tool.name}\`.`,
              ...(isJsonObject(resource.schema) &&
              typeof resource.schema.description === "string"
                ? [resource.schema.description]
                : []),
            ]);
      out.push({
        name: typeName,
        schema: withoutDefs(resource.schema),
        doc,
        scope,
      });
    }
  }
  return out;
}

/** `Deferred`, or `Deferred2`… when the catalog's types took it. */
function deferralName(names: CatalogNames): string {
  const taken = new Set<string>(FIXED_EXPORTS);
  for (const t of names.tools.values())
    taken.add(t.inputType.text).add(t.outputType.text);
  for (const n of names.catalogDefs.values()) taken.add(n.text);
  for (const n of names.toolDefs.values()) taken.add(n.text);
  let name = "Deferred";
  for (let i = 2; taken.has(name); i++) name = `Deferred${i}`;
  return name;
}

/** `export interface X {…}` for a plain object type, `export type X = …` otherwise. */
function declaration(
  name: string,
  schema: Schema,
  writer: TypeWriter,
  doc: string,
): string {
  const type = writer.typeOf(schema);
  // `{…} | {…}` also starts and ends with a brace: an interface only when no operator joins two.
  if (
    type.startsWith("{\n") &&
    type.endsWith("\n}") &&
    !hasTopLevelOperator(type)
  )
    return `${doc}export interface ${name} ${type}`;
  return `${doc}export type ${name} = ${type};`;
}

/**
 * A declaration in prettier's layout (the writer puts every line flush left): two spaces per
 * open object type, JSDoc with the member it documents. Kept as canonical code when its shape is
 * one prettier keeps as written (interfaces and object types as property values, expanded, or
 * arrays of them, and `{…} | null`, which prettier hugs), or a member's union or intersection
 * that holds expanded object types, which prettier breaks the same way whatever the print width
 * (see UNION_OPENER); any other union or intersection spanning lines goes to prettier as it is.
 */
function laidOut(declaration: string): Chunk {
  const lines = declaration.split("\n");
  const out: string[] = [];
  const open: Frame[] = [];
  // Columns of the members of the innermost open object type.
  let at = 0;
  let comment = false;
  const put = (columns: number, line: string) =>
    out.push(" ".repeat(columns) + line);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (comment || line.startsWith("/*")) {
      comment = !line.endsWith("*/");
      put(at, line);
      continue;
    }
    if (line.startsWith("}")) {
      const frame = open.pop();
      if (frame === undefined) return declaration;
      if (frame.closer !== undefined) {
        if (line !== frame.closer) return declaration;
        put(frame.at, line);
        at = frame.at;
        continue;
      }
      if (frame.union === undefined) {
        if (frame.intersected) {
          // `({` … `} & ({`: the object, then a union of objects in parentheses.
          if (line !== "} & ({") return declaration;
          put(frame.at, "} & (");
          put(frame.at + 2, "| {");
          open.push({
            at: frame.at,
            union: { ...unionOf(frame.intersected, []), intersection: true },
          });
          at = frame.at + 6;
          continue;
        }
        if (!CLOSER.test(line)) return declaration;
        put(frame.at, line);
        at = frame.at;
        continue;
      }
      // The end of one object alternative of a union (see UNION_OPENER).
      const union = frame.union;
      const m = ALTERNATIVE_END.exec(line);
      if (!m) return declaration;
      const [, arrays, rest] = m as unknown as [string, string, string];
      const last = union.end === ";";
      const ending = rest === union.end;
      const more = rest.endsWith(" | {");
      const tail = more
        ? rest.slice(0, -" | {".length)
        : ending
          ? ""
          : rest.endsWith(union.end)
            ? rest.slice(0, -union.end.length)
            : undefined;
      const alternatives =
        tail === undefined
          ? undefined
          : tail === ""
            ? []
            : tail.startsWith(" | ") && !union.intersection
              ? tail.slice(3).split(" | ")
              : undefined;
      if (
        alternatives === undefined ||
        !alternatives.every((a) => ALTERNATIVE.test(a))
      )
        return declaration;
      union.objects++;
      union.others.push(...alternatives);
      put(frame.at + 4, `}${arrays}${last && ending ? ";" : ""}`);
      alternatives.forEach((a, j) =>
        put(
          frame.at + 2,
          `| ${a}${last && !more && j === alternatives.length - 1 ? ";" : ""}`,
        ),
      );
      if (more) {
        put(frame.at + 2, "| {");
        open.push(frame);
        at = frame.at + 6;
        continue;
      }
      // `{…} | null` is hugged by prettier (see hugged): not this layout.
      if (
        union.objects === 1 &&
        union.others.length === 1 &&
        union.others[0] === "null"
      )
        return declaration;
      if (!last) put(frame.at, union.end);
      at = frame.at;
      continue;
    }
    if (line.endsWith("{")) {
      const closer = closerOf(lines, i);
      if (line.startsWith("export interface ") && OPENER.test(line)) {
        put(at, line);
        open.push({ at });
        at += 2;
        continue;
      }
      const m = UNION_OPENER.exec(line);
      if (!m || closer === undefined) return declaration;
      const [, key, paren, before] = m as unknown as [
        string,
        string,
        string | undefined,
        string,
      ];
      const alternatives =
        before === "" ? [] : before.slice(0, -3).split(" | ");
      if (!alternatives.every((a) => ALTERNATIVE.test(a))) return declaration;
      if (
        alternatives.length === 0 &&
        paren === undefined &&
        CLOSER.test(closer)
      ) {
        // An object type.
        put(at, line);
        open.push({ at });
        at += 2;
        continue;
      }
      if (alternatives.length === 0 && closer === "} & ({") {
        // `{…} & ({…} | {…})` (or an array of it): the first object stays on the key's line.
        put(at, line);
        open.push({ at, intersected: paren === undefined ? ");" : "))[];" });
        at += 2;
        continue;
      }
      if (hugged(alternatives, closer, paren !== undefined)) {
        // `{…} | null`: prettier keeps it as the writer puts it (an object's layout).
        put(at, line);
        open.push({ at, closer });
        at += 2;
        continue;
      }
      put(at, paren ? `${key} (` : key);
      for (const a of alternatives) put(at + 2, `| ${a}`);
      put(at + 2, "| {");
      open.push({
        at,
        union: unionOf(paren === undefined ? ";" : ")[];", alternatives),
      });
      at += 6;
      continue;
    }
    put(at, line);
  }
  return open.length === 0
    ? { canonical: out.join("\n"), members: true }
    : declaration;
}

/** An object type being laid out: where its opening line sits, and the union it is an alternative of. */
interface Frame {
  readonly at: number;
  readonly union?: Union;
  /** A union prettier hugs (see hugged): the line that closes it, as written. */
  readonly closer?: string;
  /** The first object of an intersection with a union (`{` … `} & ({`): how the union ends. */
  readonly intersected?: string;
}

interface Union {
  /** What ends it in the writer's line: `;`, `)[];` (an array's element type), `))[];` (an intersection's). */
  readonly end: string;
  /** The second operand of an intersection: only objects are laid out here. */
  readonly intersection?: boolean;
  objects: number;
  readonly others: string[];
}

function unionOf(end: string, others: string[]): Union {
  return { end, objects: 0, others: [...others] };
}

/**
 * A union of one object type and `null` (`key: {` … `} | null;`, `key: (null | {` … `})[];`):
 * prettier hugs it, printing the object as it prints an object type alone (its rule: one object
 * type and otherwise only `null` or `void`; `undefined` does not count).
 */
function hugged(
  leading: readonly string[],
  closer: string,
  array: boolean,
): boolean {
  const m = /^\}((?: \| [\w$]+)*)(\)\[\])?;$/.exec(closer);
  if (!m || (m[2] !== undefined) !== array) return false;
  const others = [
    ...leading,
    ...(m[1] === "" ? [] : m[1]!.slice(3).split(" | ")),
  ];
  return others.length === 1 && others[0] === "null";
}

/** The line that closes the object type opened at line `i` (comments skipped); undefined when none does. */
function closerOf(lines: readonly string[], i: number): string | undefined {
  let depth = 0;
  let comment = false;
  for (let j = i; j < lines.length; j++) {
    const line = lines[j]!;
    if (comment || line.startsWith("/*")) {
      comment = !line.endsWith("*/");
      continue;
    }
    if (line.startsWith("}") && --depth === 0) return line;
    if (line.endsWith("{")) depth++;
  }
  return undefined;
}

const KEY = String.raw`(?:[\w$]+|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\??:`;
const OPENER = new RegExp(String.raw`^(?:export interface [\w$]+|${KEY}) \{$`);
const CLOSER = /^\}(?:\[\])*;?$/;
/**
 * A member whose type is a union holding expanded object types, as the writer puts it:
 * `key: (a | b | {` (an array's element type) or `key: a | {`, each object alternative ending in
 * `} | {`, `} | c | {` or the end (`} | c)[];`, `})[];`, `};`). prettier breaks such a union (the
 * objects stay expanded), one alternative per line after `| `, the objects' members six columns
 * in (ALTERNATIVE_END).
 */
const UNION_OPENER = new RegExp(
  String.raw`^(${KEY}) (\()?((?:[^{}()|]+ \| )*)\{$`,
);
const ALTERNATIVE_END = /^\}((?:\[\])*)(.*)$/;
/** A union alternative written on one line: a literal, a keyword or a type name, or an array of one. */
const ALTERNATIVE =
  /^(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|[A-Za-z_$][\w$]*(?:\[\])*)$/;

function withoutDefs(schema: Schema): Schema {
  if (!isJsonObject(schema) || !("$defs" in schema)) return schema;
  const { $defs: _defs, ...rest } = schema as SchemaObject;
  return rest as Schema;
}

export const typesEmitter: ArtifactEmitter = {
  id: "types",
  emit(ctx: EmitContext): readonly OutputFile[] {
    const { ir } = ctx;
    const names = catalogNames(ir);
    const blocks: string[] = [ctx.header];
    const planned = plannedDeclarations(ir, names);
    // Which named types are recursive decides where an element type must be deferred.
    const cyclic = namesOnCycles(
      planned
        .filter((p): p is PlannedDeclaration => typeof p !== "string")
        .map((p) => {
          const scope = p.scope();
          return {
            name: p.name,
            references: referencedNames(p.schema as Json, (ref) =>
              scope.refName(ref),
            ),
          };
        }),
    );
    const deferral = new Deferral(deferralName(names), cyclic);
    for (const p of planned)
      blocks.push(
        typeof p === "string"
          ? p
          : declaration(
              p.name,
              p.schema,
              new TypeWriter(p.scope(deferral)),
              p.doc,
            ),
      );

    if (deferral.used) {
      const doc = jsdoc([
        "The type itself, resolved lazily: TypeScript resolves optional and rest tuple elements eagerly and would call",
        "a recursive definition through one of them circular. Used only there.",
      ]);
      blocks.splice(1, 0, deferral.declaration(doc));
    }

    // The names are the keys of ToolInput rather than a union written out: a union's last member
    // carries the `;`, so adding a tool at the end would change the line of another tool.
    blocks.push(
      `${jsdoc(["Every tool in the catalog, by name (the keys of `ToolInput`)."])}export type ToolName = keyof ToolInput;`,
    );
    const map = (kind: "inputType" | "outputType") =>
      ir.tools
        .map(
          (t) => `${typeKey(t.name)}: ${names.tools.get(t.name)![kind].text};`,
        )
        .join("\n");
    blocks.push(
      `${jsdoc(["Arguments of each tool, by name."])}export interface ToolInput {\n${map("inputType")}\n}`,
    );
    blocks.push(
      `${jsdoc(["Result of each tool, by name."])}export interface ToolOutput {\n${map("outputType")}\n}`,
    );
    const [header, ...declarations] = blocks;
    return [
      chunkedFile("types.ts", "typescript", [
        { canonical: header! },
        ...declarations.map(laidOut),
      ]),
    ];
  },
};
