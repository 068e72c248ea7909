/**
 * What every call store must do, run against each of them (in-memory, SQLite, PostgreSQL): claim
 * once, tell a pending claim from a completed one, take over only the claim it saw, and record
 * only for the claim's owner.
 */
import { expect, it as vitestIt } from "vitest";
import type {
  CallIdentity,
  CallStore,
  StoredResult,
} from "../../generated/runtime/call-store.js";

/** A call identity with the given id (what the dispatcher hands a store). */
export const call = (id: string): CallIdentity => ({ target: "anthropic", id });

const result: StoredResult = {
  status: "ok",
  isError: false,
  text: '{"saved":["weight_kg"]}',
  output: { saved: ["weight_kg"] },
};

/** `available` (checked when each test runs) skips the tests while it says false. */
export function storeContract(
  name: string,
  make: () => CallStore | Promise<CallStore>,
  available: () => boolean = () => true,
): void {
  const it = (title: string, body: () => Promise<void>) =>
    vitestIt(title, async (ctx) => {
      if (!available()) ctx.skip();
      await body();
    });
  it(`${name}: claims a key once; a second claim sees the pending claim`, async () => {
    const store = await make();
    expect(
      await store.claim(call("k1"), {
        tool: "write_measurement",
        owner: "A",
        at: 1000,
      }),
    ).toEqual({ state: "claimed" });
    expect(
      await store.claim(call("k1"), {
        tool: "write_measurement",
        owner: "B",
        at: 2000,
      }),
    ).toEqual({
      state: "pending",
      tool: "write_measurement",
      owner: "A",
      claimedAt: 1000,
    });
  });

  it(`${name}: records only for the owner, then answers completed with the result`, async () => {
    const store = await make();
    await store.claim(call("k2"), {
      tool: "write_measurement",
      owner: "A",
      at: 1000,
    });
    await store.complete(call("k2"), "B", { ...result, text: "not mine" });
    expect(
      (
        await store.claim(call("k2"), {
          tool: "write_measurement",
          owner: "C",
          at: 3000,
        })
      ).state,
    ).toBe("pending");
    await store.complete(call("k2"), "A", result);
    expect(
      await store.claim(call("k2"), {
        tool: "write_measurement",
        owner: "C",
        at: 3000,
      }),
    ).toEqual({ state: "completed", tool: "write_measurement", result });
  });

  it(`${name}: takes over only the claim it saw, and the old owner can no longer record`, async () => {
    const store = await make();
    await store.claim(call("k3"), {
      tool: "get_weather",
      owner: "A",
      at: 1000,
    });
    expect(
      await store.takeOver(
        call("k3"),
        { owner: "A", claimedAt: 999 },
        { tool: "get_weather", owner: "B", at: 5000 },
      ),
    ).toBe(false);
    expect(
      await store.takeOver(
        call("k3"),
        { owner: "A", claimedAt: 1000 },
        { tool: "get_weather", owner: "B", at: 5000 },
      ),
    ).toBe(true);
    expect(
      await store.takeOver(
        call("k3"),
        { owner: "A", claimedAt: 1000 },
        { tool: "get_weather", owner: "C", at: 6000 },
      ),
    ).toBe(false);
    await store.complete(call("k3"), "A", { ...result, text: "late" });
    await store.complete(call("k3"), "B", result);
    expect(
      await store.claim(call("k3"), {
        tool: "get_weather",
        owner: "D",
        at: 7000,
      }),
    ).toEqual({ state: "completed", tool: "get_weather", result });
    expect(
      await store.takeOver(
        call("k3"),
        { owner: "B", claimedAt: 5000 },
        { tool: "get_weather", owner: "D", at: 8000 },
      ),
    ).toBe(false);
  });

  it(`${name}: identities are opaque text (quotes, separators, unicode, long)`, async () => {
    const store = await make();
    const key: CallIdentity = {
      target: "openai-agents",
      id: "x".repeat(500),
      scope: { sessionId: "sess'\"; --", turnId: "turn 😀|#:" },
    };
    expect(
      (await store.claim(key, { tool: "t", owner: "A", at: 1 })).state,
    ).toBe("claimed");
    expect(
      (await store.claim(key, { tool: "t", owner: "B", at: 2 })).state,
    ).toBe("pending");
  });
}
