/**
 * Hostile input to the runner wiring, each through the hook the runner calls: values that are no
 * arguments at all (functions, cycles, revoked proxies, huge strings, text where an object is
 * expected and the reverse), calls that are not arrays, unknown schemas, a run aborted half way.
 * Every case ends in a refusal in the runner's own format (a thrown error for hooks whose throw the
 * runner reports, a result for the others), never an exception of another kind, and never a
 * handler run on unchecked input.
 */
import { describe, expect, it } from "vitest";
import { createDispatcher, type Handlers } from "../../generated/dispatcher.js";
import { anthropicTools } from "../../generated/providers/anthropic.js";
import { validateOpenaiChatCall } from "../../generated/providers/openai-chat.calls.js";
import { openaiChatTools } from "../../generated/providers/openai-chat.js";
import { googleGenaiTools } from "../../generated/providers/google-genai.js";
import { aiSdkTools } from "../../generated/runtime/runners/ai-sdk.js";
import { anthropicRunnableTools } from "../../generated/runtime/runners/anthropic-tool-runner.js";
import { ToolcatCallError } from "../../generated/runtime/runners/common.js";
import { googleCallableTool } from "../../generated/runtime/runners/google-genai.js";
import { toolcatJsonSchemaValidator } from "../../generated/runtime/runners/mcp-server.js";
import { openaiAgentsSdkTools } from "../../generated/runtime/runners/openai-agents-sdk.js";
import { agentsApiToolHandlers } from "../../generated/runtime/runners/openai-agents-api.js";
import { openaiRunnableTools } from "../../generated/runtime/runners/openai-run-tools.js";
import {
  standardOutputSchemas,
  standardSchemas,
  strictStandardSchemas,
} from "../../generated/standard-schema.js";
import { exampleHandlers } from "../dispatcher/example-app.js";

/** A dispatcher whose write_measurement counts its runs (and may wait for an abort). */
function counting(wait = false) {
  const runs = { count: 0 };
  const handlers: Handlers = {
    ...exampleHandlers(),
    write_measurement: async (args, ctx) => {
      runs.count += 1;
      if (wait)
        await new Promise((_, reject) =>
          ctx.signal.addEventListener("abort", () =>
            reject(new Error("aborted")),
          ),
        );
      return {
        saved: Object.keys(args.data) as (
          "weight_kg" | "body_fat_pct" | "waist_cm"
        )[],
      };
    },
  };
  return {
    dispatcher: createDispatcher(handlers, { confirm: () => true }),
    runs,
  };
}

const cyclic: Record<string, unknown> = { date: "2024-04-11" };
cyclic["data"] = cyclic;
const { proxy: revoked, revoke } = Proxy.revocable({}, {});
revoke();
const HOSTILE: readonly unknown[] = [
  () => 1,
  cyclic,
  revoked,
  "x".repeat(2_000_000),
  { date: "2024-04-11", data: { weight_kg: "9".repeat(1_000_000) } },
  Symbol("s"),
  10n,
  undefined,
  null,
  [],
  '{"date":"2024-04-11","data":{"weight_kg":70}}',
];

describe("Anthropic runnable tools", () => {
  it("parse refuses every hostile input with toolcat's text; run is never reached", () => {
    const { runs } = counting();
    const [weight] = anthropicRunnableTools(
      counting().dispatcher,
      anthropicTools.slice(0, 1),
      standardSchemas,
    );
    for (const value of HOSTILE) {
      expect(() => weight!.parse(value), String(typeof value)).toThrow(
        /^The tool "write_measurement" was not run: /,
      );
    }
    expect(runs.count).toBe(0);
  });

  it("a declaration without a schema is a TypeError at wiring time", () => {
    expect(() =>
      anthropicRunnableTools(
        counting().dispatcher,
        [{ name: "nope", description: "", input_schema: { type: "object" } }],
        standardSchemas,
      ),
    ).toThrow(TypeError);
  });

  it("run re-checks what it is given (a runner that skipped parse) and refuses it", async () => {
    const { dispatcher, runs } = counting();
    const [weight] = anthropicRunnableTools(
      dispatcher,
      anthropicTools.slice(0, 1),
      standardSchemas,
    );
    await expect(
      weight!.run(
        { date: "2024-04-11", data: { weight_kg: "75,5" } },
        {
          toolUse: {
            id: "toolu_x",
            input: { date: "2024-04-11", data: { weight_kg: "75,5" } },
          },
        },
      ),
    ).rejects.toThrow(/data\.weight_kg: type/);
    expect(runs.count).toBe(0);
  });
});

describe("openai runTools", () => {
  const [weight] = openaiRunnableTools(
    counting().dispatcher,
    openaiChatTools.slice(0, 1),
    validateOpenaiChatCall,
  );
  it("parse refuses text that is not JSON, not an object, or not valid, and anything not text", () => {
    for (const raw of [
      "not json",
      "[1]",
      "null",
      '"{}"',
      "{",
      "x".repeat(1_000_000),
      '{"date":"2024-04-11","data":{"weight_kg":"75,5","body_fat_pct":null,"waist_cm":null}}',
    ]) {
      expect(() => weight!.function.parse(raw)).toThrow(
        /^The tool "write_measurement" was not run: /,
      );
    }
    for (const value of [{ date: "2024-04-11" }, 7, undefined])
      expect(() => weight!.function.parse(value as never)).toThrow(
        /^The tool "write_measurement" was not run: /,
      );
  });
  it("parse hands on the text and the catalog's shape (nulls meaning omitted removed)", () => {
    const raw =
      '{"date":"2024-04-11","data":{"weight_kg":70,"body_fat_pct":null,"waist_cm":null}}';
    expect(weight!.function.parse(raw)).toEqual({
      text: raw,
      value: { date: "2024-04-11", data: { weight_kg: 70 } },
    });
  });
});

describe("AI SDK execute", () => {
  it("arguments as text (a runner that did not parse) are refused, not parsed behind the schema's back", async () => {
    const { dispatcher, runs } = counting();
    const tools = aiSdkTools(dispatcher, standardSchemas);
    const error = await tools.write_measurement
      .execute('{"date":"2024-04-11","data":{"weight_kg":70}}' as never, {
        toolCallId: "t1",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolcatCallError);
    expect((error as ToolcatCallError).result.status).toBe("invalid-arguments");
    expect(runs.count).toBe(0);
  });

  it("an abort mid-run ends in the dispatcher's outcome-unknown refusal, thrown for the runner", async () => {
    const { dispatcher, runs } = counting(true);
    const tools = aiSdkTools(dispatcher, standardSchemas);
    const controller = new AbortController();
    const pending = tools.write_measurement.execute(
      { date: "2024-04-11", data: { weight_kg: 70 } },
      { toolCallId: "t2", abortSignal: controller.signal },
    );
    setTimeout(() => controller.abort(), 5);
    const error = (await pending.catch((e: unknown) => e)) as ToolcatCallError;
    expect(error).toBeInstanceOf(ToolcatCallError);
    expect(error.result.status).toBe("outcome-unknown");
    expect(error.message).toMatch(/outcome is unknown/);
    expect(runs.count).toBe(1);
    // The same call id again is not run a second time.
    await expect(
      tools.write_measurement.execute(
        { date: "2024-04-11", data: { weight_kg: 70 } },
        { toolCallId: "t2" },
      ),
    ).rejects.toBeInstanceOf(ToolcatCallError);
    expect(runs.count).toBe(1);
  });
});

describe("@openai/agents tool options", () => {
  it("execute refuses raw text that is not JSON; errorFunction answers with the dispatcher's text", async () => {
    const { dispatcher, runs } = counting();
    const weight = openaiAgentsSdkTools(
      dispatcher,
      strictStandardSchemas,
    ).write_measurement;
    const error = await weight
      .execute({}, undefined, {
        toolCall: { callId: "c1", arguments: "{not json" },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolcatCallError);
    expect(weight.errorFunction(undefined, error)).toMatch(
      /^The tool "write_measurement" was not run: its arguments are not valid JSON/,
    );
    expect(weight.errorFunction(undefined, new Error("SDK timeout"))).toMatch(
      /failed and gave no result/,
    );
    expect(runs.count).toBe(0);
  });
  it("the SDK's own validate takes anything through (the dispatcher checks it) and never throws", () => {
    const weight = openaiAgentsSdkTools(
      counting().dispatcher,
      strictStandardSchemas,
    ).write_measurement;
    for (const value of HOSTILE)
      expect(weight.parameters["~standard"].validate(value).value).toBe(value);
  });
});

describe("Google CallableTool", () => {
  it("answers calls that are not calls with refusals, in order, and runs nothing", async () => {
    const { dispatcher, runs } = counting();
    const callable = googleCallableTool(dispatcher, googleGenaiTools[0]!);
    expect(await callable.callTool("nope" as never)).toEqual([]);
    const parts = await callable.callTool([
      null,
      { name: "write_measurement", args: "text" },
      { name: "nope", args: {} },
      { args: {} },
      { name: "write_measurement", args: cyclic },
    ] as never);
    expect(parts.map((p) => Object.keys(p.functionResponse.response))).toEqual([
      ["error"],
      ["error"],
      ["error"],
      ["error"],
      ["error"],
    ]);
    expect(runs.count).toBe(0);
  });
});

describe("MCP client jsonSchemaValidator", () => {
  it("a schema that cannot be read (a cycle) is refused, not a crash", () => {
    const validator = toolcatJsonSchemaValidator(standardOutputSchemas);
    const schema: Record<string, unknown> = { type: "object" };
    schema["self"] = schema;
    expect(validator.getValidator(schema)({})).toMatchObject({ valid: false });
  });
  it("a result that throws when read is refused with toolcat's text", () => {
    const validator = toolcatJsonSchemaValidator(standardOutputSchemas);
    const check = validator.getValidator(
      standardOutputSchemas.write_measurement["~standard"].jsonSchema.input({
        target: "draft-2020-12",
      }),
    );
    expect(check(revoked)).toMatchObject({
      valid: false,
      errorMessage: expect.stringMatching(/could not be checked/),
    });
  });
});

describe("hostile tool names", () => {
  it("a tool named __proto__ or constructor is an own entry of every wiring's table, and the prototype is untouched", () => {
    const { dispatcher } = counting();
    const schema = standardSchemas.get_weather;
    const schemas = JSON.parse('{"__proto__": 1, "constructor": 2}') as Record<
      string,
      unknown
    >;
    schemas["__proto__"] = undefined;
    Object.defineProperty(schemas, "__proto__", {
      value: schema,
      enumerable: true,
    });
    Object.defineProperty(schemas, "constructor", {
      value: strictStandardSchemas.get_weather,
      enumerable: true,
    });
    const tables = [
      aiSdkTools(dispatcher, schemas as never),
      openaiAgentsSdkTools(dispatcher, schemas as never),
      agentsApiToolHandlers(dispatcher, schemas, "s").toolHandlers,
    ] as object[];
    for (const table of tables) {
      expect(Object.getPrototypeOf(table)).toBe(Object.prototype);
      expect(Object.keys(table)).toEqual(["__proto__", "constructor"]);
      expect(Object.prototype.hasOwnProperty.call(table, "__proto__")).toBe(
        true,
      );
    }
  });
});
