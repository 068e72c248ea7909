/** Runs the built `toolcat` CLI as a user would, in a scratch directory. */
import { spawnSync, spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { repoRoot } from "./pipeline.js";

export const bin = join(repoRoot, "bin", "toolcat.js");

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function toolcat(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): CliRun {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function toolcatAsync(cwd: string, args: string[]): ChildProcess {
  return spawn(process.execPath, [bin, ...args], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A scratch project with a copy of the example catalog (and the repo's prettier pins). */
export function scratchProject(catalogText?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-"));
  mkdirSync(join(dir, "catalog"));
  cpSync(join(repoRoot, ".prettierrc.json"), join(dir, ".prettierrc.json"));
  cpSync(join(repoRoot, ".editorconfig"), join(dir, ".editorconfig"));
  if (catalogText === undefined)
    cpSync(
      join(repoRoot, "catalog", "tools.yaml"),
      join(dir, "catalog", "tools.yaml"),
    );
  else writeFileSync(join(dir, "catalog", "tools.yaml"), catalogText);
  return dir;
}

export function writeText(path: string, text: string | Uint8Array): void {
  writeFileSync(path, text);
}

/** Every file under `dir` with its bytes and mtime, to prove a run changed nothing. */
export function snapshot(
  dir: string,
): Map<string, { text: string; mtimeMs: number }> {
  const out = new Map<string, { text: string; mtimeMs: number }>();
  const walk = (d: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else
        out.set(relative(dir, full), {
          text: readFileSync(full, "latin1"),
          mtimeMs: statSync(full).mtimeMs,
        });
    }
  };
  walk(dir);
  return out;
}
