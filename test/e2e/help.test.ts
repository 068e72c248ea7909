/**
 * Help through the real CLI: per-command usage derived from the command objects, one-line usage
 * errors. The global help and the unknown command run as real processes (what a shell sees); the
 * per-command forms run the same entry in-process (cli-in-process.ts), which is most of the runs.
 */
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../generator/cli/main.js";
import { toolcat } from "../helpers/cli.js";
import { toolcatInProcess } from "../helpers/cli-in-process.js";
import { repoRoot } from "../helpers/pipeline.js";

describe("toolcat --help", () => {
  it("lists every command with its summary", () => {
    const run = toolcat(repoRoot, ["--help"]);
    expect(run.code).toBe(0);
    expect(COMMANDS.map((c) => c.name)).toEqual(
      expect.arrayContaining(["init", "generate", "lint"]),
    );
    for (const c of COMMANDS)
      expect(run.stdout).toMatch(
        new RegExp(`^  ${c.name} +${escape(c.summary)}$`, "m"),
      );
  });

  for (const command of COMMANDS) {
    it(`toolcat ${command.name} --help prints that command's usage with every flag explained`, async () => {
      for (const form of [
        [command.name, "--help"],
        [command.name, "-h"],
        ["help", command.name],
      ]) {
        const run = await toolcatInProcess(repoRoot, form);
        expect(run.code, form.join(" ")).toBe(0);
        expect(run.stdout).toMatch(
          new RegExp(`^Usage: toolcat ${command.name}\\b`),
        );
        const flags = Object.entries(command.flags);
        expect(flags.length).toBeGreaterThan(0);
        for (const [name, doc] of flags) {
          // The flag, its placeholder for a value, then its help text, on one line.
          const left =
            doc.kind === "string"
              ? `--${name} ${doc.value ?? "VALUE"}`
              : `--${name}`;
          expect(run.stdout, `${command.name} --${name}`).toMatch(
            new RegExp(`^  ${escape(left)} +${escape(doc.help)}$`, "m"),
          );
          expect(
            doc.help.length,
            `${command.name} --${name} has a real explanation`,
          ).toBeGreaterThan(10);
        }
        // The usage line mentions each flag, so the synopsis cannot fall behind the parser.
        const usage = run.stdout.split("\n")[0]!;
        for (const [name] of flags)
          expect(usage, `usage line of ${command.name}`).toContain(`--${name}`);
        // Only this command's flags: no other command's help leaks in.
        for (const other of COMMANDS.filter((c) => c !== command))
          expect(run.stdout).not.toContain(`Usage: toolcat ${other.name}`);
      }
    });

    it(`toolcat ${command.name} with an unknown flag prints one error line and the hint (exit 2)`, async () => {
      const run = await toolcatInProcess(repoRoot, [
        command.name,
        "--no-such-flag",
      ]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(
        `toolcat: unknown option --no-such-flag for ${command.name}\nrun 'toolcat ${command.name} --help'\n`,
      );
    });
  }

  it("an unknown command prints one line and the global hint (exit 2)", () => {
    const run = toolcat(repoRoot, ["frobnicate"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `toolcat: unknown command "frobnicate"\nrun 'toolcat --help'\n`,
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
