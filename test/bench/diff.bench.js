// `toolcat diff` of two 1,000-tool catalogs (target: under 2 s wall, Node start included), and
// in the same process the comparison against its peer, the loader: how long diffing takes next
// to loading the two catalogs.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { syntheticCatalog } from "./synthetic-catalog.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * The same catalog after a pull request that changes a tenth of the tools in several ways and,
 * with `shared`, also a definition every tool uses (so every tool must be compared).
 */
function mutated(source, shared) {
  const out = shared
    ? source.replace(
        "amount: { type: number, minimum: 0, description: The amount. }",
        "amount: { type: number, minimum: 0.01, description: The amount. }",
      )
    : source;
  const blocks = out.split(/\n(?=  tool_\d+_)/);
  return blocks
    .map((block, i) => {
      // Blocks are the catalog head and then one per tool: every tenth tool, one kind of edit each.
      if (i % 10 !== 1) return block;
      switch (1 + (Math.floor(i / 10) % 5)) {
        case 1:
          return block.replace(
            "enum: [draft, active, archived, deleted]",
            "enum: [draft, active, deleted]",
          );
        case 2:
          return block.replace(
            /maxLength: (\d+), description: Display name\./,
            (_, n) =>
              `maxLength: ${Number(n) - 10}, description: Display name.`,
          );
        case 3:
          return block.replace("effect: read", "effect: write");
        case 4:
          return block.replace(
            "required: [id, name, status, due]",
            "required: [id, name, status, due, count]",
          );
        case 5:
          return block.replace(
            "        ok: { type: boolean, description: Whether it worked. }",
            "        ok: { type: boolean, description: Whether it worked. }\n        warning: { type: string, description: A warning. }",
          );
        default:
          return block;
      }
    })
    .join("\n");
}

export default async function bench() {
  const before = syntheticCatalog(1000);
  const { loadVersions } = await import(
    join(root, "dist", "generator", "core", "diff", "load-version.js")
  );
  const { diffCatalogs } = await import(
    join(root, "dist", "generator", "core", "diff", "diff-catalogs.js")
  );
  for (const [label, shared] of [
    ["a tenth of the tools edited", false],
    ["the same plus a definition every tool uses", true],
  ]) {
    const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-diff-"));
    const after = mutated(before, shared);
    writeFileSync(join(dir, "old.yaml"), before);
    writeFileSync(join(dir, "new.yaml"), after);

    // The command runs through the CLI's own main() in a child process that also reports its CPU
    // time: the two cores are shared, so wall time alone says as much about the neighbours.
    const main = join(root, "dist", "generator", "cli", "main.js");
    const script = `const { main } = await import(${JSON.stringify(main)}); const code = await main(["diff", "--base", "old.yaml", "--catalog", "new.yaml", "--format", "json"]); const u = process.cpuUsage(); process.stderr.write(JSON.stringify({ code, cpu: (u.user + u.system) / 1000 }));`;
    const walls = [];
    const cpus = [];
    let findings = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const r = spawnSync(
        process.execPath,
        ["--input-type=module", "-e", script],
        { cwd: dir, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
      );
      walls.push(performance.now() - t);
      const report = JSON.parse(r.stderr.slice(r.stderr.lastIndexOf("{")));
      if (report.code !== 1)
        throw new Error(`toolcat diff exited ${report.code}: ${r.stderr}`);
      cpus.push(report.cpu);
      findings = JSON.parse(r.stdout).findings.length;
    }
    console.log(
      `toolcat diff, two 1,000-tool catalogs (${(before.length / 1024).toFixed(0)} KiB each), ${label}, ${findings} changes: median ${median(walls).toFixed(0)} ms wall of ${walls.map((w) => w.toFixed(0)).join(", ")} (target < 2000 ms); CPU ${median(cpus).toFixed(0)} ms, Node start included`,
    );

    // In process, against the peer: loading the same two catalogs as diff does (parse, check,
    // the lint rules that decide whether the tools that may have changed can be compared).
    const loads = [];
    const diffs = [];
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      const both = loadVersions(
        { path: "old.yaml", source: before },
        { path: "new.yaml", source: after },
      );
      const a = both.base.version;
      const b = both.head.version;
      loads.push(performance.now() - t);
      t = performance.now();
      diffCatalogs(a, b);
      diffs.push(performance.now() - t);
    }
    const load = median(loads);
    const diff = median(diffs);
    console.log(
      `  in process: loading both catalogs ${load.toFixed(0)} ms, comparing them ${diff.toFixed(0)} ms (comparison / load = ${(diff / load).toFixed(2)})`,
    );
  }
}
