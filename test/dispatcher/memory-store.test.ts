/** The in-memory call store (the default): the store contract, and its bound on memory. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  callKey,
  memoryCallStore,
  type CallIdentity,
  type ClaimOutcome,
  type StoredResult,
} from "../../generated/runtime/call-store.js";
import type { TargetName } from "../../generated/runtime/tool-call.js";
import { call, storeContract } from "./store-contract.js";

// Identities drawn from a small pool so that sequences revisit them: ids and scope parts with the
// key's own separators, unicode, and lengths on both sides of what a slot holds (64 characters
// of key, 160 of text); texts likewise.
const TARGETS: TargetName[] = ["openai-chat", "openai-agents", "anthropic"];
const part = fc.oneof(
  fc.constantFrom("a", "b", "|", "#", "1:", "😀", ""),
  fc.string({ maxLength: 3 }),
  fc.constantFrom("x".repeat(60), "y".repeat(70)),
);
const identity: fc.Arbitrary<CallIdentity> = fc.record(
  {
    target: fc.constantFrom(...TARGETS),
    id: part.filter((p) => p !== ""),
    scope: fc.record({ sessionId: part, turnId: part }, { requiredKeys: [] }),
  },
  { requiredKeys: ["target", "id"] },
);
const resultArb: fc.Arbitrary<StoredResult> = fc.oneof(
  fc.record({
    status: fc.constant("ok" as const),
    isError: fc.constant(false),
    text: fc.constantFrom(
      '{"a":1}',
      JSON.stringify({ long: "z".repeat(200) }),
      "not json",
    ),
    output: fc.constant(1),
  }),
  fc.record(
    {
      status: fc.constantFrom(
        "handler-failed" as const,
        "invalid-output" as const,
      ),
      isError: fc.constant(true),
      text: fc.string({ maxLength: 200 }),
      errors: fc.constant([
        { instancePath: "/a", keyword: "type", message: "must be string" },
      ]),
    },
    { requiredKeys: ["status", "isError", "text"] },
  ),
);
const op = fc.oneof(
  fc.record({
    kind: fc.constant("claim" as const),
    call: identity,
    owner: fc.constantFrom("A", "B"),
    tool: fc.constantFrom("t1", "t2"),
    at: fc.nat(100),
  }),
  fc.record({
    kind: fc.constant("complete" as const),
    call: identity,
    owner: fc.constantFrom("A", "B"),
    result: resultArb,
  }),
  fc.record({
    kind: fc.constant("takeOver" as const),
    call: identity,
    owner: fc.constantFrom("A", "B"),
    prevOwner: fc.constantFrom("A", "B"),
    prevAt: fc.nat(100),
    at: fc.nat(100),
  }),
);

/** What a replay of `result` reads back: the output from the text when it had one and the text is its JSON. */
function replayed(result: StoredResult): StoredResult {
  const back: { -readonly [K in keyof StoredResult]: StoredResult[K] } = {
    status: result.status,
    isError: result.isError,
    text: result.text,
  };
  if (result.output !== undefined) {
    try {
      back.output = JSON.parse(result.text) as unknown;
    } catch {
      // the text alone
    }
  }
  if (result.errors !== undefined) back.errors = result.errors;
  return back;
}

type ModelRecord =
  | { state: "pending"; tool: string; owner: string; at: number }
  | { state: "completed"; tool: string; result: StoredResult };

describe("in-memory store", () => {
  storeContract("memory", () => memoryCallStore());

  it("drops the oldest completed records beyond maxEntries, never a pending claim", async () => {
    const store = memoryCallStore({ maxEntries: 2 });
    store.claim(call("pending"), { tool: "t", owner: "A", at: 1 });
    for (const k of ["a", "b", "c"]) {
      store.claim(call(k), { tool: "t", owner: "A", at: 1 });
      store.complete(call(k), "A", {
        status: "ok",
        isError: false,
        text: "{}",
      });
    }
    expect(store.size).toBe(2);
    expect(
      (await store.claim(call("pending"), { tool: "t", owner: "B", at: 2 }))
        .state,
    ).toBe("pending");
    expect(
      (await store.claim(call("c"), { tool: "t", owner: "B", at: 2 })).state,
    ).toBe("completed");
  });

  it("keeps an output as its JSON text only: a replay reads back an equal copy, not the handler's object", () => {
    const store = memoryCallStore();
    const output = { saved: ["weight_kg"] };
    store.claim(call("k"), { tool: "t", owner: "A", at: 1 });
    store.complete(call("k"), "A", {
      status: "ok",
      isError: false,
      text: JSON.stringify(output),
      output,
    });
    output.saved.push("changed after the call");
    const replay = store.claim(call("k"), { tool: "t", owner: "B", at: 2 });
    expect(replay).toEqual({
      state: "completed",
      tool: "t",
      result: {
        status: "ok",
        isError: false,
        text: '{"saved":["weight_kg"]}',
        output: { saved: ["weight_kg"] },
      },
    });
  });

  it("replays a result whose text is not its output's JSON with the text alone, and one without output without one", () => {
    const store = memoryCallStore();
    store.claim(call("a"), { tool: "t", owner: "A", at: 1 });
    store.complete(call("a"), "A", {
      status: "ok",
      isError: false,
      text: "not json",
      output: 1,
    });
    store.claim(call("b"), { tool: "t", owner: "A", at: 1 });
    store.complete(call("b"), "A", {
      status: "handler-failed",
      isError: true,
      text: "{}",
    });
    expect(store.claim(call("a"), { tool: "t", owner: "B", at: 2 })).toEqual({
      state: "completed",
      tool: "t",
      result: { status: "ok", isError: false, text: "not json" },
    });
    expect(store.claim(call("b"), { tool: "t", owner: "B", at: 2 })).toEqual({
      state: "completed",
      tool: "t",
      result: { status: "handler-failed", isError: true, text: "{}" },
    });
  });

  it("answers every sequence of claims, completions and take-overs as a map keyed by callKey does", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const store = memoryCallStore();
        const model = new Map<string, ModelRecord>();
        for (const o of ops) {
          const key = callKey(o.call)!;
          const found = model.get(key);
          if (o.kind === "claim") {
            const expected: ClaimOutcome =
              found === undefined
                ? { state: "claimed" }
                : found.state === "completed"
                  ? {
                      state: "completed",
                      tool: found.tool,
                      result: replayed(found.result),
                    }
                  : {
                      state: "pending",
                      tool: found.tool,
                      owner: found.owner,
                      claimedAt: found.at,
                    };
            expect(
              store.claim(o.call, { tool: o.tool, owner: o.owner, at: o.at }),
            ).toEqual(expected);
            if (found === undefined)
              model.set(key, {
                state: "pending",
                tool: o.tool,
                owner: o.owner,
                at: o.at,
              });
          } else if (o.kind === "complete") {
            store.complete(o.call, o.owner, o.result);
            if (found?.state === "pending" && found.owner === o.owner)
              model.set(key, {
                state: "completed",
                tool: found.tool,
                result: o.result,
              });
          } else {
            const ok =
              found?.state === "pending" &&
              found.owner === o.prevOwner &&
              found.at === o.prevAt;
            expect(
              store.takeOver(
                o.call,
                { owner: o.prevOwner, claimedAt: o.prevAt },
                { tool: "t1", owner: o.owner, at: o.at },
              ),
            ).toBe(ok);
            if (ok)
              model.set(key, {
                state: "pending",
                tool: "t1",
                owner: o.owner,
                at: o.at,
              });
          }
        }
        expect(store.size).toBe(model.size);
      }),
      { numRuns: 300 },
    );
  });

  it("with keys reused heavily: claim, find, complete and take-over of the same few calls agree with the model, and each path is taken often", () => {
    // Four identities (short, long past a slot, scoped, scoped alike but another turn), two owners,
    // three times: most operations meet a record, so every branch below is exercised many times.
    const pool: CallIdentity[] = [
      { target: "anthropic", id: "a" },
      { target: "anthropic", id: "x".repeat(70) },
      {
        target: "openai-agents",
        id: "a",
        scope: { sessionId: "s", turnId: "t1" },
      },
      {
        target: "openai-agents",
        id: "a",
        scope: { sessionId: "s", turnId: "t2" },
      },
    ];
    const which = fc.integer({ min: 0, max: pool.length - 1 });
    const owner = fc.constantFrom("A", "B");
    const time = fc.integer({ min: 0, max: 2 });
    const reuse = fc.oneof(
      fc.record({
        kind: fc.constant("claim" as const),
        i: which,
        owner,
        at: time,
        digest: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      }),
      fc.record({ kind: fc.constant("find" as const), i: which }),
      fc.record({
        kind: fc.constant("complete" as const),
        i: which,
        owner,
        result: resultArb,
      }),
      fc.record({
        kind: fc.constant("takeOver" as const),
        i: which,
        owner,
        prevOwner: owner,
        prevAt: time,
        at: time,
        digest: fc.integer({ min: 0, max: 3 }),
      }),
    );
    const seen = {
      claimedFresh: 0,
      claimedPending: 0,
      claimedCompleted: 0,
      found: 0,
      completed: 0,
      completeIgnored: 0,
      tookOver: 0,
      takeOverRefused: 0,
    };
    type Rec =
      | { state: "pending"; owner: string; at: number; digest?: number }
      | { state: "completed"; result: StoredResult; digest?: number };
    fc.assert(
      fc.property(fc.array(reuse, { minLength: 20, maxLength: 60 }), (ops) => {
        const store = memoryCallStore();
        const model = new Map<number, Rec>();
        const outcome = (r: Rec): unknown =>
          r.state === "completed"
            ? {
                state: "completed",
                tool: "t",
                result: replayed(r.result),
                ...(r.digest !== undefined ? { digest: r.digest } : {}),
              }
            : {
                state: "pending",
                tool: "t",
                owner: r.owner,
                claimedAt: r.at,
                ...(r.digest !== undefined ? { digest: r.digest } : {}),
              };
        for (const o of ops) {
          const found = model.get(o.i);
          const c = pool[o.i]!;
          if (o.kind === "claim") {
            const got = store.claim(c, {
              tool: "t",
              owner: o.owner,
              at: o.at,
              ...(o.digest !== undefined ? { digest: o.digest } : {}),
            });
            if (found === undefined) {
              expect(got).toEqual({ state: "claimed" });
              model.set(o.i, {
                state: "pending",
                owner: o.owner,
                at: o.at,
                ...(o.digest !== undefined ? { digest: o.digest } : {}),
              });
              seen.claimedFresh++;
            } else {
              expect(got).toEqual(outcome(found));
              if (found.state === "pending") seen.claimedPending++;
              else seen.claimedCompleted++;
            }
          } else if (o.kind === "find") {
            expect(store.find(c)).toEqual(
              found === undefined ? undefined : outcome(found),
            );
            if (found !== undefined) seen.found++;
          } else if (o.kind === "complete") {
            store.complete(c, o.owner, o.result);
            if (found?.state === "pending" && found.owner === o.owner) {
              model.set(o.i, {
                state: "completed",
                result: o.result,
                ...(found.digest !== undefined ? { digest: found.digest } : {}),
              });
              seen.completed++;
            } else seen.completeIgnored++;
          } else {
            const ok =
              found?.state === "pending" &&
              found.owner === o.prevOwner &&
              found.at === o.prevAt;
            expect(
              store.takeOver(
                c,
                { owner: o.prevOwner, claimedAt: o.prevAt },
                { tool: "t", owner: o.owner, at: o.at, digest: o.digest },
              ),
            ).toBe(ok);
            if (ok) {
              model.set(o.i, {
                state: "pending",
                owner: o.owner,
                at: o.at,
                digest: o.digest,
              });
              seen.tookOver++;
            } else seen.takeOverRefused++;
          }
        }
        expect(store.size).toBe(model.size);
      }),
      { numRuns: 300, seed: Number(process.env.FC_SEED ?? 2112) },
    );
    // Every path, many times (the sequences above meet the same calls again and again).
    for (const [path, n] of Object.entries(seen))
      expect(n, path).toBeGreaterThan(100);
  });

  it("under a small bound: never forgets a pending claim, keeps the newest completed record, stays within the bound", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(
          fc.record({
            id: fc.integer({ min: 0, max: 12 }),
            finish: fc.boolean(),
          }),
          { maxLength: 80 },
        ),
        (maxEntries, steps) => {
          const store = memoryCallStore({ maxEntries });
          const pending = new Set<number>();
          // More calls pending at once than the bound holds: it doubles rather than drop one.
          let bound = maxEntries;
          for (const { id, finish } of steps) {
            const c = call(`id-${id}`);
            const outcome = store.claim(c, { tool: "t", owner: "A", at: 1 });
            if (pending.has(id)) expect(outcome.state).toBe("pending");
            if (outcome.state === "claimed") pending.add(id);
            while (pending.size > bound) bound *= 2;
            if (finish && pending.has(id)) {
              store.complete(c, "A", {
                status: "ok",
                isError: false,
                text: `{"id":${id}}`,
                output: 1,
              });
              pending.delete(id);
              expect(store.claim(c, { tool: "t", owner: "B", at: 2 })).toEqual({
                state: "completed",
                tool: "t",
                result: {
                  status: "ok",
                  isError: false,
                  text: `{"id":${id}}`,
                  output: { id },
                },
              });
            }
            expect(store.size).toBeLessThanOrEqual(bound);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps calls of many targets apart, past the targets it numbers (then keyed by callKey text)", () => {
    const store = memoryCallStore();
    // 100 targets (the store numbers 64, then keys by text): ids repeat across targets.
    const calls = Array.from({ length: 200 }, (_, i) => ({
      target: `target-${i % 100}` as TargetName,
      id: `id-${i % 3}`,
    }));
    const distinct = new Map(calls.map((c) => [callKey(c), c]));
    for (const c of distinct.values())
      expect(store.claim(c, { tool: "t", owner: "A", at: 1 })).toEqual({
        state: "claimed",
      });
    for (const c of distinct.values())
      store.complete(c, "A", {
        status: "ok",
        isError: false,
        text: callKey(c)!,
      });
    for (const c of calls) {
      const again = store.claim(c, { tool: "t", owner: "A", at: 2 });
      expect(again).toMatchObject({
        state: "completed",
        result: { text: callKey(c) },
      });
    }
    expect(store.size).toBe(distinct.size);
  });

  it("callKey never gives two identities one key", () => {
    fc.assert(
      fc.property(identity, identity, (a, b) => {
        const same =
          a.target === b.target &&
          a.id === b.id &&
          (a.scope === undefined) === (b.scope === undefined) &&
          (a.scope?.sessionId ?? "") === (b.scope?.sessionId ?? "") &&
          (a.scope?.turnId ?? "") === (b.scope?.turnId ?? "");
        expect(callKey(a) === callKey(b)).toBe(same);
      }),
      { numRuns: 2000 },
    );
  });

  it("finds every record its ring policy keeps (the index against a linear scan of the same ring)", () => {
    // The ring as the store documents it, with records found by scanning: slots fill in order
    // (growing up to the bound), then a new claim takes the next completed slot round the ring,
    // and the bound doubles when every slot is pending. What it holds is what the store must find.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.array(
          fc.record({
            id: fc.integer({ min: 0, max: 40 }),
            finish: fc.boolean(),
          }),
          { maxLength: 150 },
        ),
        (maxEntries, steps) => {
          const store = memoryCallStore({ maxEntries });
          const ring: ({ id: number; done: boolean } | undefined)[] = [];
          let limit = maxEntries;
          let next = 0;
          const take = (): number => {
            if (ring.length < limit) return ring.length;
            for (let tried = 0; tried < ring.length; tried++) {
              const slot = next;
              next = (next + 1) % ring.length;
              if (ring[slot]!.done) return slot;
            }
            limit = ring.length * 2;
            return ring.length;
          };
          for (const { id, finish } of steps) {
            const c = call(`id-${id}`);
            const slot = ring.findIndex((r) => r?.id === id);
            const outcome = store.claim(c, { tool: "t", owner: "A", at: 1 });
            expect(outcome.state).toBe(
              slot < 0 ? "claimed" : ring[slot]!.done ? "completed" : "pending",
            );
            if (slot < 0) ring[take()] = { id, done: false };
            const mine = ring.find((r) => r?.id === id)!;
            if (finish && !mine.done) {
              store.complete(c, "A", {
                status: "ok",
                isError: false,
                text: `{"id":${id}}`,
                output: 1,
              });
              mine.done = true;
            }
            expect(store.size).toBe(ring.length);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
