/**
 * The `types` artifact: generated/types.ts with one named type per tool input and output, the
 * catalog `$defs` as named types emitted once, and the `ToolName`/`ToolInput`/`ToolOutput` maps.
 */
import { typeKey } from "../../codegen/code.js";
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
import { contentKey } from "../../providers/tool-memo.js";
import { keptChunk, PieceMemo, TextChunks } from "../tool-pieces.js";
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

/** A named declaration to write: its schema, its JSDoc, and which of its unit's scopes its refs resolve in. */
interface PlannedDeclaration {
  readonly name: string;
  readonly schema: Schema;
  /** Made only when the declaration is written (a kept piece has it). */
  readonly doc: () => string;
  readonly scope: number;
}

/** A declaration written out as text (an absent output's), made only when it is written. */
type Written = () => string;

/**
 * A catalog `$defs` entry or a tool: the declarations it owns in types.ts, in order (a
 * declaration already written out, as text, for an absent output), and the scopes their refs
 * resolve in (a tool's input and output each have one).
 */
interface Unit {
  /** The content of the def or tool (tool-memo.ts's contentKey). */
  readonly key: string;
  /** The names of its declarations (decided for the whole catalog), an absent output's too. */
  readonly context: string;
  readonly planned: readonly (PlannedDeclaration | Written)[];
  readonly scopes: readonly ((deferral?: Deferral) => TypeScope)[];
}

/**
 * The units of types.ts in order: catalog `$defs`, then per tool its local `$defs` and its
 * input and output types.
 */
function units(ir: CatalogIR, names: CatalogNames): Unit[] {
  const out: Unit[] = [];
  const omit = typesMemoTesting.omit;
  for (const def of ir.defs) {
    const name = names.catalogDefs.get(def.name)!.text;
    out.push({
      key: omit === "tool" ? def.name : contentKey(def),
      context: omit === "names" ? "" : name,
      planned: [
        {
          name,
          schema: def.schema,
          doc: () => propertyDoc(def.schema),
          scope: 0,
        },
      ],
      scopes: [
        (d) =>
          scopeFor(
            names,
            undefined,
            undefined,
            undefined,
            def.schema,
            undefined,
            d,
          ),
      ],
    });
  }
  for (const tool of ir.tools) {
    const n = names.tools.get(tool.name)!;
    const toolDoc = () =>
      [tool.title, tool.description].filter(
        (x): x is string => x !== undefined && x !== "",
      );
    const planned: (PlannedDeclaration | Written)[] = [];
    const scopes: ((deferral?: Deferral) => TypeScope)[] = [];
    for (const which of ["input", "output"] as const) {
      const resource = tool[which];
      const typeName = which === "input" ? n.inputType.text : n.outputType.text;
      if (!resource) {
        planned.push(
          () =>
            `${jsdoc([`Result of \`${tool.name}\`: the catalog declares no output schema.`])}export type ${typeName} = unknown;`,
        );
        continue;
      }
      const scope = scopes.length;
      scopes.push((d?: Deferral) =>
        scopeFor(names, tool, which, resource, resource.schema, typeName, d),
      );
      for (const def of resource.defs) {
        if (def.origin !== "tool") continue;
        const defSchema = (resource.schema as SchemaObject).$defs![def.name]!;
        planned.push({
          name: names.toolDefs.get(toolDefKey(tool.name, which, def.name))!
            .text,
          schema: defSchema,
          doc: () => propertyDoc(defSchema),
          scope,
        });
      }
      const doc = () =>
        which === "input"
          ? jsdoc([...toolDoc(), `Arguments of \`${tool.name}\`.`])
          : jsdoc([
              `Result of \`${tool.name}\`.`,
              ...(isJsonObject(resource.schema) &&
              typeof resource.schema.description === "string"
                ? [resource.schema.description]
                : []),
            ]);
      planned.push({
        name: typeName,
        schema: withoutDefs(resource.schema),
        doc,
        scope,
      });
    }
    out.push({
      key: omit === "tool" ? tool.name : contentKey(tool),
      context:
        omit === "names"
          ? ""
          : [
              n.inputType.text,
              n.outputType.text,
              ...planned.map((p) => (typeof p === "function" ? "" : p.name)),
            ].join("\u0000"),
      planned,
      scopes,
    });
  }
  return out;
}

/**
 * A unit's declarations as made in an earlier run: the named types each references (for the
 * cycles), each declaration's chunk, and what making them asked of the rest of the catalog — the
 * named type each ref resolved to, in which scope, and each eager element type (see Deferral) and
 * how it was written — which must all be answered the same again for the piece to be reused.
 */
interface TypesPiece {
  readonly references: readonly (readonly string[] | undefined)[];
  readonly refs: readonly (readonly [number, string, string | undefined])[];
  readonly eager: readonly (readonly [string, string])[];
  readonly chunks: readonly Chunk[];
}

/** Each unit's piece, kept from run to run on this thread (tool-pieces.ts). */
const pieces = new PieceMemo<TypesPiece>();
/** The whole-catalog declarations (ToolInput, ToolOutput…), laid out, by their text. */
const whole = new TextChunks();

/** For tests only: a piece of the key to leave out, which must make the reuse test fail. */
export const typesMemoTesting: {
  omit: undefined | "tool" | "names" | "refs" | "eager" | "whole";
} = { omit: undefined };

/** The pieces kept (tests: bounded). */
export function typesMemoSize(): number {
  return pieces.size + whole.size;
}

/** Forgets every kept piece (tests). */
export function clearTypesMemo(): void {
  pieces.clear();
  whole.clear();
}

/** `scope`, with each ref it resolves recorded in `refs` (under `id`) and each eager type in `eager`. */
function recording(
  scope: TypeScope,
  id: number,
  refs: Map<string, readonly [number, string, string | undefined]>,
  eager: [string, string][],
): TypeScope {
  return {
    root: scope.root,
    ...(scope.eager
      ? {
          eager: (type: string) => {
            const written = scope.eager!(type);
            eager.push([type, written]);
            return written;
          },
        }
      : {}),
    refName(ref) {
      const name = scope.refName(ref);
      refs.set(`${id}\u0000${ref}`, [id, ref, name]);
      return name;
    },
  };
}

/** Whether every ref the piece resolved resolves to the same named type in this run. */
function sameRefs(piece: TypesPiece, unit: Unit): boolean {
  if (typesMemoTesting.omit === "refs" || piece.refs.length === 0) return true;
  const scopes = unit.scopes.map((s) => s());
  return piece.refs.every(
    ([id, ref, name]) => scopes[id]?.refName(ref) === name,
  );
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

/** A unit's chunk as kept (a canonical chunk frozen, see tool-pieces.ts). */
function keptDeclaration(chunk: Chunk): Chunk {
  return typeof chunk === "string" || !("canonical" in chunk)
    ? chunk
    : keptChunk(chunk);
}

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
    pieces.begin(ir);
    whole.begin(ir);
    const laidOutWhole = (text: string) =>
      whole.chunk(
        text,
        "",
        laidOut,
        typesMemoTesting.omit === "whole" ? "" : text,
      );
    // The declarations, laid out (see laidOut).
    const blocks: Chunk[] = [];
    const planned = units(ir, names);
    // Pieces of an earlier run whose refs resolve as they did (their references stand).
    const kept = planned.map((unit) => {
      const piece = pieces.get(unit.key, unit.context);
      return piece !== undefined && sameRefs(piece, unit) ? piece : undefined;
    });
    // What the others ask while they are made, recorded for their pieces.
    const asked = planned.map((unit, u) =>
      kept[u]
        ? undefined
        : {
            refs: new Map<
              string,
              readonly [number, string, string | undefined]
            >(),
            eager: [] as [string, string][],
            unit,
          },
    );
    const scopeOf = (u: number, id: number, deferral?: Deferral) => {
      const scope = planned[u]!.scopes[id]!(deferral);
      const a = asked[u];
      return a ? recording(scope, id, a.refs, a.eager) : scope;
    };
    // Which named types are recursive decides where an element type must be deferred.
    const references = planned.map((unit, u) =>
      unit.planned.map((p, i) => {
        if (typeof p === "function") return undefined;
        const piece = kept[u];
        if (piece) return piece.references[i];
        const scope = scopeOf(u, p.scope);
        return referencedNames(p.schema as Json, (ref) => scope.refName(ref));
      }),
    );
    const cyclic = namesOnCycles(
      planned.flatMap((unit, u) =>
        unit.planned.flatMap((p, i) =>
          typeof p === "function"
            ? []
            : [{ name: p.name, references: references[u]![i]! }],
        ),
      ),
    );
    const deferral = new Deferral(deferralName(names), cyclic);
    planned.forEach((unit, u) => {
      const piece = kept[u];
      if (piece) {
        // Its eager element types must be written as they were (the cycles may have changed).
        if (
          typesMemoTesting.omit === "eager" ||
          piece.eager.every(
            ([type, written]) => deferral.peek(type) === written,
          )
        ) {
          for (const [type] of piece.eager) deferral.eager(type);
          blocks.push(...piece.chunks);
          return;
        }
        // Made again, its references kept (its refs resolved as they did: recorded again).
        asked[u] = {
          refs: new Map(piece.refs.map((r) => [`${r[0]}\u0000${r[1]}`, r])),
          eager: [],
          unit,
        };
      }
      const a = asked[u]!;
      const chunks = unit.planned.map((p) =>
        keptDeclaration(
          laidOut(
            typeof p === "function"
              ? p()
              : declaration(
                  p.name,
                  p.schema,
                  new TypeWriter(scopeOf(u, p.scope, deferral)),
                  p.doc(),
                ),
          ),
        ),
      );
      blocks.push(...chunks);
      pieces.set(unit.key, unit.context, {
        references: references[u]!,
        refs: [...a.refs.values()],
        eager: a.eager,
        chunks,
      });
    });

    if (deferral.used) {
      const doc = jsdoc([
        "The type itself, resolved lazily: TypeScript resolves optional and rest tuple elements eagerly and would call",
        "a recursive definition through one of them circular. Used only there.",
      ]);
      blocks.unshift(laidOutWhole(deferral.declaration(doc)));
    }

    // The names are the keys of ToolInput rather than a union written out: a union's last member
    // carries the `;`, so adding a tool at the end would change the line of another tool.
    blocks.push(
      laidOutWhole(
        `${jsdoc(["Every tool in the catalog, by name (the keys of `ToolInput`)."])}export type ToolName = keyof ToolInput;`,
      ),
    );
    const map = (kind: "inputType" | "outputType") =>
      ir.tools
        .map(
          (t) => `${typeKey(t.name)}: ${names.tools.get(t.name)![kind].text};`,
        )
        .join("\n");
    blocks.push(
      laidOutWhole(
        `${jsdoc(["Arguments of each tool, by name."])}export interface ToolInput {\n${map("inputType")}\n}`,
      ),
    );
    blocks.push(
      laidOutWhole(
        `${jsdoc(["Result of each tool, by name."])}export interface ToolOutput {\n${map("outputType")}\n}`,
      ),
    );
    return [
      chunkedFile("types.ts", "typescript", [
        { canonical: ctx.header },
        ...blocks,
      ]),
    ];
  },
};
