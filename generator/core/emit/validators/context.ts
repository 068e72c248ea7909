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
import { Code, code, join, raw, type JsonValue } from "../../codegen/code.js";
import { Name } from "../../codegen/identifiers.js";
import type { GeneratedFile } from "../generated-file.js";
import { rowExpressions, rowKey, type TableRow } from "./error-table.js";
import type { FileHelpers, HelperId } from "./helpers.js";
import type { InstancePath } from "./instance-path.js";
import type { Resource, Unit } from "./resource.js";
import { validatorMemoTesting } from "./validator-memo.js";

export type Mode = "collect" | "test";

/** Names of the identifiers every generated function uses. */
export const ERRORS = raw("errs");
export const ERROR_TYPE = raw("ValidationError");
/** The local every function binds to its entry's error table (`const _e = <entry>_errors;`). */
export const ERROR_TABLE = raw("_e");

export interface UnitFunctions {
  /** `vfN(data, path, depth)` / `vfN(data)`: collects errors, returns them or null. */
  collect(unit: Unit): Name;
  /** `tfN(data, depth)`: true when valid. */
  test(unit: Unit): Name;
}

/** A module-level constant of an entry (printed by `printConstants`). */
interface Constant {
  readonly name: Name;
  readonly init: Code | { readonly data: JsonValue; readonly freeze: Code };
  readonly type: Code | undefined;
}

/** An entry's error table. */
interface Table {
  readonly name: Name;
  readonly rows: TableRow[];
  /** Its declaration as printed (once its rows are complete), with the name of the helper it calls. */
  printed?: { readonly build: string; readonly code: Code };
}

/**
 * One step of an owner's compilation that reaches the file: a module-level name asked for (its
 * base, and the name the file's scope gave), or a helper used (declared there on first use).
 */
export type Step =
  | { readonly base: string; readonly name: string }
  | { readonly helper: HelperId };

/**
 * What compiling one owner's entries added to the `Compilation` (`beginRecord`, `endRecord`):
 * replayed, in a later run, into a file where the same steps give the same names
 * (validator-memo.ts).
 */
export interface CompilationRecord {
  /** In the order they happened. */
  readonly steps: readonly Step[];
  /** The owner's constants in order of first use, by their key within the owner. */
  readonly constants: readonly (readonly [string, Constant])[];
  readonly tables: readonly Table[];
}

/** A replayed step came out otherwise than it did when it was recorded: compile instead. */
export class ReplayMismatch extends Error {
  constructor(step: Step) {
    super(
      `internal: a replayed validator step came out otherwise: ${JSON.stringify(step)}`,
    );
  }
}

/**
 * One generated file's worth of validator code. Every constant and unit function belongs to the
 * entry being compiled (`beginEntry`): its name is the entry's prefix and a counter of that
 * entry, and it is shared only between entries of one owner (a tool's input and output). So an
 * edit to one tool renames nothing of another, and a pull request's diff stays inside the tool.
 */
export class Compilation {
  private readonly constants = new Map<string, Constant>();
  /** The constants in order of first use, with their owned keys. */
  private readonly constantList: (readonly [string, Constant])[] = [];
  /** While recording (`beginRecord`): the steps so far, and where the owner's constants and tables start. */
  private recording:
    | {
        readonly steps: Step[];
        readonly constants: number;
        readonly tables: number;
      }
    | undefined;
  private prefix = "";
  /** The current entry's error table (created on its first row), and every table so far. */
  private table:
    | {
        readonly name: Name;
        readonly rows: TableRow[];
        readonly index: Map<string, number>;
      }
    | undefined;
  private readonly tables: Table[] = [];
  private owner = "";
  private constantCounter = 0;
  private functionCounter = 0;
  /** Unit functions by owner, `Resource.shareKey` and mode, shared by the entries of one owner. */
  readonly sharedUnits = new Map<string, Name>();

  constructor(
    readonly file: GeneratedFile,
    readonly helpers: FileHelpers,
    /** Maximum nesting of calls into a `$ref` cycle; deeper instances fail with a `$ref` error. */
    readonly maxDepth: number,
  ) {
    // Every helper use reaches the file through `helpers`, whoever asks: recorded there.
    helpers.onUse = (id) => this.recording?.steps.push({ helper: id });
  }

  /** A unique module-level name of the file, recorded as a step. */
  private unique(base: string): Name {
    const name = this.file.scope.unique(base);
    this.recording?.steps.push({ base, name: name.text });
    return name;
  }

  /**
   * Records what the entries compiled until `endRecord` add to the file: the names they ask for
   * and the helpers they use (in order), their constants and error tables. Entries of one owner
   * only: they share nothing with another owner's.
   */
  beginRecord(): void {
    this.recording = {
      steps: [],
      constants: this.constantList.length,
      tables: this.tables.length,
    };
  }

  endRecord(): CompilationRecord {
    const r = this.recording;
    if (!r) throw new Error("internal: not recording");
    this.recording = undefined;
    const cut = this.owner.length + 1;
    return {
      steps: r.steps,
      constants: this.constantList
        .slice(r.constants)
        .map(([owned, c]) => [owned.slice(cut), c] as const),
      tables: this.tables.slice(r.tables),
    };
  }

  /**
   * Adds a recorded owner's constants and tables as `owner`'s, taking each step again in order
   * (a name from the file's scope, a helper declared on first use), exactly what compiling the
   * owner's entries does to the file. Throws `ReplayMismatch` when a name comes out otherwise than
   * recorded (the file's names differ around it): the file is then made again without replays.
   */
  replay(record: CompilationRecord, owner: string): void {
    for (const step of record.steps) {
      if ("helper" in step) this.helpers.use(step.helper);
      else if (
        this.file.scope.unique(step.base).text !== step.name &&
        validatorMemoTesting.omit !== "check names"
      )
        throw new ReplayMismatch(step);
    }
    // Printed with the others; never looked up again (no later entry has this owner).
    for (const [key, c] of record.constants)
      this.constantList.push([`${owner}\u0000${key}`, c]);
    for (const t of record.tables) this.tables.push(t);
  }

  /** Starts an entry: names get `prefix` and fresh counters; sharing is within `owner`. */
  beginEntry(prefix: string, owner: string): void {
    this.prefix = prefix;
    this.owner = owner;
    this.constantCounter = 0;
    this.functionCounter = 0;
    this.table = undefined;
  }

  /**
   * The index of an error row in the current entry's error table (error-table.ts), added on first
   * use; generated code reads it as `_e[index]`.
   */
  errorRow(row: TableRow): Code {
    // The index is in range by construction (`!`: strict output has noUncheckedIndexedAccess).
    return code`${ERROR_TABLE}[${this.errorRowIndex(row)}]!`;
  }

  /** The index `errorRow` reads, for code that passes the table and the index (`errorAtItem`). */
  errorRowIndex(row: TableRow): number {
    if (!this.table) {
      this.table = {
        name: this.unique(`${this.prefix}_errors`),
        rows: [],
        index: new Map(),
      };
      this.tables.push(this.table);
    }
    const key = rowKey(row);
    let at = this.table.index.get(key);
    if (at === undefined) {
      at = this.table.rows.length;
      this.table.rows.push(row);
      this.table.index.set(key, at);
    }
    return at;
  }

  /** `const _e = <table>;` for a function whose code reads the current entry's table. */
  errorTableBinding(): Code {
    if (!this.table) throw new Error("internal: no error table");
    return code`const ${ERROR_TABLE} = ${this.table.name};`;
  }

  /** Prints each entry's error table (after the constants its params may name). */
  printErrorTables(): void {
    const build =
      this.tables.length > 0 ? this.helper("errorTable") : undefined;
    for (const t of this.tables) {
      // A replayed table was printed before (its rows are complete once its entry is compiled).
      if (t.printed?.build !== build!.text)
        t.printed = { build: build!.text, code: tableDeclaration(t, build!) };
      this.file.printCanonical(t.printed.code);
    }
  }

  /** Key of a unit function shared between the current owner's entries. */
  shareKey(mode: string, key: string): string {
    return `${this.owner}\u0000${mode}\u0000${key}`;
  }

  /** The next generated function name of the entry (`<prefix>_vf3`, `<prefix>_tf4`). */
  functionName(base: "vf" | "tf"): Name {
    return this.unique(`${this.prefix}_${base}${this.functionCounter++}`);
  }

  helper(id: HelperId): Code {
    return this.helpers.use(id);
  }

  /**
   * A module-level constant of the current owner, shared by every use with the same key.
   * `base` must be a lowercase word; `type` annotates it where inference would be wrong (JSON
   * data of mixed shapes).
   */
  constant(key: string, base: string, init: () => Code, type?: Code): Name {
    const owned = `${this.owner}\u0000${key}`;
    const known = this.constants.get(owned);
    if (known) return known.name;
    const name = this.unique(`${this.prefix}_${base}${this.constantCounter++}`);
    this.addConstant(owned, { name, init: init(), type });
    return name;
  }

  /**
   * A module-level constant holding JSON data, deep-frozen by `freeze` (a helper) right after its
   * declaration. Declared as data, so a formatter prints it without parsing it.
   */
  dataConstant(
    key: string,
    base: string,
    data: () => JsonValue,
    freeze: () => Code,
    type?: Code,
  ): Name {
    const owned = `${this.owner}\u0000${key}`;
    const known = this.constants.get(owned);
    if (known) return known.name;
    const name = this.unique(`${this.prefix}_${base}${this.constantCounter++}`);
    this.addConstant(owned, {
      name,
      init: { data: data(), freeze: freeze() },
      type,
    });
    return name;
  }

  private addConstant(owned: string, c: Constant): void {
    this.constants.set(owned, c);
    this.constantList.push([owned, c]);
  }

  /** Prints every constant into the file, in order of first use (later ones may refer to earlier ones). */
  printConstants(): void {
    for (const [, c] of this.constantList) {
      const head = c.type
        ? code`const ${c.name}: ${c.type}`
        : code`const ${c.name}`;
      if (c.init instanceof Code)
        this.file.printCanonical(code`${head} = ${c.init};`);
      else {
        this.file.printData({
          leading: "",
          head: head.text,
          value: c.init.data,
        });
        this.file.printCanonical(code`${c.init.freeze}(${c.name});`);
      }
    }
  }
}

function tableDeclaration(t: Table, build: Code): Code {
  const rows = rowExpressions(t.rows);
  // Two rows or more, each an array (or object) of two elements or more: prettier keeps the
  // table one row per line at any width. One row: the whole call is one statement, laid out as
  // it fits.
  return rows.length === 1
    ? code`const ${t.name} = ${build}([${rows[0]!}]);`
    : code`const ${t.name} = ${build}([\n  ${join(rows, ",\n  ")},\n]);`;
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
  local(
    letter:
      | "a"
      | "d"
      | "e"
      | "f"
      | "i"
      | "k"
      | "n"
      | "v"
      | "c"
      | "r"
      | "j"
      | "m"
      | "p"
      | "L",
  ): Name {
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
  /**
   * Set when the value may be absent (a declared property: an own, defined member or undefined):
   * the expression that is true when it is present. Nothing may be checked of an absent value;
   * the driver guards what needs it (see schema.ts `compileRules`) and clears it for subschemas.
   */
  readonly presence?: Code;
}

/** Ajv's schema path segment for a property name or pattern (`escapeFragment`: JSON Pointer, then URI-encoded). */
export function schemaPathSegment(segment: string | number): string {
  if (typeof segment === "number") return String(segment);
  return encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"));
}
