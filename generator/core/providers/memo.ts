/**
 * Memoisation of pure functions of a (frozen) schema object and a dialect. Targets share dialects
 * — OpenAI Chat, Responses and Compatible lower into openai-strict, both Gemini targets into
 * google, most targets take the canonical schema as it is — so without this a 1,000-tool catalog
 * lowers, plans and measures the same schemas several times over. Entries live as long as the
 * schema object (one IR), so watch mode does not accumulate them.
 */
export function memoPerObject<K, D extends object, R>(
  fn: (key: K, by: D) => R,
): (key: K, by: D) => R {
  const results = new WeakMap<object, Map<D, R>>();
  return (key, by) => {
    // Only objects can key a WeakMap; other schemas (booleans) are cheap to compute again.
    if (typeof key !== "object" || key === null) return fn(key, by);
    let byDialect = results.get(key);
    if (!byDialect) results.set(key, (byDialect = new Map()));
    if (byDialect.has(by)) return byDialect.get(by)!;
    const result = fn(key, by);
    byDialect.set(by, result);
    return result;
  };
}
