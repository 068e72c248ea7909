/**
 * The google-genai target option `stream_arguments: true`: providers/google-genai.ts (and its
 * .json copy) export the `toolConfig` that asks Gemini on Vertex AI for streamed function-call
 * arguments; without it (or with `false`) every file is byte for byte what it was; a wrong value,
 * or the option on another target, is a catalog error with its position.
 */
import { describe, expect, it } from "vitest";
import { catalogWith, generateFrom } from "../helpers/pipeline.js";

const INPUT = {
  type: "object",
  properties: { q: { type: "string", description: "Query." } },
  required: ["q"],
  additionalProperties: false,
};

describe("google-genai stream_arguments", () => {
  it("exports googleGenaiToolConfig and adds toolConfig to the .json copy; nothing else changes", async () => {
    const plain = await generateFrom(
      catalogWith(INPUT, { targets: { "google-genai": {} } }),
    );
    const off = await generateFrom(
      catalogWith(INPUT, {
        targets: { "google-genai": { stream_arguments: false } },
      }),
    );
    const on = await generateFrom(
      catalogWith(INPUT, {
        targets: { "google-genai": { stream_arguments: true } },
      }),
    );
    expect(plain.ok && off.ok && on.ok).toBe(true);
    expect([...off.files]).toEqual([...plain.files]);
    const declarations = [...plain.files].filter(([path]) =>
      path.startsWith("providers/"),
    );
    expect(
      declarations.some(
        ([, text]) =>
          text.includes("googleGenaiToolConfig") ||
          text.includes("streamFunctionCallArguments"),
      ),
    ).toBe(false);
    const changed = [...on.files.keys()].filter(
      (path) => on.files.get(path) !== plain.files.get(path),
    );
    expect(changed).toEqual([
      "providers/google-genai.json",
      "providers/google-genai.ts",
    ]);
    const ts = on.files.get("providers/google-genai.ts")!;
    expect(ts).toContain(
      "export const googleGenaiToolConfig: GoogleGenaiToolConfig = {\n  functionCallingConfig: { streamFunctionCallArguments: true },\n};",
    );
    // What the option adds is only added: the declarations before it are the same lines.
    expect(
      ts.startsWith(
        plain.files
          .get("providers/google-genai.ts")!
          .split("\n/**\n * The arguments of a call")[0]!,
      ),
    ).toBe(true);
    expect(
      JSON.parse(on.files.get("providers/google-genai.json")!).toolConfig,
    ).toEqual({ functionCallingConfig: { streamFunctionCallArguments: true } });
  });

  it("refuses a value that is not true or false, and the option on a target that has no streamed arguments", async () => {
    const wrong = await generateFrom(
      catalogWith(INPUT, {
        targets: { "google-genai": { stream_arguments: "yes" } },
      }),
    );
    expect(wrong.ok).toBe(false);
    expect(wrong.diagnostics.map((d) => d.message)).toContainEqual(
      expect.stringContaining(
        "`stream_arguments` for google-genai must be true or false",
      ),
    );
    const elsewhere = await generateFrom(
      catalogWith(INPUT, {
        targets: { anthropic: { stream_arguments: true } },
      }),
    );
    expect(elsewhere.ok).toBe(false);
    expect(elsewhere.diagnostics.map((d) => d.message)).toContainEqual(
      expect.stringContaining(
        'unknown option "stream_arguments" for target anthropic',
      ),
    );
    const typo = await generateFrom(
      catalogWith(INPUT, {
        targets: { "google-genai": { stream_argument: true } },
      }),
    );
    expect(typo.diagnostics.map((d) => d.message)).toContainEqual(
      expect.stringContaining('(did you mean "stream_arguments"?)'),
    );
  });
});
