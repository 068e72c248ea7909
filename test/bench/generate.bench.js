// Whole-command timings for issue targets, as ratios against the peer toolchain measured in the
// same run. Each command is a fresh process timed from outside (wall, and CPU = user + sys of the
// child), the format cache cold (`--no-cache`) unless said; the load average is printed beside
// the figures, since the machine (2 cores) is shared and wall time follows the load.
//   - headline: `toolcat generate --no-cache` on the real-tool catalog (corpus-catalog.js: the
//     agent and MCP tools of test/data/tool-corpus, every one lint accepts, all eight targets)
//     against the peer (peer-generate.js: yaml + Ajv standalone allErrors + ajv-formats +
//     json-schema-to-typescript + one prettier pass over the types) on the same catalog, in
//     alternating fresh processes (who goes first alternates too); the ratio per pair, its median
//     (issue 25 target: peer / toolcat ≥ 3), the same in CPU time, and one run's `--verbose` stages
//   - the same on the synthetic 1,000-tool catalog (synthetic-catalog.js), labelled as such: its
//     tools repeat eight shapes, which flatters every memo and share
//   - one edit: `toolcat generate` (cache on) after one edit of the real-tool catalog — a
//     description, a bound, a tool added, a tool removed; and a `$defs` entry several tools use,
//     on the synthetic catalog (the corpus has no `$defs`) — in a fresh process, and in a
//     `--watch` session (watch-session.js: generate() with a kept thread and writeOutput, as the
//     watch loop runs them, in a fresh process per figure; the write's share printed, and the
//     figure without it): its first three edits right after the initial run, and
//     after the loop's warm-up (watch-warm-up.ts) has run and the session idled a second (how long
//     after the initial run that first edit came is printed with it), then later edits of each
//     session; each as a ratio to a cold `--no-cache` run of the same catalog in a fresh process
//     (targets ≤ 0.1 and ≤ 0.05)
//   - `generate()` again and again in one process, a kept worker thread against a new one per call
//   - `toolcat generate --js` over `toolcat generate` on the example catalog (target: at most 0.5 s)
//   - `toolcat generate --check` on the example catalog, Node start included (target: under 1.5 s)
// Knobs: TOOLCAT_BENCH_PAIRS (headline pairs, default 5), TOOLCAT_BENCH_CORPUS_SOURCES=all (the
// whole corpus, BFCL specs included: 3,502 tools), TOOLCAT_BENCH_SKIP=synthetic,edit,defs,watch,js,types
// (comma-separated parts to leave out; defs: the synthetic catalog's $defs edit),
// TOOLCAT_BENCH_WARM_UP (the watch sessions' warm-up cycles, default the CLI's).
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusCatalog } from "./corpus-catalog.js";
import { syntheticCatalog } from "./synthetic-catalog.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "bin", "toolcat.js");
const PAIRS = Number(process.env.TOOLCAT_BENCH_PAIRS ?? 5);
const SKIP = new Set(
  (process.env.TOOLCAT_BENCH_SKIP ?? "").split(",").filter(Boolean),
);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const ms = (xs) => xs.map((w) => w.toFixed(0)).join(", ");
const ratios = (xs) => xs.map((r) => r.toFixed(2)).join(", ");
const load = () => `load average ${loadavg()[0].toFixed(1)}`;

/**
 * CPU seconds (user + system) of this process's finished children, where Linux tells them
 * (/proc/self/stat, in clock ticks of 1/100 s); less sensitive to a shared machine's load than
 * wall time. Undefined elsewhere.
 */
function childrenCpuMs() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
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
  if (r.status !== 0)
    throw new Error(`node ${args.join(" ")} failed (${r.status}): ${r.stderr}`);
  return {
    wall,
    cpu: c === undefined ? undefined : childrenCpuMs() - c,
    stderr: r.stderr,
  };
}

const toolcat = (args, cwd) => timeNode([bin, ...args], cwd);
/** One run of peer-generate.js, a fresh process timed like toolcat's commands. */
const peer = (catalog, out) =>
  timeNode(
    [join(root, "test", "bench", "peer-generate.js"), catalog, out],
    root,
  );
const lastLine = (text) => text.trim().split("\n").pop();

/** A project folder holding `source` as catalog/tools.yaml and the repository's prettier config. */
function project(source) {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-bench-"));
  mkdirSync(join(dir, "catalog"));
  cpSync(join(root, ".prettierrc.json"), join(dir, ".prettierrc.json"));
  writeFileSync(join(dir, "catalog", "tools.yaml"), source);
  return dir;
}

/**
 * toolcat generate --no-cache against the peer on one catalog, alternating fresh processes (and
 * who goes first), `pairs` pairs after one unmeasured run of each. Prints the figures; returns
 * toolcat's median wall time.
 */
function versusPeer(label, dir, pairs) {
  const catalog = join(dir, "catalog", "tools.yaml");
  const stages = toolcat(
    ["generate", "--no-cache", "--verbose", "--out", "out-first"],
    dir,
  );
  peer(catalog, join(dir, "peer-first"));
  const ours = [];
  const theirs = [];
  for (let i = 0; i < pairs; i++) {
    const runOurs = () =>
      ours.push(
        toolcat(
          ["generate", "--no-cache", "--quiet", "--out", `out-${i}`],
          dir,
        ),
      );
    const runTheirs = () => theirs.push(peer(catalog, join(dir, `peer-${i}`)));
    if (i % 2 === 0) (runOurs(), runTheirs());
    else (runTheirs(), runOurs());
  }
  const wall = ours.map((r, i) => theirs[i].wall / r.wall);
  const cpu = ours.every((r, i) => r.cpu > 0 && theirs[i].cpu > 0)
    ? ours.map((r, i) => theirs[i].cpu / r.cpu)
    : undefined;
  console.log(`${label}`);
  console.log(
    `  toolcat generate --no-cache: median ${median(ours.map((r) => r.wall)).toFixed(0)} ms wall (${ms(ours.map((r) => r.wall))})${cpu ? `, CPU median ${median(ours.map((r) => r.cpu)).toFixed(0)} ms (${ms(ours.map((r) => r.cpu))})` : ""}`,
  );
  console.log(
    `  peer (yaml + Ajv standalone allErrors + ajv-formats + json-schema-to-typescript + prettier on the types): median ${median(theirs.map((r) => r.wall)).toFixed(0)} ms wall (${ms(theirs.map((r) => r.wall))})${cpu ? `, CPU median ${median(theirs.map((r) => r.cpu)).toFixed(0)} ms (${ms(theirs.map((r) => r.cpu))})` : ""}`,
  );
  console.log(
    `  peer / toolcat, wall: median ${median(wall).toFixed(2)}× (pairs ${ratios(wall)})${cpu ? `; CPU: median ${median(cpu).toFixed(2)}× (pairs ${ratios(cpu)})` : ""} [target ≥ 3×; ${load()}]`,
  );
  console.log(`  stages of one run (--verbose): ${lastLine(stages.stderr)}`);
  return median(ours.map((r) => r.wall));
}

/** Every file under `dir`, by path relative to it (posix separators). */
function readTree(dir, at = "", out = new Map()) {
  for (const entry of readdirSync(join(dir, at), { withFileTypes: true })) {
    const rel = at === "" ? entry.name : `${at}/${entry.name}`;
    if (entry.isDirectory()) readTree(dir, rel, out);
    else out.set(rel, readFileSync(join(dir, rel), "utf8"));
  }
  return out;
}

/** The same paths with the same contents. */
function sameTree(a, b) {
  return (
    a.size === b.size && [...a].every(([path, text]) => b.get(path) === text)
  );
}

/** The tool blocks of an imported catalog (two-space keys under `tools:`), as [start, end) line ranges. */
function toolBlocks(lines) {
  const at = lines.indexOf("tools:");
  const starts = [];
  for (let i = at + 1; i < lines.length; i++)
    if (/^ {2}\S/.test(lines[i])) starts.push(i);
  return starts.map((s, k) => [
    s,
    k + 1 < starts.length ? starts[k + 1] : lines.length,
  ]);
}

/** The edits of issue 25 item 3 on an imported (corpus) catalog's text, each a function of the text. */
const CORPUS_EDITS = {
  "a description": (text) => {
    const lines = text.split("\n");
    const [s, e] = toolBlocks(lines)[Math.floor(toolBlocks(lines).length / 2)];
    const d = lines.slice(s, e).findIndex((l) => /^ {4}description: /.test(l));
    if (d < 0) throw new Error("edit: no description");
    lines[s + d] = lines[s + d].replace(
      "description: ",
      "description: Edited. ",
    );
    return lines.join("\n");
  },
  "a bound": (text) => {
    const lines = text.split("\n");
    const blocks = toolBlocks(lines);
    for (const [s, e] of blocks
      .slice(Math.floor(blocks.length / 2))
      .concat(blocks)) {
      const b = lines
        .slice(s, e)
        .findIndex((l) =>
          /^ +(minimum|maximum|maxLength|minLength|maxItems|minItems): \d+$/.test(
            l,
          ),
        );
      if (b >= 0) {
        lines[s + b] = lines[s + b].replace(/\d+$/, (n) =>
          String(Number(n) + 1),
        );
        return lines.join("\n");
      }
    }
    throw new Error("edit: no bound");
  },
  "a tool added": (text) =>
    `${text.trimEnd()}\n  bench_added_tool:\n    description: A tool added by the bench.\n    input:\n      type: object\n      properties:\n        query:\n          type: string\n          description: What to look for.\n          maxLength: 200\n      required:\n        - query\n      additionalProperties: false\n`,
  "a tool removed": (text) => {
    const lines = text.split("\n");
    const blocks = toolBlocks(lines);
    const [s, e] = blocks[Math.floor(blocks.length / 3)];
    lines.splice(s, e - s);
    return lines.join("\n");
  },
};

/** Edit-and-undo cycles one watch session goes through after its first edits (see oneEdit). */
const STEADY_EDITS = 10;
/** The watch loop's warm-up, as `generate --watch` runs it (generate-command.ts WARM_UP_CYCLES). */
const WARM_UP_CYCLES = Number(
  process.env.TOOLCAT_BENCH_WARM_UP ??
    (await import(join(root, "dist", "generator", "cli", "watch-warm-up.js")))
      .WARM_UP_CYCLES,
);
/** How long a warmed-up session idles before its first edit (ms). */
const WARM_UP_IDLE = 1000;

/**
 * One `generate --watch` session in a fresh process (watch-session.js): its initial run, the
 * warm-up when `cycles` > 0, then three edits and STEADY_EDITS later ones, each undone before the
 * next; the parsed report.
 */
function watchSession(dir, files, cycles) {
  const r = spawnSync(
    process.execPath,
    [
      join(root, "test", "bench", "watch-session.js"),
      join(root, "dist"),
      dir,
      files.source,
      files.edited,
      join(dir, "out-cold"),
      String(cycles),
      String(WARM_UP_IDLE),
      "3",
      String(STEADY_EDITS),
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0)
    throw new Error(`watch session failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop());
}

/**
 * `toolcat generate` (cache on) after one edit in a fresh process, and in a `--watch` session
 * (a fresh process each: without and with its warm-up), against a cold --no-cache run of the
 * edited catalog in a fresh process; alternating.
 */
async function oneEdit(label, source, edit) {
  const dir = project(source);
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  const file = join(dir, "catalog", "tools.yaml");
  const edited = edit(source);
  if (edited === source) throw new Error(`edit ${label} changed nothing`);
  const texts = {
    source: join(dir, "source.yaml"),
    edited: join(dir, "edited.yaml"),
  };
  writeFileSync(texts.source, source);
  writeFileSync(texts.edited, edited);
  const cold = [];
  const fresh = [];
  try {
    for (let i = 0; i < 3; i++) {
      // Warm the cache on the catalog before the edit (the watch sessions find it so too).
      writeFileSync(file, source);
      toolcat(["generate", "--quiet", "--out", "out-edit"], dir);
      writeFileSync(file, edited);
      fresh.push(toolcat(["generate", "--quiet", "--out", "out-edit"], dir));
      cold.push(
        toolcat(
          ["generate", "--no-cache", "--quiet", "--out", "out-cold"],
          dir,
        ),
      );
      // Whatever is reused, the bytes are a cold run's.
      if (
        !sameTree(
          readTree(join(dir, "out-cold")),
          readTree(join(dir, "out-edit")),
        )
      )
        throw new Error(
          `edit ${label}: the warm run's output differs from a cold run's`,
        );
    }
    // The first edits of a session run code V8 has mostly not optimised yet: right after the
    // initial run, and after the warm-up (watch-warm-up.ts) has run and the session idled.
    const sessions = {
      after: watchSession(dir, texts, 0),
      warm: watchSession(dir, texts, WARM_UP_CYCLES),
    };
    for (const [k, s] of Object.entries(sessions))
      if (!s.equal)
        throw new Error(
          `edit ${label}: a watch run's output differs from a cold run's (${k})`,
        );
    const f = fresh.map((r, i) => r.wall / cold[i].wall);
    const fc = fresh.every((r, i) => r.cpu > 0 && cold[i].cpu > 0)
      ? fresh.map((r, i) => r.cpu / cold[i].cpu)
      : undefined;
    const coldMedian = median(cold.map((r) => r.wall));
    const figure = (s) => {
      const first = s.edits.slice(0, 3);
      const w = first.map((x, i) => x.wall / cold[i].wall);
      const wc = fc ? first.map((x, i) => x.cpu / cold[i].cpu) : undefined;
      const steady = s.edits.slice(3 + STEADY_EDITS / 2).map((x) => x.wall);
      const writing = s.edits.map((x) => x.write);
      // generate() alone, as the figure was before the eleventh round's end (the write left out).
      const alone = first.map((x, i) => (x.wall - x.write) / cold[i].wall);
      return `first three edits ${median(w).toFixed(2)}× (${ratios(w)}; ${ms(first.map((x) => x.wall))} ms${wc ? `; CPU ${median(wc).toFixed(2)}×: ${ratios(wc)}` : ""}); later edits of the session (${steady.length} of ${STEADY_EDITS}) ${(median(steady) / coldMedian).toFixed(2)}× the cold median (${ms(steady)} ms); the files' writing (included above) ${median(writing).toFixed(0)} ms a run (${Math.min(...writing).toFixed(0)}–${Math.max(...writing).toFixed(0)}); without it, the first three edits ${median(alone).toFixed(2)}× (${ms(first.map((x) => x.wall - x.write))} ms)`;
    };
    const wu = sessions.warm.warmUp;
    console.log(
      `  ${label}: fresh process ${median(f).toFixed(2)}× cold (${ratios(f)}; ${ms(fresh.map((r) => r.wall))} ms vs cold ${ms(cold.map((r) => r.wall))} ms${fc ? `; CPU ${median(fc).toFixed(2)}×: ${ratios(fc)}` : ""}) [target ≤ 0.1]\n` +
        `    in watch, edits right after the initial run: ${figure(sessions.after)} [target ≤ 0.05]\n` +
        `    in watch, edits after the warm-up (${wu.runs} runs, ended ${wu.ms.toFixed(0)} ms after the initial run, ${wu.cpu.toFixed(0)} ms of CPU; the first edit ${sessions.warm.firstEditAfter.toFixed(0)} ms after the initial run): ${figure(sessions.warm)} [target ≤ 0.05]; output equal to the cold run's`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function bench() {
  const { importTools } = await import(
    join(root, "dist", "generator", "core", "import", "import-tools.js")
  );
  const { loadCatalog } = await import(
    join(root, "dist", "generator", "core", "load", "load-catalog.js")
  );
  const all = process.env.TOOLCAT_BENCH_CORPUS_SOURCES === "all";
  const real = corpusCatalog(
    { importTools, loadCatalog },
    { sources: all ? "all" : "agents" },
  );
  const realDir = project(real.text);
  versusPeer(
    `real tools: ${real.tools} ${all ? "corpus" : "agent and MCP"} tools of test/data/tool-corpus (${(real.text.length / 1024).toFixed(0)} KiB catalog, all eight targets, ${real.dropped.length} left out by lint), ${PAIRS} pairs of fresh processes`,
    realDir,
    PAIRS,
  );
  rmSync(realDir, { recursive: true, force: true });

  const source = syntheticCatalog(1000);
  const dir = project(source);
  if (!SKIP.has("synthetic"))
    versusPeer(
      `synthetic (second figure, not the headline): 1,000 generated tools repeating eight shapes (${(source.length / 1024).toFixed(0)} KiB catalog), 3 pairs`,
      dir,
      3,
    );

  const { generate, EmitThread } = await import(
    join(root, "dist", "generator", "index.js")
  );
  if (!SKIP.has("edit")) {
    console.log(
      `one edit, then generate with the cache warm, against a cold --no-cache run of the edited catalog (fresh processes; ${load()}):`,
    );
    for (const [kind, edit] of Object.entries(CORPUS_EDITS))
      await oneEdit(`${kind} (real tools, ${real.tools})`, real.text, edit);
    if (!SKIP.has("defs"))
      await oneEdit(
        "a $defs entry several tools use (synthetic, 1,000; Money's description)",
        source,
        (t) =>
          t.replace(
            "description: An amount of money.",
            "description: An amount of money, edited.",
          ),
      );
  }

  // generate --watch keeps one worker thread for every run: generate() again and again in one
  // process, alternating a kept thread with a new thread per call (each side's first call, which
  // starts cold either way, left out).
  if (!SKIP.has("watch")) {
    const thread = new EmitThread();
    const kept = [];
    const fresh = [];
    for (let i = 0; i < 8; i++) {
      const keep = i % 2 === 1;
      const t = performance.now();
      const r = await generate({
        cwd: dir,
        out: "out-watch",
        cache: false,
        thread: keep ? thread : undefined,
      });
      if (!r.ok) throw new Error("generate() failed on the synthetic catalog");
      (keep ? kept : fresh).push(performance.now() - t);
    }
    thread.close();
    const later = (xs) => xs.slice(1);
    console.log(
      `generate() again and again in one process (as --watch), synthetic 1,000 tools, --no-cache: a kept worker thread median ${median(later(kept)).toFixed(0)} ms (${ms(later(kept))}), a new one per call ${median(later(fresh)).toFixed(0)} ms (${ms(later(fresh))}) → ${(median(later(fresh)) / median(later(kept))).toFixed(2)}×; first calls ${kept[0].toFixed(0)} / ${fresh[0].toFixed(0)} ms (${load()})`,
    );
  }
  if (SKIP.has("js")) {
    rmSync(dir, { recursive: true, force: true });
    return;
  }

  // --js over plain generate, example catalog, interleaved so both see the same load.
  const example = mkdtempSync(join(tmpdir(), "toolcat-bench-js-"));
  mkdirSync(join(example, "catalog"));
  cpSync(join(root, ".prettierrc.json"), join(example, ".prettierrc.json"));
  cpSync(
    join(root, "catalog", "tools.yaml"),
    join(example, "catalog", "tools.yaml"),
  );
  const ts = [];
  const js = [];
  for (let i = 0; i < 5; i++) {
    ts.push(
      toolcat(
        ["generate", "--no-cache", "--quiet", "--out", `ts-${i}`],
        example,
      ),
    );
    js.push(
      toolcat(
        ["generate", "--js", "--no-cache", "--quiet", "--out", `js-${i}`],
        example,
      ),
    );
  }
  const extra = js.map((r, i) => r.wall - ts[i].wall);
  const extraCpu =
    js[0].cpu !== undefined
      ? `, CPU ${median(js.map((r, i) => r.cpu - ts[i].cpu)).toFixed(0)} ms`
      : "";
  console.log(
    `toolcat generate --js over generate, example catalog: median ${median(extra).toFixed(0)} ms wall${extraCpu} (generate ${median(ts.map((r) => r.wall)).toFixed(0)} ms, --js ${median(js.map((r) => r.wall)).toFixed(0)} ms; differences ${ms(extra)}; target ≤ 500 ms; ${load()})`,
  );

  const check = [];
  for (let i = 0; i < 7; i++)
    check.push(toolcat(["generate", "--check", "--quiet"], root).wall);
  console.log(
    `toolcat generate --check, example catalog, Node start included: median ${median(check).toFixed(0)} ms of ${ms(check)} (target < 1500 ms)`,
  );
  if (SKIP.has("types")) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(example, { recursive: true, force: true });
    return;
  }

  // In-process, same normalised schemas: toolcat's types emitter vs json-schema-to-typescript
  // (no formatting on either side; both turn the 1,000 tool schemas into TypeScript declarations).
  const { compile } = await import("json-schema-to-typescript");
  const { typesEmitter } = await import(
    join(root, "dist", "generator", "core", "emit", "types", "index.js")
  );
  const { buildIR } = await import(
    join(root, "dist", "generator", "core", "ir", "build-ir.js")
  );
  const ir = buildIR(
    loadCatalog("catalog/tools.yaml", source).catalog,
    "catalog/tools.yaml",
  );
  const ours = async () =>
    typesEmitter.emit({
      ir,
      options: { js: false },
      header: "//",
      readTemplate: () => "",
      report: () => {},
    });
  const theirs = async () => {
    let out = "";
    for (const tool of ir.tools) {
      out += await compile(
        JSON.parse(JSON.stringify(tool.input.schema)),
        tool.name,
        { format: false, bannerComment: "", declareExternallyReferenced: true },
      );
      if (tool.output)
        out += await compile(
          JSON.parse(JSON.stringify(tool.output.schema)),
          `${tool.name}_output`,
          {
            format: false,
            bannerComment: "",
            declareExternallyReferenced: true,
          },
        );
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
