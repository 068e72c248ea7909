/**
 * Malformed catalogs: each one makes `toolcat generate` exit 1 or 2 with a positioned message
 * (`file:line:col severity rule: message`), never a stack trace, and leaves an existing
 * generated/ byte-identical.
 *
 * The stored cases run the CLI's entry in this process (cli-in-process.ts: the same `main` the
 * bin calls, a fraction of a node start each); the programmatic ones — binary garbage, 50 MB,
 * 20,000 levels of nesting, odd encodings, the inputs most likely to crash a process — run as
 * real `toolcat` processes, so the exit status and "no stack trace" are also checked on what a
 * shell sees.
 */
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bin, scratchProject, snapshot, toolcat } from "../helpers/cli.js";
import { toolcatInProcess } from "../helpers/cli-in-process.js";
import { repoRoot } from "../helpers/pipeline.js";

const casesDir = join(repoRoot, "test", "bad-input", "cases");
const expectations = JSON.parse(
  readFileSync(
    join(repoRoot, "test", "bad-input", "expectations.json"),
    "utf8",
  ),
).cases as Record<string, [string, number, number]>;

/** Catalogs that are easier to make than to store. */
const generated: Record<
  string,
  { bytes: () => Uint8Array; rule: string; line: number; col: number }
> = {
  "binary-garbage": {
    bytes: () => {
      // Deterministic pseudo-random bytes (a fixed LCG), so failures replay.
      const out = new Uint8Array(4096);
      let x = 12345;
      for (let i = 0; i < out.length; i++)
        out[i] = (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 24;
      return out;
    },
    // Bytes 0-1 are one valid character; byte 2 starts a sequence byte 3 does not continue.
    rule: "encoding",
    line: 1,
    col: 2,
  },
  "nul-byte": {
    bytes: () => Buffer.from("toolcat: 1\ntools:\n  a\u0000b: {}\n"),
    rule: "yaml-syntax",
    line: 3,
    col: 4,
  },
  "invalid-utf8": {
    bytes: () =>
      Buffer.concat([
        Buffer.from("toolcat: 1\ntools:\n  caf"),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(": {}\n"),
      ]),
    rule: "encoding",
    line: 3,
    col: 6,
  },
  "bom-then-error": {
    bytes: () =>
      Buffer.from(
        "\uFEFFtoolcat: 1\ntools:\n  a: { description: x, input: { type: object, minProperties: -2 } }\n",
      ),
    rule: "invalid-schema",
    line: 3,
    col: 62,
  },
  "crlf-then-error": {
    bytes: () =>
      Buffer.from(
        "toolcat: 1\r\ntools:\r\n  a:\r\n    description: x\r\n    input: { type: object, maxItems: x }\r\n",
      ),
    rule: "invalid-schema",
    line: 5,
    col: 38,
  },
  "fifty-megabytes": {
    bytes: () =>
      Buffer.alloc(50 * 1024 * 1024, "# padding line of a huge file\n"),
    rule: "file-too-large",
    line: 1,
    col: 1,
  },
  "deep-nesting": {
    bytes: () =>
      Buffer.from(
        "toolcat: 1\ntools:\n  a:\n    description: x\n    input: " +
          "[".repeat(20000) +
          "]".repeat(20000) +
          "\n",
      ),
    rule: "yaml-syntax",
    line: 5,
    col: 0,
  },
  "utf16-file": {
    bytes: () => Buffer.from("\uFEFFtoolcat: 1\n", "utf16le"),
    rule: "encoding",
    line: 1,
    col: 1,
  },
};

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function run(cwd: string, catalog: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [bin, "generate", "--catalog", catalog],
      { cwd },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("bad input", () => {
  const dir = scratchProject();
  const outcomes = new Map<string, Outcome>();
  let before: ReturnType<typeof snapshot>;

  beforeAll(async () => {
    expect(toolcat(dir, ["generate"]).code).toBe(0);
    before = snapshot(join(dir, "generated"));
    const names = readdirSync(casesDir).sort();
    for (const name of names)
      writeFileSync(
        join(dir, "catalog", name),
        readFileSync(join(casesDir, name)),
      );
    for (const [name, c] of Object.entries(generated))
      writeFileSync(join(dir, "catalog", `${name}.yaml`), c.bytes());
    const inProcess = names;
    const processes = Object.keys(generated).map((n) => `${n}.yaml`);
    // The processes start first and run while the in-process cases do: this machine has two cores.
    const real = Promise.all(processes.map((n) => run(dir, `catalog/${n}`)));
    for (const n of inProcess)
      outcomes.set(
        n,
        await toolcatInProcess(dir, ["generate", "--catalog", `catalog/${n}`]),
      );
    (await real).forEach((o, k) => outcomes.set(processes[k]!, o));
  }, 180_000);

  it("has at least 40 malformed catalogs, each with an expectation", () => {
    const files = readdirSync(casesDir).sort();
    expect(files.length + Object.keys(generated).length).toBeGreaterThanOrEqual(
      40,
    );
    expect(Object.keys(expectations).sort()).toEqual(files);
  });

  const all: [string, string, number, number][] = [
    ...Object.entries(expectations).map(
      ([n, [rule, line, col]]) =>
        [n, rule, line, col] as [string, string, number, number],
    ),
    ...Object.entries(generated).map(
      ([n, c]) =>
        [`${n}.yaml`, c.rule, c.line, c.col] as [
          string,
          string,
          number,
          number,
        ],
    ),
  ];
  for (const [name, rule, line, col] of all) {
    it(`${name}: exit 1/2, ${rule} at ${line}:${col || "?"}, no stack trace`, () => {
      const o = outcomes.get(name)!;
      expect([1, 2]).toContain(o.code);
      expect(o.stderr).not.toMatch(/\n\s+at [\w.<>]+ \(|internal error/);
      const errors = o.stderr
        .split("\n")
        .map((l) => /^catalog\/[^:]+:(\d+):(\d+) error ([a-z-]+): ./.exec(l))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => `${m[3]} ${m[1]}:${col > 0 ? m[2] : "?"}`);
      expect(errors, o.stderr).toContain(
        `${rule} ${line}:${col > 0 ? col : "?"}`,
      );
    });
  }

  it("left generated/ byte-identical", () => {
    expect([...snapshot(join(dir, "generated")).entries()]).toEqual([
      ...before.entries(),
    ]);
  });
});
