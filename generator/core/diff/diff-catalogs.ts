/**
 * `toolcat diff`, the pure part: two loaded catalogs in (each passed the loader, so it has source
 * positions), every change out as a finding with its rule, tool, pointer, position and whom it
 * breaks. Both catalogs go through the same IR builder as `generate`, so `$ref`s are resolved
 * and definitions normalised identically before anything is compared.
 */
import { buildIR } from "../ir/build-ir.js";
import type { ToolIR } from "../ir/catalog-ir.js";
import type { LoadedCatalog } from "../load/load-catalog.js";
import { isJsonObject, pointerJoin, type JsonObject } from "../schema/json.js";
import type { SchemaChange } from "./change.js";
import { compareResources } from "./compare-schema.js";
import {
  compareToolMeta,
  toolAdded,
  toolRemoved,
  toolRenamed,
  type ToolChange,
} from "./compare-tools.js";
import { partyFor } from "./direction.js";
import type { DiffFinding, SourceSpot } from "./finding.js";
import { fingerprint } from "./fingerprint.js";
import type { DiffRuleId, Side } from "./rules.js";
import { unchangedTools, withoutTools } from "./unchanged-tools.js";

export interface CatalogVersion {
  readonly loaded: LoadedCatalog;
  /** The checked catalog document (`loaded.catalog`). */
  readonly catalog: JsonObject;
}

/** `renamed_from` of each tool in the new catalog that names a tool of the old one. */
function renames(
  newCatalog: JsonObject,
  oldTools: ReadonlyMap<string, ToolIR>,
  newTools: ReadonlyMap<string, ToolIR>,
): Map<string, string> {
  const out = new Map<string, string>();
  const tools = newCatalog.tools as JsonObject;
  for (const name of Object.keys(tools)) {
    const t = tools[name]!;
    if (!isJsonObject(t) || typeof t.renamed_from !== "string") continue;
    const from = t.renamed_from;
    if (oldTools.has(from) && !newTools.has(from) && !oldTools.has(name))
      out.set(name, from);
  }
  return out;
}

class Placer {
  constructor(
    private readonly oldVersion: LoadedCatalog,
    private readonly newVersion: LoadedCatalog,
  ) {}

  private spot(version: LoadedCatalog, src: string): SourceSpot {
    const d = version.locator.pointer(src, false, {
      severity: "info",
      rule: "",
      message: "",
    });
    return { file: d.file, line: d.line, col: d.col };
  }

  /**
   * In the new catalog when the node (or keyword) is there; at its old place when it was removed;
   * at the enclosing node in the new catalog when neither version writes it (a type implied by a
   * union's branches).
   */
  place(
    oldSrc: string,
    newSrc: string,
    parentSrc?: string,
  ): Pick<DiffFinding, "at" | "anchor"> {
    const anchor = this.spot(this.newVersion, newSrc);
    if (this.newVersion.parsed?.locations.has(newSrc))
      return { at: { ...anchor, side: "new" }, anchor };
    if (
      parentSrc === undefined ||
      this.oldVersion.parsed?.locations.has(oldSrc)
    )
      return {
        at: { ...this.spot(this.oldVersion, oldSrc), side: "old" },
        anchor,
      };
    return {
      at: { ...this.spot(this.newVersion, parentSrc), side: "new" },
      anchor,
    };
  }
}

function finding(
  rule: DiffRuleId,
  tool: string,
  pointer: string,
  placed: Pick<DiffFinding, "at" | "anchor">,
  rest: Omit<
    DiffFinding,
    "rule" | "tool" | "pointer" | "at" | "anchor" | "fingerprint"
  >,
): DiffFinding {
  return {
    rule,
    tool,
    pointer,
    ...placed,
    ...rest,
    fingerprint: fingerprint({
      rule,
      tool,
      pointer,
      before: rest.before,
      after: rest.after,
    }),
  };
}

function fromToolChange(c: ToolChange, placer: Placer): DiffFinding {
  const placed = placer.place(
    pointerJoin("/tools", c.oldName) + c.at,
    pointerJoin("/tools", c.tool) + c.at,
  );
  return finding(c.rule, c.tool, pointerJoin("/tools", c.tool) + c.at, placed, {
    breaks: c.breaks,
    certainty: c.certainty,
    message: c.message,
    ...(c.handlerMust !== undefined ? { handlerMust: c.handlerMust } : {}),
    ...(c.before !== undefined ? { before: c.before } : {}),
    ...(c.after !== undefined ? { after: c.after } : {}),
  });
}

function fromSchemaChange(
  side: Side,
  tool: string,
  c: SchemaChange,
  placer: Placer,
): DiffFinding {
  const tail = c.at ? pointerJoin("", ...c.at) : "";
  const implied = partyFor(side, c.effect);
  const breaks = c.breaks ?? implied.breaks;
  // Families word `handlerMust` for arguments; a widened output is the consumers' concern, and a
  // narrowed one always asks the handler to return less.
  const handlerMust =
    side === "output" && c.effect === "widens"
      ? undefined
      : (c.handlerMust ??
        (side === "output" && breaks === "handlers"
          ? "return only values the new output schema accepts here"
          : undefined));
  return finding(
    `${side}-${c.kind}`,
    tool,
    c.site.pointer + tail,
    placer.place(c.site.oldSrc + tail, c.site.newSrc + tail, c.site.newSrc),
    {
      breaks,
      certainty: c.certainty ?? implied.certainty,
      message: c.message,
      ...(handlerMust !== undefined ? { handlerMust } : {}),
      ...(c.before !== undefined ? { before: c.before } : {}),
      ...(c.after !== undefined ? { after: c.after } : {}),
    },
  );
}

/** Every change from `base` to `head`, tools in the new catalog's order, removed tools last. */
export function diffCatalogs(
  base: CatalogVersion,
  head: CatalogVersion,
): DiffFinding[] {
  const skip = unchangedTools(base.catalog, head.catalog);
  const oldIR = buildIR(withoutTools(base.catalog, skip), base.loaded.path);
  const newIR = buildIR(withoutTools(head.catalog, skip), head.loaded.path);
  const oldTools = new Map(oldIR.tools.map((t) => [t.name, t] as const));
  const newTools = new Map(newIR.tools.map((t) => [t.name, t] as const));
  const renamed = renames(head.catalog, oldTools, newTools);
  const placer = new Placer(base.loaded, head.loaded);
  const out: DiffFinding[] = [];
  const matched = new Set<string>();

  for (const tool of newIR.tools) {
    const oldName = oldTools.has(tool.name)
      ? tool.name
      : renamed.get(tool.name);
    const old = oldName === undefined ? undefined : oldTools.get(oldName);
    if (!old) {
      out.push(fromToolChange(toolAdded(tool), placer));
      continue;
    }
    matched.add(old.name);
    if (old.name !== tool.name)
      out.push(fromToolChange(toolRenamed(old, tool), placer));
    for (const c of compareToolMeta(old, tool))
      out.push(fromToolChange(c, placer));
    for (const c of compareResources(
      "input",
      old.input,
      tool.input,
      pointerJoin(tool.pointer, "input"),
    ))
      out.push(fromSchemaChange("input", tool.name, c, placer));
    if (old.output && tool.output)
      for (const c of compareResources(
        "output",
        old.output,
        tool.output,
        pointerJoin(tool.pointer, "output"),
      ))
        out.push(fromSchemaChange("output", tool.name, c, placer));
  }
  for (const tool of oldIR.tools)
    if (!matched.has(tool.name))
      out.push(fromToolChange(toolRemoved(tool), placer));
  return out;
}
