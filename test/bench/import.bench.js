// `toolcat import` of the public tool corpus (test/data/tool-corpus/tools.jsonl, 3,502 tools).
//   - the whole command, Node start included (target: under 2 s on this machine)
//   - in-process, interleaved with a peer doing the least any import must: JSON.parse of every line
//     and the `yaml` library's stringify of the resulting catalog (no positions, no conversion,
//     no checks), as a ratio.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "bin", "toolcat.js");
const corpus = join(root, "test", "data", "tool-corpus", "tools.jsonl");

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-import-"));
  const walls = [];
  const cpus = [];
  let stderr = "";
  // The CPU time of the whole process (Node start included) is printed too: on a shared machine
  // the wall time also counts the time other processes held the cores.
  const withCpu = `process.on("exit", () => { const u = process.cpuUsage(); process.stderr.write("cpu " + (u.user + u.system) / 1000 + "\\n"); }); await import(${JSON.stringify(new URL(`file://${bin}`).href)});`;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        withCpu,
        bin,
        "import",
        corpus,
        "--out",
        join(dir, `c${i}.yaml`),
        "--rename-conflicts",
      ],
      { cwd: dir, encoding: "utf8", maxBuffer: 64 << 20 },
    );
    walls.push(performance.now() - t);
    if (r.status !== 0)
      throw new Error(
        `toolcat import failed (${r.status}): ${r.stderr.slice(-2000)}`,
      );
    const lines = r.stderr.trim().split("\n");
    cpus.push(Number(lines.pop().slice(4)));
    stderr = lines.pop();
  }
  console.log(
    `toolcat import, public corpus (3,502 tools, ${(readFileSync(corpus).length / 1024).toFixed(0)} KiB JSONL), Node start included: median ${median(walls).toFixed(0)} ms wall of ${walls.map((w) => w.toFixed(0)).join(", ")}, CPU ${median(cpus).toFixed(0)} ms (target < 2000 ms)`,
  );
  console.log(`  ${stderr}`);

  const { importTools } = await import(
    join(root, "dist", "generator", "core", "import", "import-tools.js")
  );
  const text = readFileSync(corpus, "utf8");
  const ours = () =>
    importTools([{ path: "tools.jsonl", text }], { renameConflicts: true })
      .catalog.length;
  const peer = () => {
    const tools = {};
    let i = 0;
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      const o = JSON.parse(line);
      tools[`${o.name}_${i++}`] = {
        description: o.description,
        input: o.input_schema,
      };
    }
    return stringify({ toolcat: 1, tools }).length;
  };
  ours();
  peer();
  const a = [];
  const b = [];
  const cpu = [];
  for (let i = 0; i < 5; i++) {
    const c = process.cpuUsage();
    let t = performance.now();
    ours();
    a.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    t = performance.now();
    peer();
    b.push(performance.now() - t);
  }
  console.log(
    `in-process: toolcat import ${median(a).toFixed(0)} ms (CPU ${median(cpu).toFixed(0)} ms) vs JSON.parse + yaml stringify ${median(b).toFixed(0)} ms → ${(median(a) / median(b)).toFixed(2)}× the peer's time`,
  );
}
