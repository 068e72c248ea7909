/**
 * The catalogs `generate --watch` warms up on (watch-warm-up.ts): the catalog's own text with one
 * tool edited as a developer edits one — its description, a bound of its input schema, the tool
 * removed — each followed by the text itself again (so the tool comes back: a tool added). A run
 * of each is what a real edit runs, on every thread, so that V8 has compiled that code by the
 * time the real edit comes (the first edits of a session otherwise run it mostly unoptimised:
 * docs/performance.md).
 *
 * The edits are made in the text at the positions the parse located, so they hold for any
 * layout the parser reads; an edit that cannot be made in place (the value is not where a plain
 * replacement can go) is left out. What they are does not decide any output: every memo a watch
 * run reuses is keyed by content and tested against cold runs after any run, so a warm-up text
 * that came out otherwise than meant warms less, never changes a byte.
 */
import { loadCatalog } from "../core/load/load-catalog.js";
import type { NodeLocation } from "../core/load/yaml-to-json.js";
import { isJsonObject, type JsonObject } from "../core/schema/json.js";

/** One JSON pointer segment (RFC 6901). */
const segment = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Bounds a one-step change keeps valid: raising a maximum, lowering a minimum above 1. */
const BOUND = /\/(maxLength|maxItems|maximum|minLength|minItems|minimum)$/;

/**
 * The texts to run in turn, ending with `source` itself: for each of `cycles` rounds, each kind
 * of edit (on another tool each round) and then `source`. Empty when the catalog does not load
 * or has fewer than three tools.
 */
export function warmUpSources(
  catalogPath: string,
  source: string,
  cycles: number,
): string[] {
  const loaded = loadCatalog(catalogPath, source, { lint: false });
  const locations = loaded.parsed?.locations;
  const tools = loaded.catalog?.tools;
  // The positions are the decoded text's (checkText): edits are made in it.
  const text = loaded.text;
  if (!locations || !isJsonObject(tools) || text !== source) return [];
  const names = Object.keys(tools);
  if (names.length < 3) return [];
  const at = (i: number) => names[i % names.length]!;
  const out: string[] = [];
  for (let k = 0; k < cycles; k++) {
    // Tools a quarter of the catalog apart, another set each round.
    const q = Math.max(1, Math.floor(names.length / 4));
    const edits = [
      describedOtherwise(text, locations, tools, at(q + k), k),
      boundMoved(text, locations, names, tools, q * 2 + k),
      toolRemoved(text, locations, names, (q * 3 + k) % names.length),
    ];
    for (const edited of edits)
      if (edited !== undefined && edited !== source) out.push(edited, source);
  }
  return out;
}

function replaced(
  text: string,
  [start, end]: readonly [number, number],
  by: string,
): string {
  return text.slice(0, start) + by + text.slice(end);
}

/** The tool's description with words added, written as a double-quoted scalar where it was. */
function describedOtherwise(
  text: string,
  locations: ReadonlyMap<string, NodeLocation>,
  tools: JsonObject,
  name: string,
  round: number,
): string | undefined {
  const tool = tools[name];
  const description = isJsonObject(tool) ? tool.description : undefined;
  const loc = locations.get(`/tools/${segment(name)}/description`);
  if (typeof description !== "string" || !loc) return undefined;
  let [start, end] = loc.value;
  // A block scalar's range may end with its line breaks: they stay.
  while (end > start && (text[end - 1] === "\n" || text[end - 1] === "\r"))
    end--;
  // JSON's string syntax is YAML's double-quoted one for what JSON.stringify writes.
  return replaced(
    text,
    [start, end],
    JSON.stringify(`${description} (warm-up ${round + 1})`),
  );
}

/** A bound of the input schema of the first tool from `from` on that has one, moved by one. */
function boundMoved(
  text: string,
  locations: ReadonlyMap<string, NodeLocation>,
  names: readonly string[],
  tools: JsonObject,
  from: number,
): string | undefined {
  // Each tool's place in the search, by its pointer segment.
  const order = new Map<string, number>();
  for (let i = 0; i < names.length; i++)
    order.set(segment(names[(from + i) % names.length]!), i);
  const found: { order: number; pointer: string; loc: NodeLocation }[] = [];
  for (const [pointer, loc] of locations) {
    if (!pointer.startsWith("/tools/") || !BOUND.test(pointer)) continue;
    const slash = pointer.indexOf("/", 7);
    if (slash < 0 || !pointer.startsWith("/input/", slash)) continue;
    const o = order.get(pointer.slice(7, slash));
    if (o !== undefined) found.push({ order: o, pointer, loc });
  }
  found.sort((a, b) => a.order - b.order);
  for (const { pointer, loc } of found) {
    const value = valueAt(tools, pointer.slice("/tools/".length));
    const written = text.slice(loc.value[0], loc.value[1]);
    if (
      typeof value !== "number" ||
      !Number.isInteger(value) ||
      written !== String(value)
    )
      continue;
    const raise = /\/max[A-Za-z]*$/.test(pointer);
    if (raise || value >= 2)
      return replaced(text, loc.value, String(raise ? value + 1 : value - 1));
  }
  return undefined;
}

/** The value at a pointer below `root` (segments unescaped). */
function valueAt(root: JsonObject, pointer: string): unknown {
  let node: unknown = root;
  for (const raw of pointer.split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isJsonObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** The tool's lines taken out, from its key's line to the next tool's (block layout only). */
function toolRemoved(
  text: string,
  locations: ReadonlyMap<string, NodeLocation>,
  names: readonly string[],
  index: number,
): string | undefined {
  const loc = locations.get(`/tools/${segment(names[index]!)}`);
  const next =
    index + 1 < names.length
      ? locations.get(`/tools/${segment(names[index + 1]!)}`)
      : undefined;
  if (!loc?.key) return undefined;
  const start = lineStart(text, loc.key[0]);
  if (start === undefined) return undefined;
  let end: number | undefined;
  if (next) {
    if (!next.key) return undefined;
    end = lineStart(text, next.key[0]);
  } else {
    // The last tool: to the end of its value's last line.
    const nl = text.indexOf("\n", loc.value[1]);
    end = nl < 0 ? text.length : nl + 1;
  }
  if (end === undefined || end <= start) return undefined;
  return text.slice(0, start) + text.slice(end);
}

/** Where the line of `offset` starts, when only spaces come before it there (a block mapping's key). */
function lineStart(text: string, offset: number): number | undefined {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^ *$/.test(text.slice(start, offset)) ? start : undefined;
}
