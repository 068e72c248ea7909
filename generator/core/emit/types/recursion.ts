/**
 * Recursive named types that TypeScript would call circular. It resolves the element type of an
 * optional tuple element (`[A?]`, to add `undefined`) and of a rest element (`[...A[]]`, to spread
 * it) eagerly, so `type Nested = string | [null?, Nested[]?]` is "circularly references itself",
 * while `string | [null?, Deferred<Nested[]>?]` with `type Deferred<T> = T` is not (a generic
 * alias's arguments are resolved lazily). The wrapper is used only where it is needed: an eager
 * element type that holds an array or tuple and names a type on a reference cycle.
 */
import { isJsonObject, type Json } from "../../schema/json.js";
import { subschemas } from "../../schema/walk.js";
import { nodesOnCycles } from "../../graph.js";

/** One named declaration: its name and every named type its schema references. */
export interface NamedDeclaration {
  readonly name: string;
  readonly references: readonly string[];
}

/** Named types referenced by `$ref`s anywhere in `schema` (`refName` maps a ref to its name). */
export function referencedNames(
  schema: Json,
  refName: (ref: string) => string | undefined,
): string[] {
  const out = new Set<string>();
  const stack: Json[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isJsonObject(node)) continue;
    if (typeof node.$ref === "string") {
      const name = refName(node.$ref);
      if (name !== undefined) out.add(name);
    }
    for (const child of subschemas(node, "")) stack.push(child.schema);
  }
  return [...out];
}

/** Names on a reference cycle (references to names not declared here are left out). */
export function namesOnCycles(
  declarations: readonly NamedDeclaration[],
): Set<string> {
  const edges = new Map(declarations.map((d) => [d.name, d.references]));
  return nodesOnCycles(edges.keys(), (name) =>
    (edges.get(name) ?? []).filter((to) => edges.has(to)),
  );
}

/**
 * Wraps eager element types that need it in the deferral alias, and remembers whether it did (the
 * alias is declared only then). `name` is the alias's name, unique among the file's types.
 */
export class Deferral {
  private mentions: RegExp | undefined;
  used = false;

  constructor(
    readonly name: string,
    cyclic: ReadonlySet<string>,
  ) {
    // Type names are identifiers (`$` included); string literal types may mention one too, which
    // only costs an unneeded wrapper.
    const alternatives = [...cyclic].sort().map((n) => n.replace(/\$/g, "\\$"));
    this.mentions =
      alternatives.length > 0
        ? new RegExp(`(?<![\\w$])(?:${alternatives.join("|")})(?![\\w$])`)
        : undefined;
  }

  /** The element type as written in an optional or rest position. */
  eager(type: string): string {
    const written = this.peek(type);
    if (written !== type) this.used = true;
    return written;
  }

  /** What `eager(type)` writes, without marking the alias used (a kept piece is checked with it). */
  peek(type: string): string {
    if (
      this.mentions === undefined ||
      !type.includes("[") ||
      !this.mentions.test(type)
    )
      return type;
    return `${this.name}<${type}>`;
  }

  /** The alias's declaration (exported: declarations that use it are). */
  declaration(jsdocText: string): string {
    return `${jsdocText}export type ${this.name}<T> = T;`;
  }
}
