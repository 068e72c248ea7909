/**
 * The diff's reports with hostile catalog text (names and descriptions are input like any other),
 * fingerprints that survive unrelated edits, and `renamed_from`: checked as a document key,
 * ignored by the IR.
 */
import Ajv2020 from "ajv/dist/2020.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  formatDiff,
  type DiffReport,
} from "../../generator/cli/diff-report.js";
import { checkDocument } from "../../generator/core/check/check-document.js";
import {
  applyAcknowledgements,
  parseAckFile,
} from "../../generator/core/diff/acknowledgements.js";
import { diffCatalogs } from "../../generator/core/diff/diff-catalogs.js";
import { buildIR } from "../../generator/core/ir/build-ir.js";
import { repoRoot } from "../helpers/pipeline.js";
import { version } from "./support.js";

const HOSTILE = "a/b~c|<img src=x onerror=alert(1)>`${x}`";

function catalog(
  tools: Record<string, unknown>,
  defs?: Record<string, unknown>,
): string {
  return JSON.stringify({
    toolcat: 1,
    ...(defs ? { $defs: defs } : {}),
    tools,
  });
}

const tool = (input: unknown, extra: Record<string, unknown> = {}) => ({
  description: "T.",
  effect: "read",
  input,
  ...extra,
});
const obj = (
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
) => ({ type: "object", properties, required, additionalProperties: false });

function report(oldText: string, newText: string): DiffReport {
  const findings = diffCatalogs(
    version("old.yaml", oldText),
    version("new.yaml", newText),
  );
  return {
    base: "main",
    catalog: "new.yaml",
    findings,
    unmatched: [],
    ackFile: "tools.diff-ack.yaml",
    failOnHandlers: false,
  };
}

describe("hostile names in reports", () => {
  const r = report(
    catalog({
      [HOSTILE]: tool(
        obj({
          ["__proto__"]: { type: "string", enum: ["x|y", "z"] },
          "p/q": { type: "string" },
        }),
      ),
    }),
    catalog({
      [HOSTILE]: tool(
        obj({ ["__proto__"]: { type: "string", enum: ["z"] } }, ["__proto__"]),
      ),
    }),
  );

  it("pointers escape ~ and / (RFC 6901) and keep __proto__ as a name", () => {
    expect(r.findings.map((f) => f.pointer)).toEqual([
      "/tools/a~1b~0c|<img src=x onerror=alert(1)>`${x}`/input/properties/__proto__/enum",
      "/tools/a~1b~0c|<img src=x onerror=alert(1)>`${x}`/input/properties/p~1q",
    ]);
  });

  it("markdown cells carry no HTML, pipe or backtick from the catalog", () => {
    const md = formatDiff(r, "markdown");
    expect(md).not.toContain("<img");
    expect(md).toContain("&lt;img src=x onerror=alert(1)&gt;");
    for (const line of md.split("\n").filter((l) => l.startsWith("| 🔴")))
      expect(line.split("|").length, line).toBe(8);
    expect(md).not.toMatch(/`\$\{x\}`/);
  });

  it("github annotations keep one line per change", () => {
    const gh = formatDiff(
      {
        ...r,
        findings: r.findings.map((f) => ({
          ...f,
          message: f.message + "\nline two",
        })),
      },
      "github",
    );
    expect(gh.trimEnd().split("\n")).toHaveLength(2);
    expect(gh).toContain("%0Aline two");
  });
});

describe("fingerprints", () => {
  const meal = { type: "string", enum: ["breakfast", "lunch", "dinner"] };
  const fewer = { type: "string", enum: ["breakfast", "lunch"] };
  const prints = (o: string, n: string) =>
    report(o, n).findings.map((f) => f.fingerprint);

  it("survive unrelated edits: another tool changed, a definition extracted, keys reordered", () => {
    const base = prints(
      catalog({ log: tool(obj({ meal })) }),
      catalog({ log: tool(obj({ meal: fewer })) }),
    );
    expect(base).toHaveLength(1);
    const other = prints(
      catalog({
        other: tool(obj({ a: { type: "string" } })),
        log: tool(obj({ meal })),
      }),
      catalog({
        log: tool(obj({ meal: fewer })),
        other: tool(
          obj({ a: { type: "string", description: "Now described." } }),
        ),
      }),
    );
    expect(other).toContain(base[0]);
    const extracted = prints(
      catalog({ log: tool(obj({ meal })) }),
      catalog(
        { log: tool(obj({ meal: { $ref: "#/$defs/Meal" } })) },
        { Meal: fewer },
      ),
    );
    expect(extracted).toEqual(base);
  });

  it("change when the change changes", () => {
    const a = prints(
      catalog({ log: tool(obj({ meal })) }),
      catalog({ log: tool(obj({ meal: fewer })) }),
    );
    const b = prints(
      catalog({ log: tool(obj({ meal })) }),
      catalog({
        log: tool(
          obj({ meal: { type: "string", enum: ["breakfast", "dinner"] } }),
        ),
      }),
    );
    expect(b[0]).not.toBe(a[0]);
  });

  it("an acknowledgement with the wrong rule does not match", () => {
    const r = report(
      catalog({ log: tool(obj({ meal })) }),
      catalog({ log: tool(obj({ meal: fewer })) }),
    );
    const ack = parseAckFile(
      "ack.yaml",
      `acknowledged:\n  - fingerprint: ${r.findings[0]!.fingerprint}\n    rule: input-enum-value-added\n    reason: wrong rule\n`,
    );
    expect(ack.problems).toEqual([]);
    const applied = applyAcknowledgements(r.findings, ack.entries);
    expect(applied.findings[0]!.acknowledged).toBeUndefined();
    expect(applied.unmatched).toHaveLength(1);
  });
});

describe("tools written identically are still compared when a definition they reach changed", () => {
  it("through a chain of catalog definitions", () => {
    const input = obj({ price: { $ref: "#/$defs/Money" } });
    const money = {
      type: "object",
      properties: { currency: { $ref: "#/$defs/Currency" } },
      required: ["currency"],
      additionalProperties: false,
    };
    const r = report(
      catalog(
        { pay: tool(input), other: tool(obj({})) },
        { Money: money, Currency: { enum: ["EUR", "USD"] } },
      ),
      catalog(
        { pay: tool(input), other: tool(obj({})) },
        { Money: money, Currency: { enum: ["EUR"] } },
      ),
    );
    expect(
      r.findings.map((f) => `${f.rule} ${f.pointer} ${f.at.line}`),
    ).toEqual([
      "input-enum-value-removed /tools/pay/input/properties/price/properties/currency/enum 1",
    ]);
  });
});

describe("an effect left unset", () => {
  it("counts as MCP's default (possibly destructive, not read-only): write is a relaxation, destructive an escalation", () => {
    const unset = { description: "T.", input: obj({}) };
    const rules = (effect: string) =>
      report(
        catalog({ t: unset }),
        catalog({ t: { ...unset, effect } }),
      ).findings.map((f) => `${f.rule}: ${f.message}`);
    expect(rules("write")).toEqual([
      "tool-effect-relaxed: effect unset → write: MCP clients may now run it with less caution; check that the handler really has no stronger side effect",
    ]);
    expect(rules("destructive")).toEqual([
      "tool-effect-escalated: effect unset → destructive: destructiveHint is now true: MCP clients warn before calling it, and the dispatcher asks confirm before every call",
    ]);
  });
});

describe("renamed_from", () => {
  const schema = JSON.parse(
    readFileSync(join(repoRoot, "catalog.schema.json"), "utf8"),
  );
  const validate = new Ajv2020.default({
    allErrors: true,
    strict: false,
  }).compile(schema);
  const doc = (value: unknown) =>
    JSON.parse(catalog({ find: tool(obj({}), { renamed_from: value }) }));

  it("is a string, for the document check and for catalog.schema.json alike", () => {
    expect(
      checkDocument(doc("lookup")).filter((f) => f.severity === "error"),
    ).toEqual([]);
    expect(validate(doc("lookup"))).toBe(true);
    expect(checkDocument(doc(3)).map((f) => f.message)).toEqual([
      "`renamed_from` must be a string, not number 3",
    ]);
    expect(validate(doc(3))).toBe(false);
  });

  it("naming a tool that still exists is a warning", () => {
    const d = JSON.parse(
      catalog({
        find: tool(obj({}), { renamed_from: "lookup" }),
        lookup: tool(obj({})),
      }),
    );
    expect(checkDocument(d)).toEqual([
      {
        rule: "catalog-schema",
        severity: "warning",
        message:
          'renamed_from names "lookup", which is still a tool in this catalog',
        pointer: "/tools/find/renamed_from",
      },
    ]);
  });

  it("changes nothing the emitters see", () => {
    const withKey = JSON.parse(
      catalog({
        find: tool(obj({ a: { type: "string" } }), { renamed_from: "lookup" }),
      }),
    );
    const without = JSON.parse(
      catalog({ find: tool(obj({ a: { type: "string" } })) }),
    );
    expect(buildIR(withKey, "c.yaml")).toEqual(buildIR(without, "c.yaml"));
  });

  it("a rename is reported once, and the renamed tool is compared with its old self", () => {
    const r = report(
      catalog({ lookup: tool(obj({ a: { type: "string" } })) }),
      catalog({
        find: tool(obj({ a: { type: "string", maxLength: 3 } }), {
          renamed_from: "lookup",
        }),
      }),
    );
    expect(r.findings.map((f) => `${f.rule} ${f.tool}`)).toEqual([
      "tool-renamed find",
      "input-constraint-tightened find",
    ]);
  });
});

describe("summary wording and the MCP note", () => {
  const narrowed = report(
    catalog({ t: tool(obj({ a: { type: "string" } })) }),
    catalog({ t: tool(obj({ a: { type: "string", maxLength: 3 } })) }),
  );
  const two = report(
    catalog({ t: tool(obj({ a: { type: "string" }, b: { type: "string" } })) }),
    catalog({
      t: tool(
        obj({
          a: { type: "string", maxLength: 3 },
          b: { type: "string", maxLength: 3 },
        }),
      ),
    }),
  );

  it("a count agrees with its verb: 1 breaks callers, 2 break callers", () => {
    expect(formatDiff(narrowed, "text")).toContain(
      "1 change from main to new.yaml: 1 breaks callers, 0 break consumers, 0 need handler changes, 0 compatible",
    );
    expect(formatDiff(two, "text")).toContain(
      "2 changes from main to new.yaml: 2 break callers, 0 break consumers",
    );
    const handlers = report(
      catalog({ t: tool(obj({ a: { type: "string", maxLength: 3 } })) }),
      catalog({ t: tool(obj({ a: { type: "string" } })) }),
    );
    expect(formatDiff(handlers, "text")).toContain("1 needs handler changes");
  });

  it("the effect/output note only when an effect or an output changed", () => {
    expect(formatDiff(narrowed, "text")).not.toContain("note:");
    expect(formatDiff(narrowed, "markdown")).not.toContain("MCP clients");
    const escalated = report(
      catalog({ t: tool(obj({ a: { type: "string" } })) }),
      catalog({
        t: tool(obj({ a: { type: "string" } }), { effect: "destructive" }),
      }),
    );
    expect(formatDiff(escalated, "text")).toContain(
      "note: Effect escalations and output changes",
    );
    expect(formatDiff(escalated, "markdown")).toContain(
      "> Effect escalations and output changes",
    );
    const out = (o: unknown) =>
      catalog({ t: tool(obj({ a: { type: "string" } }), { output: o }) });
    const output = report(
      out(obj({ r: { type: "string" } })),
      out(obj({ r: { type: "string", maxLength: 2 } })),
    );
    expect(output.findings.map((f) => f.rule)).toEqual([
      "output-constraint-tightened",
    ]);
    expect(formatDiff(output, "text")).toContain(
      "note: Effect escalations and output changes",
    );
  });
});
