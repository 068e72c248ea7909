/**
 * Compares the fast YAML subset parser with the `yaml`-based path on one text: the fast path must
 * either decline, or give the same JSON (key order, `-0` and `__proto__` included) and the same
 * position map (entries, their order, and lookups of pointers that exist or do not).
 */
import { expect } from "vitest";
import { parseYamlSubset } from "../../generator/core/load/fast-yaml/subset-parser.js";
import { parseYaml } from "../../generator/core/load/yaml-to-json.js";
import type { Json } from "../../generator/core/schema/json.js";

export type Outcome = "declined" | "same";

export function compareWithYamlPath(text: string): Outcome {
  const fast = parseYamlSubset(text);
  if (fast === undefined) return "declined";
  const slow = parseYaml(text);
  const show = JSON.stringify(text);
  expect(
    slow.problems,
    `the yaml path reports problems the fast path missed, for ${show}`,
  ).toEqual([]);
  expect(
    slow.value,
    `no value from the yaml path for ${show}`,
  ).not.toBeUndefined();
  const diff = jsonDifference(fast.value, slow.value!, "");
  expect(diff, `values differ for ${show}`).toBeUndefined();
  expect(
    JSON.stringify([...fast.locations]),
    `position maps differ for ${show}`,
  ).toBe(JSON.stringify([...slow.locations]));
  expect(fast.locations.size).toBe(slow.locations.size);
  // Lookups go through a different route than iteration; also ask for pointers that are not there.
  for (const [pointer, location] of slow.locations) {
    for (const probe of [
      pointer,
      pointer + "/",
      pointer + "/0",
      pointer + "/00",
      pointer + "/-1",
      pointer + "~",
      pointer + "/~2",
      pointer.replace(/~1/g, "/"),
      pointer.replace(/~0/g, "~"),
    ]) {
      expect(
        fast.locations.get(probe),
        `lookup of ${JSON.stringify(probe)} in ${show}`,
      ).toEqual(slow.locations.get(probe));
      expect(fast.locations.has(probe)).toBe(slow.locations.has(probe));
    }
    expect(fast.locations.get(pointer)).toEqual(location);
  }
  return "same";
}

/** Where two JSON values differ, or undefined; numbers by Object.is, object keys in order. */
export function jsonDifference(
  a: Json,
  b: Json,
  at: string,
): string | undefined {
  if (
    typeof a !== typeof b ||
    (a === null) !== (b === null) ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return `${at}: ${show(a)} vs ${show(b)}`;
  if (typeof a === "number")
    return Object.is(a, b) ? undefined : `${at}: ${show(a)} vs ${show(b)}`;
  if (a === null || typeof a !== "object")
    return a === b ? undefined : `${at}: ${show(a)} vs ${show(b)}`;
  const bo = b as { [k: string]: Json };
  const ka = Object.keys(a);
  const kb = Object.keys(bo);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i]))
    return `${at}: keys ${JSON.stringify(ka)} vs ${JSON.stringify(kb)}`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(bo))
    return `${at}: prototypes differ`;
  for (const k of ka) {
    const d = jsonDifference(
      (a as { [k: string]: Json })[k]!,
      bo[k]!,
      `${at}/${k}`,
    );
    if (d) return d;
  }
  return undefined;
}

function show(v: Json): string {
  return Object.is(v, -0) ? "-0" : JSON.stringify(v);
}
