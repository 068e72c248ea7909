/**
 * How provider adapters plug into the dispatcher. `bindAdapter` with a small fake adapter: the
 * calls of a turn run in order through `run`, an incomplete turn runs nothing, the reply is the
 * adapter's. And the emitter's table: given a runtime adapter for some targets (a test-only
 * adapter injected through `createDispatcherEmitter`), the generated dispatcher copies and wires
 * `dispatcher.<target>` for the enabled targets only, uses a target's own binder when it names one
 * (MCP's hook for callTool/listTools), type-checks under the strictest options and runs.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { ts } from "ts-morph";
import { afterAll, describe, expect, it } from "vitest";
import { createDispatcherEmitter } from "../../generator/core/emit/dispatcher.js";
import { ARTIFACT_EMITTERS } from "../../generator/core/emit/registry.js";
import { runPipeline } from "../../generator/core/pipeline.js";
import type { RuntimeAdapter } from "../../generator/core/providers/provider.js";
import { readTemplate } from "../../generator/node/package-root.js";
import { bindAdapter } from "../../generated/runtime/respond.js";
import type {
  ProviderAdapter,
  ProviderTurn,
} from "../../generated/runtime/tool-call.js";
import { readCatalog, repoRoot } from "../helpers/pipeline.js";
import { strictestCompilerOptions } from "../helpers/strictest.js";
import { exampleApp, VALID } from "./example-app.js";

/** A provider that sends `{ calls: [{ id, name, input }], cut?: true }` and takes `{ id, text, error }[]`. */
interface FakeResponse {
  readonly calls: readonly {
    readonly id: string;
    readonly name: string;
    readonly input: unknown;
  }[];
  readonly cut?: boolean;
}
type FakeReply = { id: string | undefined; text: string; error: boolean }[];

const fakeAdapter: ProviderAdapter<
  FakeResponse,
  FakeResponse["calls"][number],
  FakeReply
> = {
  target: "anthropic",
  read: (response) => ({
    complete: response.cut !== true,
    calls: response.calls.map((c) => ({
      target: "anthropic",
      id: c.id,
      name: c.name,
      arguments: c.input,
    })),
  }),
  async readStream(events) {
    const calls = [];
    for await (const c of events)
      calls.push({
        target: "anthropic" as const,
        id: c.id,
        name: c.name,
        arguments: c.input,
      });
    return { complete: true, calls };
  },
  reply: (turn: ProviderTurn, results) =>
    results.map((r, i) => ({
      id: turn.calls[i]!.id,
      text: r.text,
      error: r.isError,
    })),
};

describe("bindAdapter", () => {
  it("runs a turn's calls in order through run and builds the adapter's reply", async () => {
    const app = exampleApp();
    const order: string[] = [];
    app.handlers.write_measurement.mockImplementation(
      async () => (order.push("write"), { saved: ["weight_kg"] }),
    );
    app.handlers.get_weather.mockImplementation(
      () => (
        order.push("weather"),
        { temperature: 1, conditions: "x", wind_speed: null }
      ),
    );
    const bound = bindAdapter(fakeAdapter, app.dispatcher.run);
    const { reply, results } = await bound.respond({
      calls: [
        { id: "t1", name: "write_measurement", input: VALID.write_measurement },
        { id: "t2", name: "nope", input: {} },
        { id: "t3", name: "get_weather", input: VALID.get_weather },
      ],
    });
    expect(order).toEqual(["write", "weather"]);
    expect(results.map((r) => r.status)).toEqual(["ok", "unknown-tool", "ok"]);
    expect(reply).toEqual([
      { id: "t1", text: '{"saved":["weight_kg"]}', error: false },
      { id: "t2", text: results[1]!.text, error: true },
      { id: "t3", text: results[2]!.text, error: false },
    ]);
  });

  it("answers every call of an incomplete turn `incomplete` without running any", async () => {
    const app = exampleApp();
    const { results } = await bindAdapter(
      fakeAdapter,
      app.dispatcher.run,
    ).respond({
      cut: true,
      calls: [{ id: "t1", name: "get_weather", input: VALID.get_weather }],
    });
    expect(results.map((r) => r.status)).toEqual(["incomplete"]);
    expect(app.handlerCalls()).toBe(0);
  });

  it("reads a stream through the adapter", async () => {
    const app = exampleApp();
    async function* events() {
      yield { id: "s1", name: "get_weather", input: VALID.get_weather };
    }
    const { results } = await bindAdapter(
      fakeAdapter,
      app.dispatcher.run,
    ).respondToStream(events());
    expect(results.map((r) => r.status)).toEqual(["ok"]);
  });
});

const FAKE_ADAPTER_SOURCE = `import type { ProviderAdapter } from "../tool-call.js";

export interface Sent {
  readonly calls: readonly { readonly id: string; readonly name: string; readonly args: string }[];
}

/** A test-only adapter: JSON-text arguments, one line of text per result. */
export const openaiChatAdapter: ProviderAdapter<Sent, never, string[]> = {
  target: "openai-chat",
  read: (response) => ({
    complete: true,
    calls: response.calls.map((c) => ({ target: "openai-chat", id: c.id, name: c.name, arguments: c.args })),
  }),
  readStream: async () => ({ complete: false, calls: [] }),
  reply: (_turn, results) => results.map((r) => r.status + ": " + r.text),
};
`;

const FAKE_MCP_SOURCE = `import { bindAdapter, type RunCall } from "../respond.js";
import type { ProviderAdapter } from "../tool-call.js";

export const mcpAdapter: ProviderAdapter<{ name: string; arguments: unknown }, never, string> = {
  target: "mcp",
  read: (request) => ({ complete: true, calls: [{ target: "mcp", name: request.name, arguments: request.arguments }] }),
  readStream: async () => ({ complete: false, calls: [] }),
  reply: (_turn, results) => results[0]?.text ?? "",
};

/** The binder hook: respond plus listTools from the declarations. */
export function bindMcp<T>(adapter: typeof mcpAdapter, run: RunCall, tools: T) {
  return { ...bindAdapter(adapter, run), listTools: () => ({ tools }) };
}
`;

/** Handlers for the example catalog, as an app's own module next to the output. */
const HANDLERS_SOURCE = `import type { Handlers } from "./dispatcher.js";

const uuid = "3f1b7a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b";
export const exampleHandlers: Handlers = {
  write_measurement: () => ({ saved: ["weight_kg"] }),
  log_meal: () => ({ entry_id: uuid, total_kcal: null }),
  list_exercises: () => ({ exercises: [] }),
  get_workout_history: () => ({ workouts: [], next_page_token: null }),
  log_workout_set: () => ({ set_ids: [] }),
  delete_measurement: () => ({ deleted: 0 }),
  get_weather: (args) => ({ temperature: args.units === "imperial" ? 68 : 20, conditions: "clear", wind_speed: null }),
  get_customer: (args) => ({ customer_id: args.customer_id, email: "a@example.com", name: "A", goal: "health", birth_date: null, homepage: null }),
};
`;

const table: Partial<Record<string, RuntimeAdapter>> = {
  "openai-chat": {
    file: "runtime/adapters/openai-chat.ts",
    export: "openaiChatAdapter",
  },
  mcp: {
    file: "runtime/adapters/mcp.ts",
    export: "mcpAdapter",
    bind: "bindMcp",
  },
  // Not enabled by the catalog below: must be neither copied nor wired.
  anthropic: {
    file: "runtime/adapters/anthropic.ts",
    export: "anthropicAdapter",
  },
};
const fakeTemplates: Record<string, string> = {
  "runtime/adapters/openai-chat.ts": FAKE_ADAPTER_SOURCE,
  "runtime/adapters/mcp.ts": FAKE_MCP_SOURCE,
};

const scratch = join(repoRoot, "test", ".tmp", `adapters-${process.pid}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the dispatcher emitter's adapter table", () => {
  it("copies and wires dispatcher.<target> for enabled targets with an adapter; the output type-checks and runs", async () => {
    const catalog = readCatalog("catalog/tools.yaml").replace(
      /^targets:\n(?: {2}.*\n)+/m,
      "targets:\n  openai-chat: { strict: auto }\n  mcp: {}\n",
    );
    expect(catalog).toContain(
      "targets:\n  openai-chat: { strict: auto }\n  mcp: {}\n\n",
    );
    const emitters = ARTIFACT_EMITTERS.map((e) =>
      e.id === "dispatcher" ? createDispatcherEmitter((m) => table[m.id]) : e,
    );
    const result = await runPipeline({
      catalogPath: "catalog/tools.yaml",
      source: catalog,
      readTemplate: (name) => fakeTemplates[name] ?? readTemplate(name),
      emitters,
    });
    expect(result.ok).toBe(true);
    const paths = [...result.files.keys()];
    expect(paths.filter((p) => p.startsWith("runtime/adapters/"))).toEqual([
      "runtime/adapters/mcp.ts",
      "runtime/adapters/openai-chat.ts",
    ]);
    const dispatcher = result.files.get("dispatcher.ts")!;
    expect(dispatcher).toContain(
      'import { bindMcp, mcpAdapter } from "./runtime/adapters/mcp.js";',
    );
    expect(dispatcher).toContain(
      'import { openaiChatAdapter } from "./runtime/adapters/openai-chat.js";',
    );
    expect(dispatcher).toContain(
      "return { run, openaiChat: bindAdapter(openaiChatAdapter, run), mcp: bindMcp(mcpAdapter, run, mcpTools) };",
    );
    expect(dispatcher).not.toContain("anthropic");

    for (const [path, text] of result.files) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
    const use = `import { createDispatcher } from "./dispatcher.js";
import { exampleHandlers } from "./handlers.js";
const d = createDispatcher(exampleHandlers, { confirm: () => true });
export const replies: Promise<string[]> = d.openaiChat.respond({ calls: [{ id: "c1", name: "get_weather", args: '{"city":"Madrid","units":null}' }] }).then((r) => r.reply);
export const listed = d.mcp.listTools().tools.length;
`;
    writeFileSync(join(scratch, "use.ts"), use);
    writeFileSync(join(scratch, "handlers.ts"), HANDLERS_SOURCE);
    writeFileSync(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: strictestCompilerOptions(),
        include: ["**/*.ts"],
      }),
    );
    try {
      execFileSync(
        process.execPath,
        [join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", scratch],
        { stdio: "pipe" },
      );
    } catch (e) {
      throw new Error(
        `the wired dispatcher does not type-check (${scratch}):\n${String((e as { stdout?: Buffer }).stdout ?? e).slice(0, 3000)}`,
      );
    }
    for (const path of [...result.files.keys(), "use.ts", "handlers.ts"].filter(
      (p) => p.endsWith(".ts"),
    )) {
      const js = ts.transpileModule(readFileSync(join(scratch, path), "utf8"), {
        compilerOptions: {
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.ESNext,
        },
      }).outputText;
      writeFileSync(join(scratch, path.replace(/\.ts$/, ".js")), js);
    }
    writeFileSync(join(scratch, "package.json"), '{ "type": "module" }');
    const mod = (await import(pathToFileURL(join(scratch, "use.js")).href)) as {
      replies: Promise<string[]>;
      listed: number;
    };
    expect(await mod.replies).toEqual([
      'ok: {"temperature":20,"conditions":"clear","wind_speed":null}',
    ]);
    expect(mod.listed).toBe(8);
  }, 120_000);
});
