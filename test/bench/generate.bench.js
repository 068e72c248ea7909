// Whole-command timings for issue targets, plus an in-process ratio against
// json-schema-to-typescript on the same schemas. Each command is a fresh process timed from
// outside, the format cache cold (`--no-cache`); the load average is printed beside the figures,
// since the machine (2 cores) is shared and wall time follows the load.
//   - `toolcat generate` on a synthetic 1,000-tool catalog (target: at most 3 s wall), and the
//     same catalog through the peer tools (peer-generate.js), interleaved, as a ratio
//   - `generate()` called again and again in one process (as `--watch` does), with one worker
//     thread kept for every call against a new one per call
//   - `toolcat generate --js` over `toolcat generate` on the example catalog (target: at most 0.5 s)
//   - `toolcat generate --check` on the example catalog, Node start included (target: under 1.5 s)
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { syntheticCatalog } from "./synthetic-catalog.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "bin", "toolcat.js");

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * CPU seconds (user + system) of this process's finished children, where Linux tells them
 * (/proc/self/stat, in clock ticks of 1/100 s); less sensitive to a shared machine's load than
 * wall time. Undefined elsewhere.
 */
function childrenCpuMs() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

/** One node process with these arguments, timed from outside: wall and CPU time (ms), its stderr. */
function timeNode(args, cwd) {
  const t = performance.now();
  const c = childrenCpuMs();
  const r = spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
  const wall = performance.now() - t;
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  return { wall, cpu: c === undefined ? undefined : childrenCpuMs() - c, stderr: r.stderr };
}

function timeCommand(args, cwd, runs) {
  const walls = [];
  const cpus = [];
  let stderr = "";
  for (let i = 0; i < runs; i++) {
    const run = timeNode([bin, ...args], cwd);
    walls.push(run.wall);
    if (run.cpu !== undefined) cpus.push(run.cpu);
    stderr = run.stderr;
  }
  return { walls, cpus, stderr };
}

/** One run of peer-generate.js, a fresh process timed like toolcat's commands. */
function timePeer(catalog, out) {
  return timeNode([join(root, "test", "bench", "peer-generate.js"), catalog, out], root);
}

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-"));
  mkdirSync(join(dir, "catalog"));
  cpSync(join(root, ".prettierrc.json"), join(dir, ".prettierrc.json"));
  const source = syntheticCatalog(1000);
  writeFileSync(join(dir, "catalog", "tools.yaml"), source);

  const load = () => `load average ${loadavg()[0].toFixed(1)}`;
  const gen = timeCommand(["generate", "--no-cache", "--out", "out-a"], dir, 1);
  // Interleaved with the peer (peer-generate.js: Ajv standalone + json-schema-to-typescript on
  // the same catalog, a fresh process too), so that each pair sees the same machine: on this
  // shared virtual machine the CPU time of one and the same run varies by a third within minutes.
  const gens = [];
  const genCpus = [];
  const peers = [];
  const peerCpus = [];
  for (let i = 0; i < 3; i++) {
    const run = timeCommand(["generate", "--no-cache", "--out", `out-${i}`], dir, 1);
    gens.push(...run.walls);
    genCpus.push(...run.cpus);
    const peer = timePeer(join(dir, "catalog", "tools.yaml"), join(dir, `peer-${i}`));
    peers.push(peer.wall);
    if (peer.cpu !== undefined) peerCpus.push(peer.cpu);
  }
  const cpu = genCpus.length > 0 ? `, CPU median ${median(genCpus).toFixed(0)} ms` : "";
  console.log(`toolcat generate --no-cache, 1,000 tools (${(source.length / 1024).toFixed(0)} KiB catalog): median ${median(gens).toFixed(0)} ms wall of ${gens.map((w) => w.toFixed(0)).join(", ")}${cpu} (target ≤ 3000 ms wall; ${load()})`);
  console.log(`  stages of one run: ${gen.stderr.trim().split("\n").pop()}`);
  const peerCpu = peerCpus.length > 0 ? `, CPU median ${median(peerCpus).toFixed(0)} ms` : "";
  const ratios = gens.map((g, i) => peers[i] / g);
  console.log(
    `peer on the same catalog (Ajv standalone allErrors + json-schema-to-typescript, unformatted, no provider files): median ${median(peers).toFixed(0)} ms wall of ${peers.map((w) => w.toFixed(0)).join(", ")}${peerCpu} → toolcat's whole generate is ${median(ratios).toFixed(2)}× faster (pairs ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
  );

  // Warm: a node_modules/ next to the catalog enables the formatted-chunk cache; after one run
  // that fills it, an edit to one tool reformats only the chunks that changed.
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  timeCommand(["generate", "--out", "out-warm"], dir, 1);
  writeFileSync(join(dir, "catalog", "tools.yaml"), source.replace("Synthetic tool number 500 ", "Synthetic tool number five hundred "));
  const warm = timeCommand(["generate", "--out", "out-warm"], dir, 1);
  console.log(`toolcat generate after editing one tool, cache warm: ${warm.walls[0].toFixed(0)} ms wall; ${warm.stderr.trim().split("\n").pop()}`);

  // generate --watch keeps one worker thread for every run: generate() again and again in one
  // process, alternating a kept thread with a new thread per call (each side's first call, which
  // starts cold either way, left out).
  const { generate, EmitThread } = await import(join(root, "dist", "generator", "index.js"));
  const thread = new EmitThread();
  const kept = [];
  const fresh = [];
  for (let i = 0; i < 8; i++) {
    const keep = i % 2 === 1;
    const t = performance.now();
    const r = await generate({ cwd: dir, out: "out-watch", cache: false, thread: keep ? thread : undefined });
    if (!r.ok) throw new Error("generate() failed on the synthetic catalog");
    (keep ? kept : fresh).push(performance.now() - t);
  }
  thread.close();
  const later = (xs) => xs.slice(1);
  console.log(
    `generate() again and again in one process (as --watch), 1,000 tools: a kept worker thread median ${median(later(kept)).toFixed(0)} ms (${later(kept).map((w) => w.toFixed(0)).join(", ")}), a new one per call ${median(later(fresh)).toFixed(0)} ms (${later(fresh).map((w) => w.toFixed(0)).join(", ")}) → ${(median(later(fresh)) / median(later(kept))).toFixed(2)}×; first calls ${kept[0].toFixed(0)} / ${fresh[0].toFixed(0)} ms (${load()})`,
  );

  // --js over plain generate, example catalog, interleaved so both see the same load.
  const example = mkdtempSync(join(tmpdir(), "toolcat-bench-js-"));
  mkdirSync(join(example, "catalog"));
  cpSync(join(root, ".prettierrc.json"), join(example, ".prettierrc.json"));
  cpSync(join(root, "catalog", "tools.yaml"), join(example, "catalog", "tools.yaml"));
  const ts = [];
  const js = [];
  for (let i = 0; i < 5; i++) {
    ts.push(timeCommand(["generate", "--no-cache", "--quiet", "--out", `ts-${i}`], example, 1));
    js.push(timeCommand(["generate", "--js", "--no-cache", "--quiet", "--out", `js-${i}`], example, 1));
  }
  const extra = js.map((r, i) => r.walls[0] - ts[i].walls[0]);
  const extraCpu = js[0].cpus.length > 0 ? `, CPU ${median(js.map((r, i) => r.cpus[0] - ts[i].cpus[0])).toFixed(0)} ms` : "";
  console.log(
    `toolcat generate --js over generate, example catalog: median ${median(extra).toFixed(0)} ms wall${extraCpu} (generate ${median(ts.map((r) => r.walls[0])).toFixed(0)} ms, --js ${median(js.map((r) => r.walls[0])).toFixed(0)} ms; differences ${extra.map((w) => w.toFixed(0)).join(", ")}; target ≤ 500 ms; ${load()})`,
  );

  const check = timeCommand(["generate", "--check", "--quiet"], root, 7);
  console.log(`toolcat generate --check, example catalog, Node start included: median ${median(check.walls).toFixed(0)} ms of ${check.walls.map((w) => w.toFixed(0)).join(", ")} (target < 1500 ms)`);

  // In-process, same normalised schemas: toolcat's types emitter vs json-schema-to-typescript
  // (no formatting on either side; both turn the 1,000 tool schemas into TypeScript declarations).
  const { compile } = await import("json-schema-to-typescript");
  const { typesEmitter } = await import(join(root, "dist", "generator", "core", "emit", "types", "index.js"));
  const { loadCatalog } = await import(join(root, "dist", "generator", "core", "load", "load-catalog.js"));
  const { buildIR } = await import(join(root, "dist", "generator", "core", "ir", "build-ir.js"));
  const ir = buildIR(loadCatalog("catalog/tools.yaml", source).catalog, "catalog/tools.yaml");
  const ours = async () => typesEmitter.emit({ ir, options: { js: false }, header: "//", readTemplate: () => "", report: () => {} });
  const theirs = async () => {
    let out = "";
    for (const tool of ir.tools) {
      out += await compile(JSON.parse(JSON.stringify(tool.input.schema)), tool.name, { format: false, bannerComment: "", declareExternallyReferenced: true });
      if (tool.output) out += await compile(JSON.parse(JSON.stringify(tool.output.schema)), `${tool.name}_output`, { format: false, bannerComment: "", declareExternallyReferenced: true });
    }
    return out;
  };
  await ours();
  await theirs();
  const a = [];
  const b = [];
  for (let i = 0; i < 5; i++) {
    let t = performance.now();
    await ours();
    a.push(performance.now() - t);
    t = performance.now();
    await theirs();
    b.push(performance.now() - t);
  }
  console.log(
    `types for 1,000 tools in-process (types emitter from the IR, no format) vs json-schema-to-typescript compile: ${median(a).toFixed(0)} ms vs ${median(b).toFixed(0)} ms → ${(median(b) / median(a)).toFixed(1)}× faster`,
  );
  rmSync(dir, { recursive: true, force: true });
  rmSync(example, { recursive: true, force: true });
}
