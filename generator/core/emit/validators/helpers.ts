/**
 * Runtime helpers of generated validators, taken from `templates/validators/helpers.ts` one region
 * at a time. A helper reaches a generated file only through `GeneratedFile.useHelper`, so it is
 * emitted once, and only when some generated code asked for it.
 */
import { raw, type Code } from "../../codegen/code.js";
import type { Name } from "../../codegen/identifiers.js";
import { TEMPLATE_WIDTH, type TemplateReader } from "../artifact.js";
import type { GeneratedFile, Helper } from "../generated-file.js";
import type { FormatName } from "../../schema/schema.js";

/** Template path (relative to `templates/`) of the validator runtime. */
export const HELPERS_TEMPLATE = "validators/helpers.ts";

export type FormatHelperId = `format${string}`;
export type HelperId =
  | "hasOwn"
  | "ownValue"
  | "resultOf"
  | "insertError"
  | "addError"
  | "addErrorAt"
  | "addErrorAtItem"
  | "makeError"
  | "errorTable"
  | "errorAt"
  | "errorAtItem"
  | "errorWith"
  | "errorWithAtItem"
  | "ucs2length"
  | "escapeKey"
  | "deepEqual"
  | "findDuplicate"
  | "freezeJson"
  | FormatHelperId;

/** Helper id of the checker for each supported format. */
export const FORMAT_HELPERS: Readonly<Record<FormatName, FormatHelperId>> = {
  date: "formatDate",
  time: "formatTime",
  "date-time": "formatDateTime",
  duration: "formatDuration",
  email: "formatEmail",
  hostname: "formatHostname",
  ipv4: "formatIpv4",
  ipv6: "formatIpv6",
  uri: "formatUri",
  uuid: "formatUuid",
};

interface Region {
  readonly id: string;
  /** Position in the template: helpers are printed in this order. */
  readonly order: number;
  readonly uses: readonly string[];
  /** Every top-level name the region declares (the first one named `id`). */
  readonly names: readonly string[];
  /**
   * The names the template exports that generated code calls: the helper itself (a region may
   * export a part for the generator to share, e.g. `errorTableInstancePath`; that stays private).
   */
  readonly exports: readonly string[];
  readonly text: string;
}

export interface HelperTemplate {
  /** The `types` region (ValidationError, ValidationResult, Validator), exported as written. */
  readonly types: string;
  readonly regions: ReadonlyMap<string, Region>;
}

const REGION_START =
  /^\/\/ #region (helper|types)(?: ([A-Za-z_$][\w$]*))?((?: [A-Za-z_$][\w$]*)*)$/;
const USES = /^ uses((?: [A-Za-z_$][\w$]*)+)$/;
const DECLARATION = /^(?:export )?(?:function|const|let) ([A-Za-z_$][\w$]*)/;

/** Splits the template into regions; throws (a toolcat bug) when the template breaks its grammar. */
export function parseHelperTemplate(text: string): HelperTemplate {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const regions = new Map<string, Region>();
  let types: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const start = REGION_START.exec(lines[i]!);
    if (!start) continue;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "// #endregion"; i++)
      body.push(lines[i]!);
    if (i >= lines.length)
      throw new Error(`internal: unterminated region in ${HELPERS_TEMPLATE}`);
    if (start[1] === "types") {
      types = body.join("\n");
      continue;
    }
    const id = start[2];
    if (id === undefined)
      throw new Error(
        `internal: helper region without id in ${HELPERS_TEMPLATE}`,
      );
    const usesMatch = start[3] ? USES.exec(start[3]) : null;
    if (start[3] && !usesMatch)
      throw new Error(`internal: bad region header for ${id}`);
    const uses = usesMatch ? usesMatch[1]!.trim().split(" ") : [];
    const names = body
      .map((l) => DECLARATION.exec(l)?.[1])
      .filter((n): n is string => n !== undefined);
    if (!names.includes(id) || names.some((n) => !n.startsWith(id)))
      throw new Error(
        `internal: helper region ${id} must declare ${id} and only names starting with it`,
      );
    const exports = body
      .map(
        (l) => /^export (?:function|const|let) ([A-Za-z_$][\w$]*)/.exec(l)?.[1],
      )
      .filter((n): n is string => n === id);
    const code = body
      .map((l) => l.replace(/^export (function|const|let) /, "$1 "))
      .join("\n")
      .trim();
    regions.set(id, {
      id,
      order: regions.size,
      uses,
      names,
      exports,
      text: code,
    });
  }
  if (types === undefined)
    throw new Error(`internal: ${HELPERS_TEMPLATE} has no types region`);
  return { types: types.trim(), regions };
}

const parsed = new Map<string, HelperTemplate>();

/** Reads and parses the helper template once per distinct text. */
export function loadHelperTemplate(
  readTemplate: TemplateReader,
): HelperTemplate {
  const text = readTemplate(HELPERS_TEMPLATE);
  let template = parsed.get(text);
  if (!template) parsed.set(text, (template = parseHelperTemplate(text)));
  return template;
}

/** Helpers another generated module declares and exports, imported instead of copied. */
export interface ImportedHelpers {
  /** Relative specifier of the module, e.g. `../validators.js`. */
  readonly module: string;
  /** Ids of the helpers it exports (under their template names). */
  readonly ids: ReadonlySet<string>;
}

export interface FileHelperOptions {
  /** Declare each helper `export`ed, so a second validator module can import it (validators.ts). */
  readonly exported?: boolean;
  /** Import these helpers from another module rather than declaring them. */
  readonly imported?: ImportedHelpers;
}

/** The helpers of one generated file: `use(id)` declares the helper on first use and returns its name. */
export class FileHelpers {
  private readonly helpers = new Map<string, Helper>();
  /** Helper ids this file declared (not imported), for a module that imports them. */
  readonly declared = new Set<string>();

  constructor(
    private readonly file: GeneratedFile,
    readonly template: HelperTemplate,
    private readonly options: FileHelperOptions = {},
  ) {}

  /** Told of every `use`, in order (a `Compilation` records them: validator-memo.ts). */
  onUse: ((id: HelperId) => void) | undefined;

  use(id: HelperId): Code {
    this.onUse?.(id);
    return this.name(id);
  }

  /**
   * Whether `id` comes from the other module: the template exports it and that module declares
   * it. (A helper the template does not export, `hasOwn`, is declared by each module that uses
   * it; the other module is then not asked, see emit-worker.ts `AskedHelpers`.)
   */
  private importsHelper(id: string): boolean {
    return (
      this.template.regions.get(id)?.exports.includes(id) === true &&
      this.options.imported?.ids.has(id) === true
    );
  }

  private name(id: string): Name {
    const imported = this.options.imported;
    if (imported && this.importsHelper(id)) {
      // Region code names its dependencies by their template names: an import must keep its name.
      const local = this.file.importFrom(imported.module, id);
      if (local.text !== id)
        throw new Error(
          `internal: imported helper ${id} would be renamed to ${local.text}`,
        );
      return local;
    }
    return this.file.useHelper(this.helper(id));
  }

  private helper(id: string): Helper {
    const known = this.helpers.get(id);
    if (known) return known;
    const region = this.template.regions.get(id);
    if (!region)
      throw new Error(
        `internal: no helper region ${id} in ${HELPERS_TEMPLATE}`,
      );
    const imported = region.uses.filter((u) => this.importsHelper(u));
    const helper: Helper = {
      id,
      uses: region.uses
        .filter((u) => !imported.includes(u))
        .map((u) => this.helper(u)),
      order: region.order,
      // The template is kept formatted by prettier's defaults; a region is copied verbatim.
      laidOutFor: TEMPLATE_WIDTH,
      declare: (name, deps) => {
        // Region code refers to itself and to its dependencies by their template names.
        if (name.text !== id)
          throw new Error(
            `internal: helper ${id} would be renamed to ${name.text}`,
          );
        for (const dep of helper.uses ?? [])
          if (deps(dep).text !== dep.id)
            throw new Error(`internal: helper ${dep.id} was renamed`);
        for (const dep of imported) this.name(dep);
        for (const aux of region.names)
          if (aux !== id) this.file.scope.claim(aux);
        this.declared.add(id);
        return raw(
          this.options.exported ? exportDeclarations(region) : region.text,
        );
      },
    };
    this.helpers.set(id, helper);
    return helper;
  }
}

/** The region's text with its helper declarations (the names other code calls) exported. */
function exportDeclarations(region: Region): string {
  return region.text.replace(
    /^(function|const|let) ([A-Za-z_$][\w$]*)/gm,
    (line, kind: string, name: string) =>
      region.exports.includes(name) ? `export ${kind} ${name}` : line,
  );
}
