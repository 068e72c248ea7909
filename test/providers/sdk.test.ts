/**
 * The generated declarations against the official SDKs (exact versions pinned in package.json):
 *
 * - types: one strict `tsc --noEmit` run over a temporary file that imports every generated
 *   providers/<target>.ts (example + fixtures) and checks each export with `satisfies` against the
 *   SDK type, and each .json copy as an inline literal annotated with that type; a control file with wrong shapes must
 *   fail, so the check is known to bite;
 * - MCP: every mcp.json passes the MCP SDK's own runtime schema (`ListToolsResultSchema`);
 * - OpenAI: every strict declaration passes `toStrictJsonSchema` (openai/lib/transform) unchanged;
 * - Anthropic: every strict declaration goes through the SDK's `transformJSONSchema` with nothing
 *   left for it to move into a description.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { toStrictJsonSchema } from "openai/lib/transform";
import { afterAll, describe, expect, it } from "vitest";
import {
  jsonLiteral,
  type JsonValue,
} from "../../generator/core/codegen/code.js";
import { providerExports } from "../../generator/core/providers/emitter.js";
import { TARGET_IDS, type TargetId } from "../../generator/core/targets.js";
import { repoRoot } from "../helpers/pipeline.js";
import { caseNames } from "./support/cases.js";

/** The SDK type each target's list must satisfy, and the import that brings it. */
const SDK_TYPES: Readonly<
  Record<TargetId, { readonly imports: string; readonly type: string }>
> = {
  "openai-chat": {
    imports: `import type { ChatCompletionTool } from "openai/resources/chat/completions";`,
    type: "ChatCompletionTool[]",
  },
  "openai-responses": {
    imports: `import type { Tool as ResponsesTool } from "openai/resources/responses/responses";`,
    type: "ResponsesTool[]",
  },
  "openai-agents": {
    imports: `import type { AgentToolParam } from "openai/resources/beta/agents/agents";`,
    type: "AgentToolParam[]",
  },
  "openai-compatible": {
    imports: `import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";`,
    type: "ChatCompletionFunctionTool[]",
  },
  anthropic: {
    imports: `import type { ToolUnion } from "@anthropic-ai/sdk/resources/messages";`,
    type: "ToolUnion[]",
  },
  "google-genai": {
    imports: `import type { Tool as GenaiTool } from "@google/genai";`,
    type: "GenaiTool[]",
  },
  "google-interactions": {
    imports: `import type { Interactions } from "@google/genai";`,
    type: "Interactions.Tool[]",
  },
  mcp: {
    imports: `import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";`,
    type: "McpTool[]",
  },
};

interface Output {
  readonly label: string;
  readonly target: TargetId;
  readonly module: string;
  readonly tools: JsonValue[];
}

function outputs(): Output[] {
  const out: Output[] = [];
  for (const c of caseNames()) {
    for (const target of TARGET_IDS) {
      const module = join(c.outDir, "providers", `${target}.ts`);
      if (!existsSync(module)) continue;
      const json = JSON.parse(
        readFileSync(join(c.outDir, "providers", `${target}.json`), "utf8"),
      ) as { tools: JsonValue[] };
      out.push({
        label: `${c.name}/${target}`,
        target,
        module,
        tools: json.tools,
      });
    }
  }
  return out;
}

const all = outputs();
const workDir = join(repoRoot, "test", ".sdk-check");

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe("declarations against the official SDKs", () => {
  it("covers every target", () => {
    expect(new Set(all.map((o) => o.target))).toEqual(new Set(TARGET_IDS));
  });

  it("type-checks every generated module and JSON copy with `satisfies` (strict tsc)", () => {
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    const lines: string[] = [
      ...new Set(Object.values(SDK_TYPES).map((t) => t.imports)),
    ];
    all.forEach((o, i) => {
      const spec = relative(workDir, o.module)
        .split("\\")
        .join("/")
        .replace(/\.ts$/, ".js");
      const name = providerExports(o.target).tools;
      lines.push(
        `import { ${name} as m${i} } from ${JSON.stringify(spec.startsWith(".") ? spec : `./${spec}`)};`,
      );
    });
    all.forEach((o, i) => {
      const type = SDK_TYPES[o.target].type;
      lines.push(
        `// ${o.label}`,
        `m${i} satisfies ${type};`,
        `export const j${i}: ${type} = ${jsonLiteral(o.tools)};`,
      );
    });
    writeFileSync(join(workDir, "check.ts"), lines.join("\n") + "\n");
    // The control: shapes the SDK types must reject (a wrong wrapper, a readonly list, a string count).
    writeFileSync(
      join(workDir, "control.ts"),
      [
        SDK_TYPES["openai-chat"].imports,
        SDK_TYPES.anthropic.imports,
        SDK_TYPES.mcp.imports,
        `export const a = [{ type: "function", name: "x", parameters: {} }] satisfies ChatCompletionTool[];`,
        `export const b = [{ name: "x", strict: "yes", input_schema: { type: "object" } }] satisfies ToolUnion[];`,
        `export const c = [{ name: "x", inputSchema: { type: "array" } }] satisfies McpTool[];`,
      ].join("\n") + "\n",
    );
    writeFileSync(
      join(workDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2022", "DOM"],
          types: ["node"],
          skipLibCheck: true,
          exactOptionalPropertyTypes: false,
        },
        files: ["check.ts", "control.ts"],
      }),
    );
    let output = "";
    try {
      execFileSync(
        join(repoRoot, "node_modules", ".bin", "tsc"),
        ["-p", join(workDir, "tsconfig.json"), "--pretty", "false"],
        { cwd: repoRoot, encoding: "utf8", stdio: "pipe" },
      );
    } catch (e) {
      output =
        String((e as { stdout?: string }).stdout ?? "") +
        String((e as { stderr?: string }).stderr ?? "");
    }
    const errorLines = output.split("\n").filter((l) => /error TS\d+/.test(l));
    expect(
      errorLines.filter((l) => !l.includes("control.ts")),
      output,
    ).toEqual([]);
    // Each of the three control lines is rejected.
    for (const line of [4, 5, 6])
      expect(
        errorLines.some((l) => l.includes(`control.ts(${line},`)),
        `control line ${line} should fail:\n${output}`,
      ).toBe(true);
  });

  it("validates every MCP declaration with the MCP SDK's runtime schema", () => {
    const mcp = all.filter((o) => o.target === "mcp");
    expect(mcp.length).toBeGreaterThan(0);
    for (const o of mcp) {
      const parsed = ListToolsResultSchema.safeParse({ tools: o.tools });
      expect(
        parsed.success,
        `${o.label}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues).slice(0, 600)}`,
      ).toBe(true);
    }
    expect(
      ListToolsResultSchema.safeParse({
        tools: [{ name: "x", inputSchema: { type: "array" } }],
      }).success,
    ).toBe(false);
  });

  it("passes OpenAI's strict-schema transform unchanged (toStrictJsonSchema)", () => {
    let checked = 0;
    for (const o of all) {
      for (const t of o.tools as {
        type?: string;
        strict?: boolean;
        function?: { strict?: boolean; parameters: JsonValue };
        parameters?: JsonValue;
        name?: string;
      }[]) {
        const strict = t.function
          ? t.function.strict === true
          : t.strict === true;
        if (!strict || !o.target.startsWith("openai-")) continue;
        const parameters = (
          t.function ? t.function.parameters : t.parameters
        ) as Record<string, unknown>;
        const label = `${o.label} ${t.function ? (t.function as { name?: string }).name : t.name}`;
        let strictified: unknown;
        expect(
          () => (strictified = toStrictJsonSchema(parameters as never)),
          label,
        ).not.toThrow();
        expect(strictified, label).toEqual(parameters);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    // It does reject what strict mode cannot take (so passing means something).
    expect(() =>
      toStrictJsonSchema({
        type: "object",
        properties: { a: { type: "string" } },
        additionalProperties: true,
      } as never),
    ).toThrow();
    expect(() =>
      toStrictJsonSchema({
        type: "object",
        properties: { a: { type: "string" } },
      } as never),
    ).toThrow(/optional/);
  });

  it("leaves nothing for Anthropic's strict transform to move (transformJSONSchema)", () => {
    let checked = 0;
    const appendix = /\n\n\{|^\{/;
    const descriptions = (node: unknown, out: string[] = []): string[] => {
      if (Array.isArray(node)) node.forEach((n) => descriptions(n, out));
      else if (typeof node === "object" && node !== null) {
        for (const [k, v] of Object.entries(node)) {
          if (k === "description" && typeof v === "string") out.push(v);
          else if (k !== "enum" && k !== "const") descriptions(v, out);
        }
      }
      return out;
    };
    for (const o of all.filter((x) => x.target === "anthropic")) {
      for (const t of o.tools as {
        name: string;
        strict?: boolean;
        input_schema: Record<string, unknown>;
      }[]) {
        if (t.strict !== true) continue;
        const moved = descriptions(transformJSONSchema(t.input_schema)).filter(
          (d) => appendix.test(d),
        );
        expect(moved, `${o.label} ${t.name}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(
      descriptions(
        transformJSONSchema({
          type: "object",
          properties: { a: { type: "string", maxLength: 3 } },
        }),
      ).some((d) => appendix.test(d)),
    ).toBe(true);
  });
});
