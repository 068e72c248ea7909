/**
 * Erases TypeScript's type syntax from toolcat's generated modules, so the page can run the very
 * code `toolcat generate` writes (validators, call validators, dispatcher, runtime) without a
 * compiler: the text is parsed with the babel-ts parser the page already loads for formatting,
 * and the ranges that only carry types are blanked out (replaced by spaces, so line and column
 * positions stay). It covers what generated code and templates/ use — annotations, type-only
 * imports and exports, type and interface declarations, `as`/`satisfies`/`!`, type arguments and
 * parameters, `implements`, accessibility and `readonly` modifiers, optional and definite
 * markers — and refuses anything else that would need a real transform (enums, namespaces,
 * parameter properties), so a gap shows as an error rather than as code that runs differently.
 */
import * as babel from "prettier/plugins/babel";

interface AstNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

type Range = readonly [number, number];

const TYPE_ONLY_STATEMENTS = new Set([
  "TSTypeAliasDeclaration",
  "TSInterfaceDeclaration",
  "TSDeclareFunction",
  "TSDeclareMethod",
]);
const NEEDS_TRANSFORM = new Set([
  "TSEnumDeclaration",
  "TSModuleDeclaration",
  "TSParameterProperty",
  "TSImportEqualsDeclaration",
  "TSExportAssignment",
  "TSTypeCastExpression",
  "TSTypeAssertion",
]);
const MODIFIERS =
  /\b(?:private|public|protected|readonly|override|declare|abstract)\b/g;

export class StripError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "StripError";
  }
}

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as AstNode).type === "string" &&
    typeof (value as AstNode).start === "number"
  );
}

/** A module specifier of the stripped code: the string literal's range and its value. */
export interface ModuleSpecifier {
  readonly start: number;
  readonly end: number;
  readonly value: string;
  /** The whole declaration that names it, and what it binds (values only: types are gone). */
  readonly declaration: ModuleDeclaration;
}

export interface ModuleDeclaration {
  readonly kind: "import" | "export-from" | "export-all";
  readonly start: number;
  readonly end: number;
  /** `imported` (or, for export-from, the local name in the other module) and the name it gets here. */
  readonly names: readonly {
    readonly imported: string;
    readonly local: string;
  }[];
  /** A default or namespace import (`import x from`, `import * as x from`). */
  readonly whole: boolean;
}

export interface StrippedModule {
  /** The JavaScript: the input with every type-only range blanked (same length, same lines). */
  readonly code: string;
  /** Specifiers of the imports and re-exports that remain, in source order. */
  readonly specifiers: readonly ModuleSpecifier[];
}

export async function stripTypes(
  file: string,
  text: string,
): Promise<StrippedModule> {
  const parser = (
    babel as unknown as {
      parsers: Record<
        string,
        { parse: (text: string, options: object) => unknown }
      >;
    }
  ).parsers["babel-ts"]!;
  const ast = (await parser.parse(text, {})) as AstNode;
  const ranges: Range[] = [];
  const specifiers: ModuleSpecifier[] = [];
  const visit = (node: AstNode): void => {
    if (NEEDS_TRANSFORM.has(node.type))
      throw new StripError(
        file,
        `unsupported TypeScript syntax ${node.type} at offset ${node.start}`,
      );
    if (TYPE_ONLY_STATEMENTS.has(node.type))
      return void ranges.push([node.start, node.end]);
    switch (node.type) {
      case "ImportDeclaration":
      case "ExportAllDeclaration":
        if (node.importKind === "type" || node.exportKind === "type")
          return void ranges.push([node.start, node.end]);
        specifiers.push(
          specifierOf(node.source as AstNode, declarationOf(node)),
        );
        break;
      case "ImportSpecifier":
      case "ExportSpecifier":
        if (node.importKind === "type" || node.exportKind === "type")
          return void ranges.push([node.start, commaAfter(text, node.end)]);
        break;
      case "ExportNamedDeclaration": {
        const declaration = node.declaration as AstNode | null | undefined;
        if (
          node.exportKind === "type" ||
          (declaration && TYPE_ONLY_STATEMENTS.has(declaration.type))
        )
          return void ranges.push([node.start, node.end]);
        if (isNode(node.source))
          specifiers.push(specifierOf(node.source, declarationOf(node)));
        break;
      }
      case "ImportExpression":
      case "CallExpression": {
        if (
          node.type === "CallExpression" &&
          (node.callee as AstNode).type !== "Import"
        )
          break;
        throw new StripError(file, `dynamic import at offset ${node.start}`);
      }
      case "TSTypeAnnotation":
      case "TSTypeParameterDeclaration":
      case "TSTypeParameterInstantiation":
        return void ranges.push([node.start, node.end]);
      case "TSAsExpression":
      case "TSSatisfiesExpression":
      case "TSNonNullExpression": {
        const expression = node.expression as AstNode;
        visit(expression);
        // `(a ?? b) as T`: the parser's expression ends before its own closing parentheses,
        // which stay; only ` as T` (or `!`) after them goes.
        let from = expression.end;
        while (
          from < node.end &&
          (text[from] === ")" || /\s/.test(text[from]!))
        )
          from++;
        return void ranges.push([from, node.end]);
      }
      case "Identifier":
        // `name?: T` in a parameter list: the `?` follows the name.
        if (node.optional === true)
          ranges.push([
            node.start + String(node.name).length,
            node.start + String(node.name).length + 1,
          ]);
        break;
      case "ClassProperty":
      case "ClassMethod":
      case "ClassPrivateProperty": {
        if (node.declare === true || node.abstract === true)
          return void ranges.push([node.start, node.end]);
        const key = node.key as AstNode;
        // Modifiers sit between the member's start and its key (`static` is JavaScript: kept).
        const head = text.slice(node.start, key.start);
        for (const m of head.matchAll(MODIFIERS))
          ranges.push([
            node.start + m.index,
            node.start + m.index + m[0].length,
          ]);
        const annotation = node.typeAnnotation as AstNode | undefined;
        // `x!: T` / `x?: T`: the marker between the key and the annotation.
        if (
          node.type !== "ClassMethod" &&
          (node.definite === true || node.optional === true)
        )
          ranges.push([key.end, annotation ? annotation.start : key.end + 1]);
        break;
      }
      case "ClassDeclaration":
      case "ClassExpression": {
        const implemented = node.implements as AstNode[] | undefined;
        if (implemented && implemented.length > 0) {
          const from = text.lastIndexOf("implements", implemented[0]!.start);
          ranges.push([from, implemented[implemented.length - 1]!.end]);
        }
        if (node.abstract === true)
          throw new StripError(file, `abstract class at offset ${node.start}`);
        break;
      }
    }
    for (const [k, value] of Object.entries(node)) {
      if (
        k === "loc" ||
        k === "comments" ||
        k === "leadingComments" ||
        k === "trailingComments" ||
        k === "innerComments" ||
        k === "extra"
      )
        continue;
      if (node.type === "ClassDeclaration" && k === "implements") continue;
      if (Array.isArray(value)) {
        for (const v of value) if (isNode(v)) visit(v);
      } else if (isNode(value)) visit(value);
    }
  };
  visit((ast as unknown as { program: AstNode }).program);
  return {
    code: blank(text, ranges),
    specifiers: specifiers.sort((a, b) => a.start - b.start),
  };
}

function specifierOf(
  source: AstNode,
  declaration: ModuleDeclaration,
): ModuleSpecifier {
  return {
    start: source.start,
    end: source.end,
    value: String(source.value),
    declaration,
  };
}

function nameOf(node: unknown): string {
  const n = node as { name?: unknown; value?: unknown };
  return String(n.name ?? n.value);
}

function declarationOf(node: AstNode): ModuleDeclaration {
  const kind =
    node.type === "ImportDeclaration"
      ? "import"
      : node.type === "ExportAllDeclaration"
        ? "export-all"
        : "export-from";
  const names: { imported: string; local: string }[] = [];
  let whole = false;
  for (const s of (node.specifiers as AstNode[] | undefined) ?? []) {
    if (s.importKind === "type" || s.exportKind === "type") continue;
    if (s.type === "ImportSpecifier")
      names.push({ imported: nameOf(s.imported), local: nameOf(s.local) });
    else if (s.type === "ExportSpecifier")
      names.push({ imported: nameOf(s.local), local: nameOf(s.exported) });
    else whole = true;
  }
  return { kind, start: node.start, end: node.end, names, whole };
}

/** The stripped code with each specifier replaced by what `resolve` gives for it. */
export function relink(
  module: StrippedModule,
  resolve: (specifier: string) => string,
): string {
  let out = "";
  let at = 0;
  for (const s of module.specifiers) {
    out += module.code.slice(at, s.start) + JSON.stringify(resolve(s.value));
    at = s.end;
  }
  return out + module.code.slice(at);
}

/** A removed specifier takes its trailing comma with it. */
function commaAfter(text: string, end: number): number {
  const m = /^\s*,/.exec(text.slice(end, end + 64));
  return m ? end + m[0].length : end;
}

/** Replaces each range by spaces (line breaks kept), outermost ranges winning. */
function blank(text: string, ranges: readonly Range[]): string {
  const chars = text.split("");
  for (const [start, end] of ranges)
    for (let i = start; i < end; i++) if (chars[i] !== "\n") chars[i] = " ";
  return chars.join("");
}
