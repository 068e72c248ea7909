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
});
