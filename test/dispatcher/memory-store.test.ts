/** The in-memory call store (the default): the store contract, and its bound on memory. */
import { describe, expect, it } from "vitest";
import { memoryCallStore } from "../../generated/runtime/call-store.js";
import { storeContract } from "./store-contract.js";

describe("in-memory store", () => {
  storeContract("memory", () => memoryCallStore());

  it("drops the oldest completed records beyond maxEntries, never a pending claim", async () => {
    const store = memoryCallStore({ maxEntries: 2 });
    store.claim("pending", { tool: "t", owner: "A", at: 1 });
    for (const k of ["a", "b", "c"]) {
      store.claim(k, { tool: "t", owner: "A", at: 1 });
      store.complete(k, "A", { status: "ok", isError: false, text: "{}" });
    }
    expect(store.size).toBe(2);
    expect((await store.claim("pending", { tool: "t", owner: "B", at: 2 })).state).toBe("pending");
    expect((await store.claim("c", { tool: "t", owner: "B", at: 2 })).state).toBe("completed");
  });

  it("keeps an output as its JSON text only: a replay reads back an equal copy, not the handler's object", () => {
    const store = memoryCallStore();
    const output = { saved: ["weight_kg"] };
    store.claim("k", { tool: "t", owner: "A", at: 1 });
    store.complete("k", "A", { status: "ok", isError: false, text: JSON.stringify(output), output });
    output.saved.push("changed after the call");
    const replay = store.claim("k", { tool: "t", owner: "B", at: 2 });
    expect(replay).toEqual({ state: "completed", tool: "t", result: { status: "ok", isError: false, text: '{"saved":["weight_kg"]}', output: { saved: ["weight_kg"] } } });
  });

  it("replays a result whose text is not its output's JSON with the text alone, and one without output without one", () => {
    const store = memoryCallStore();
    store.claim("a", { tool: "t", owner: "A", at: 1 });
    store.complete("a", "A", { status: "ok", isError: false, text: "not json", output: 1 });
    store.claim("b", { tool: "t", owner: "A", at: 1 });
    store.complete("b", "A", { status: "handler-failed", isError: true, text: "{}" });
    expect(store.claim("a", { tool: "t", owner: "B", at: 2 })).toEqual({ state: "completed", tool: "t", result: { status: "ok", isError: false, text: "not json" } });
    expect(store.claim("b", { tool: "t", owner: "B", at: 2 })).toEqual({ state: "completed", tool: "t", result: { status: "handler-failed", isError: true, text: "{}" } });
  });
});
