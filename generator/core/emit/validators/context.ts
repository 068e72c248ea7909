/**
 * Compilation state. A `Compilation` is one generated file (its constants, functions, helpers);
 * a `FunctionScope` is one generated function; a `SchemaCx` is the position of one subschema
 * inside a function: which value it checks, the instance path and schema path its errors carry,
 * and what a failure does.
 *
 * Two modes, as in Ajv:
 * - `collect` records every error (Ajv `allErrors: true`) in the function's `errs` list;
 * - `test` only answers valid/invalid and stops at the first failure (Ajv evaluates `not` and
 *   `if` subschemas this way: `createErrors: false, allErrors: false`). Composite keywords also use
 *   it to try branches before collecting errors, which gives the same errors when they fail and
 *   allocates nothing when they pass.
 */
import { Code, code, raw, type JsonValue } from "../../codegen/code.js";
import { Name } from "../../codegen/identifiers.js";
import type { GeneratedFile } from "../generated-file.js";
import type { FileHelpers, HelperId } from "./helpers.js";
import type { InstancePath } from "./instance-path.js";
import type { Resource, Unit } from "./resource.js";

export type Mode = "collect" | "test";

/** Names of the identifiers every generated function uses. */
export const ERRORS = raw("errs");
export const ERROR_TYPE = raw("ValidationError");

export interface UnitFunctions {
  /** `vfN(data, path, depth)` / `vfN(data)`: collects errors, returns them or null. */
  collect(unit: Unit): Name;
  /** `tfN(data, depth)`: true when valid. */
  test(unit: Unit): Name;
}

/** One generated file's worth of validator code. */
export class Compilation {
  private readonly constants = new Map<string, { readonly name: Name; readonly init: Code | { readonly data: JsonValue; readonly freeze: Code }; readonly type: Code | undefined }>();
  private functionCounter = 0;
  /** Unit functions by `Resource.shareKey` (and mode), shared by every entry of the file. */
  readonly sharedUnits = new Map<string, Name>();

  constructor(
    readonly file: GeneratedFile,
    readonly helpers: FileHelpers,
    /** Maximum nesting of calls into a `$ref` cycle; deeper instances fail with a `$ref` error. */
    readonly maxDepth: number,
  ) {}

  /** A number for the next generated function name (`vf3`, `tf4`). */
  nextFunctionId(): number {
    return this.functionCounter++;
  }

  helper(id: HelperId): Code {
    return this.helpers.use(id);
  }

  /**
   * A module-level constant, shared by every use with the same key. `base` must be a lowercase
   * word; `type` annotates it where inference would be wrong (JSON data of mixed shapes).
   */
  constant(key: string, base: string, init: () => Code, type?: Code): Name {
    const known = this.constants.get(key);
    if (known) return known.name;
    const name = this.file.scope.unique(`${base}${this.constants.size}`);
    this.constants.set(key, { name, init: init(), type });
    return name;
  }

  /**
   * A module-level constant holding JSON data, deep-frozen by `freeze` (a helper) right after its
   * declaration. Declared as data, so a formatter prints it without parsing it.
   */
  dataConstant(key: string, base: string, data: () => JsonValue, freeze: () => Code, type?: Code): Name {
    const known = this.constants.get(key);
    if (known) return known.name;
    const name = this.file.scope.unique(`${base}${this.constants.size}`);
    this.constants.set(key, { name, init: { data: data(), freeze: freeze() }, type });
    return name;
  }

  /** Prints every constant into the file, in order of first use (later ones may refer to earlier ones). */
  printConstants(): void {
    for (const c of this.constants.values()) {
      const head = c.type ? code`const ${c.name}: ${c.type}` : code`const ${c.name}`;
      if (c.init instanceof Code) this.file.printCanonical(code`${head} = ${c.init};`);
      else {
        this.file.printData({ leading: "", head: head.text, value: c.init.data });
        this.file.printCanonical(code`${c.init.freeze}(${c.name});`);
      }
    }
  }
}

/** One generated function: its mode, locals and the expression of its `$ref` depth. */
export class FunctionScope {
  private counter = 0;

  constructor(
    readonly mode: Mode,
    /** Current `$ref` depth: the `_depth` parameter, or `0` in a function that is never called through `$ref`. */
    readonly depth: Code,
  ) {}

  /** A fresh local (`d3`, `k4`, `L5`): one letter and a counter, so it can never equal a module-level name. */
  local(letter: "a" | "d" | "e" | "f" | "i" | "k" | "n" | "v" | "c" | "r" | "j" | "m" | "p" | "L"): Name {
    return Name.of(`${letter}${this.counter++}`);
  }
}

/** A failure target in test mode, recording whether any code jumped to it. */
export class FailTarget {
  used = false;
  constructor(private readonly statement: Code) {}
  get code(): Code {
    this.used = true;
    return this.statement;
  }
}

export interface SchemaCx {
  readonly comp: Compilation;
  readonly resource: Resource;
  readonly units: UnitFunctions;
  readonly fn: FunctionScope;
  readonly mode: Mode;
  /** A local (or parameter) holding the value checked here. */
  readonly data: Code;
  /** Instance path of `data` (errors only). */
  readonly path: InstancePath;
  /** Ajv's `errSchemaPath` of this subschema (`#`, `#/properties/a`, `#/$defs/x` for an inlined `$ref`). */
  readonly schemaPath: string;
  /** Test mode: what a failing check runs. */
  readonly fail: FailTarget;
  /**
   * Collect mode: when set, errors are inserted at this index of the list (a `let` the inserts
   * advance) instead of appended. Keywords that Ajv orders before `additionalProperties` use it
   * when the object's pass has already appended the additional-key errors.
   */
  readonly insertAt?: Name;
}

/** Ajv's schema path segment for a property name or pattern (`escapeFragment`: JSON Pointer, then URI-encoded). */
export function schemaPathSegment(segment: string | number): string {
  if (typeof segment === "number") return String(segment);
  return encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"));
}
