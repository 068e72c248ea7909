/**
 * A kept emit thread's catalog sent as what changed since the catalog sent to it last
 * (`generate --watch`, EmitThread): after a one-tool edit the main thread copied all of the real
 * tools' catalog (about 250 KB of objects) to the worker every run, and the worker then wrote the
 * JSON of every tool again to find the ones it had seen (build-ir.ts keeps a tool's IR by its
 * content). Now a tool whose content (contentKey, which the main thread makes for its own IR and
 * lint memos anyway) is the one sent last for its name crosses as its name alone, and the worker
 * puts its own object for it back: the object of the run before, whose content key it has.
 *
 * Exact: contentKey is the JSON of the tool with `-0` told apart, and a checked catalog holds
 * only JSON values (non-finite numbers are rejected when it is read), so two tools with the same
 * key are equal, in the order of their keys too; everything but the tools crosses whole, in its
 * place among the document's keys. Both threads keep, for each name, the tool that crossed last
 * (the main thread its key); a name the worker does not hold (which cannot happen unless a
 * message is lost) makes the catalog undefined, and the worker is started afresh (EmitThread).
 */
import { contentKey } from "../core/providers/tool-memo.js";
import {
  isJsonObject,
  type Json,
  type JsonObject,
} from "../core/schema/json.js";

/** A catalog as it crosses: its top-level entries (the tools' in place but empty), the tools' names in order, and the tools that changed. */
export interface CatalogChanges {
  readonly entries: readonly (readonly [string, Json | null])[];
  readonly names: readonly string[];
  readonly changed: readonly (readonly [string, JsonObject])[];
}

/** For tests only: a tool known by its name alone, whatever its content (a stale tool must then show). */
export const catalogDeltaTesting: { byNameOnly: boolean } = {
  byNameOnly: false,
};

/** The main thread's side: the content key of the tool sent last for each name. */
export class SentCatalog {
  private last = new Map<string, string>();

  /** The catalog as it crosses (recorded as sent); undefined when it has no tools object to share (then it crosses whole). */
  encode(catalog: JsonObject): CatalogChanges | undefined {
    const tools = catalog.tools;
    if (tools === undefined || !isJsonObject(tools)) return undefined;
    const entries = Object.entries(catalog).map(
      ([key, value]) => [key, key === "tools" ? null : value] as const,
    );
    const names = Object.keys(tools);
    const changed: [string, JsonObject][] = [];
    const sent = new Map<string, string>();
    for (const name of names) {
      const tool = tools[name]!;
      if (!isJsonObject(tool)) return undefined;
      const key = contentKey(tool);
      sent.set(name, key);
      const before = this.last.get(name);
      if (
        before === undefined ||
        (before !== key && !catalogDeltaTesting.byNameOnly)
      )
        changed.push([name, tool]);
    }
    this.last = sent;
    return { entries, names, changed };
  }
}

/** The worker's side: the tool taken last for each name. */
export class ReceivedCatalog {
  private last = new Map<string, JsonObject>();

  /** The catalog the main thread sent, its unchanged tools the objects taken before; undefined when one is not held here. */
  decode(changes: CatalogChanges): JsonObject | undefined {
    const changed = new Map(changes.changed);
    const taken = new Map<string, JsonObject>();
    for (const name of changes.names) {
      const tool = changed.get(name) ?? this.last.get(name);
      if (tool === undefined) {
        this.last = new Map();
        return undefined;
      }
      taken.set(name, tool);
    }
    this.last = taken;
    // Made with fromEntries: its keys are defined as own properties, whatever they are (`__proto__`).
    const tools = Object.fromEntries(taken) as JsonObject;
    return Object.fromEntries(
      changes.entries.map(([key, value]) => [
        key,
        key === "tools" ? tools : value,
      ]),
    ) as JsonObject;
  }
}
