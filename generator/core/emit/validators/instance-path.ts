/**
 * The run-time instance path (`instancePath` of an error) of the value being checked, as Ajv builds
 * it: JSON Pointer segments appended to the path the generated function received. Static segments
 * are joined at generation time; only dynamic ones (array indices, property names found in the
 * data) are concatenated at run time, and only when an error is actually created.
 */
import { code, join, type Code } from "../../codegen/code.js";
import { escapePointerSegment } from "../../schema/json.js";

/**
 * A run-time segment: `prefix` (static text, e.g. "/") then the value of the expression. The
 * expression is made when the path is first written into code, so what it names (the escapeKey
 * helper) is declared only if some error or call actually uses the path.
 */
type Part =
  | { readonly static: string }
  | {
      readonly dynamic: () => Code;
      readonly prefix: string;
      /** The index expression, for an array index (not a key). */
      readonly index?: Code;
    };

/** A path of static segments around one run-time array index: `prefix + index + suffix`. */
export interface ItemPath {
  readonly prefix: string;
  readonly index: Code;
  readonly suffix: string;
}

export class InstancePath {
  private constructor(
    /** The function parameter holding the caller's path, or null at the root of an entry point (`""`). */
    private readonly base: Code | null,
    private readonly parts: readonly Part[],
  ) {}

  /** True when the whole path is known when generating (no parameter, no run-time segment). */
  get isStatic(): boolean {
    return this.base === null && this.parts.every((p) => "static" in p);
  }

  /** The whole path's text (only for a static path). */
  staticText(): string {
    if (!this.isStatic)
      throw new Error("internal: staticText of a run-time path");
    return this.parts.map((p) => ("static" in p ? p.static : "")).join("");
  }

  static root(): InstancePath {
    return new InstancePath(null, []);
  }

  static param(name: Code): InstancePath {
    return new InstancePath(name, []);
  }

  /** A property whose name is known when generating (`/name`, escaped as a JSON Pointer segment). */
  property(name: string): InstancePath {
    return this.with({ static: "/" + escapePointerSegment(name) });
  }

  /** An array index known when generating. */
  staticIndex(index: number): InstancePath {
    return this.with({ static: "/" + String(index) });
  }

  /** An array index held in a local at run time. */
  index(expr: Code): InstancePath {
    return this.with({ prefix: "/", dynamic: () => expr, index: expr });
  }

  /**
   * The path as static text around one run-time array index (from the root, no key), for errors
   * kept per index (`errorAtItem`); undefined for any other path.
   */
  itemPath(): ItemPath | undefined {
    if (this.base !== null) return undefined;
    let prefix = "";
    let suffix = "";
    let index: Code | undefined;
    for (const part of this.parts) {
      if ("static" in part) {
        if (index === undefined) prefix += part.static;
        else suffix += part.static;
      } else {
        if (index !== undefined || part.index === undefined) return undefined;
        prefix += part.prefix;
        index = part.index;
      }
    }
    return index === undefined ? undefined : { prefix, index, suffix };
  }

  /** A property name held in a local at run time; `escape` gives the escapeKey helper (asked for only when used). */
  key(expr: Code, escape: () => Code): InstancePath {
    return this.with({
      prefix: "/",
      dynamic: () => code`${escape()}(${expr})`,
    });
  }

  private with(part: Part): InstancePath {
    return new InstancePath(this.base, [...this.parts, part]);
  }

  /** The path as a string expression. */
  toCode(): Code {
    const pieces: Code[] = [];
    let pending = "";
    const flush = () => {
      if (pending !== "") pieces.push(code`${pending}`);
      pending = "";
    };
    if (this.base !== null) pieces.push(this.base);
    for (const part of this.parts) {
      if ("static" in part) pending += part.static;
      else {
        pending += part.prefix;
        flush();
        pieces.push(part.dynamic());
      }
    }
    flush();
    if (pieces.length === 0) return code`${""}`;
    return join(pieces, " + ");
  }
}
