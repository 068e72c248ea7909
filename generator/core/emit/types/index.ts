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
 * arrays of them); a union or intersection spanning lines goes to prettier as it is.
 */
function laidOut(declaration: string): Chunk {
  let depth = 0;
  let comment = false;
  let canonical = true;
  const lines = declaration.split("\n").map((line) => {
    if (comment || line.startsWith("/*")) {
      comment = !line.endsWith("*/");
      return "  ".repeat(depth) + line;
    }
    if (line.startsWith("}")) {
      depth--;
      if (!CLOSER.test(line)) canonical = false;
    }
    const indented = "  ".repeat(depth) + line;
    if (line.endsWith("{")) {
      depth++;
      if (!OPENER.test(line)) canonical = false;
    }
    return indented;
  });
  return canonical
    ? { canonical: lines.join("\n"), members: true }
    : declaration;
}

const OPENER =
  /^(?:export interface [\w$]+|(?:[\w$]+|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\??:) \{$/;
const CLOSER = /^\}(?:\[\])*;?$/;

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
        header!,
        ...declarations.map(laidOut),
      ]),
    ];
  },
};
