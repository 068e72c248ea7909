/**
 * The CLI's bundle (scripts/bundle.js, run by `npm run build` after tsc): current with the module
 * tree it was built from, what bin/toolcat.js runs — its worker threads started from the bundle
 * too — and giving the bytes the module tree gives, a large catalog's worker included. Fails when
 * the build did not bundle (dist/bundle missing) or a dist module changed after bundling (a `tsc`
 * build alone): run `npm run build`.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bin, scratchProject, snapshot } from "../helpers/cli.js";
import {
  loadedModules,
  moduleLoadLogger,
  requiredModules,
  requireLogger,
} from "../helpers/module-loads.js";
import { repoRoot } from "../helpers/pipeline.js";

const bundle = join(repoRoot, "dist", "bundle");
const ownDist = pathToFileURL(join(repoRoot, "dist")).href + "/";

function node(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** What code-cache.cjs said of each chunk it ran (TOOLCAT_CODE_CACHE_LOG=1), in order. */
function cacheLog(stderr: string): Map<string, string[]> {
  const log = new Map<string, string[]>();
  for (const [, chunk, state] of stderr.matchAll(
    /^toolcat code cache: (\S+) (\S+)$/gm,
  ))
    log.set(chunk!, [...(log.get(chunk!) ?? []), state!]);
  return log;
}

// The example catalog: one thread (generator/index.ts); padded past PARALLEL_FROM_BYTES, part
// of the emitting on the emit worker.
const padded =
  readFileSync(join(repoRoot, "catalog", "tools.yaml"), "utf8") +
  `# ${"padding ".repeat(64)}\n`.repeat(300);

describe("the CLI bundle (dist/bundle)", () => {
  it("is built, and no module it holds changed since", () => {
    const manifest = join(bundle, "manifest.json");
    expect(
      existsSync(manifest),
      "dist/bundle is missing: run `npm run build`",
    ).toBe(true);
    for (const entry of [
      "main.js",
      "emit-worker.js",
      "format-worker.js",
      "code-cache.cjs",
      "package.json",
    ])
      expect(existsSync(join(bundle, entry)), entry).toBe(true);
    // The build's warm-up run wrote the main thread's code caches for this Node.
    expect(
      existsSync(
        join(
          bundle,
          "code-cache",
          `main.js.${process.version}-${process.arch}`,
        ),
      ),
    ).toBe(true);
    const { modules } = JSON.parse(readFileSync(manifest, "utf8")) as {
      modules: string[];
    };
    for (const entry of [
      "dist/generator/cli/main.js",
      "dist/generator/node/emit-worker.js",
      "dist/generator/node/format-worker.js",
    ])
      expect(modules).toContain(entry);
    const built = statSync(manifest).mtimeMs;
    const stale = modules.filter(
      (m) =>
        !existsSync(join(repoRoot, m)) ||
        statSync(join(repoRoot, m)).mtimeMs > built,
    );
    expect(
      stale,
      "dist modules newer than the bundle: run `npm run build`",
    ).toEqual([]);
  });

  it("imports no package with `import()` (vm.Script runs none: package-root.ts importPackage does)", () => {
    const chunks = readdirSync(bundle).filter((f) => f.endsWith(".js"));
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      const code = readFileSync(join(bundle, chunk), "utf8");
      // Generated code's own `import("./types.js")` is text in templates, and relative.
      expect(
        [...code.matchAll(/(?<![\w$."'`])import\(\s*["'][^."']/g)].length,
        chunk,
      ).toBe(0);
    }
  });

  it.each([
    ["the example catalog", undefined, [] as string[]],
    ["a catalog past the parallel threshold", padded, ["emit-worker.js"]],
  ])(
    "is what bin/toolcat.js runs for %s, with its worker threads, and gives the module tree's bytes",
    (_, catalog, workers) => {
      if (catalog) expect(catalog.length).toBeGreaterThan(128 * 1024);
      const dir = scratchProject(catalog);
      const hook = moduleLoadLogger(dir);

      const bundled = node(
        dir,
        [
          "--import",
          hook,
          "--require",
          requireLogger(dir),
          bin,
          "generate",
          "--no-cache",
          "--out",
          "from-bundle",
        ],
        { TOOLCAT_CODE_CACHE_LOG: "1" },
      );
      expect(bundled.code, bundled.stderr).toBe(0);
      // The chunks are run by code-cache.cjs (vm.Script), not Node's module loader: no module of
      // dist is loaded by it but a worker's entry (which starts the loader), and the loader names
      // each chunk it ran, on every thread.
      const inBundle = pathToFileURL(bundle).href + "/";
      expect(
        loadedModules(bundled.stderr).filter((u) => u.startsWith(ownDist)),
        "modules of dist loaded by Node's loader",
      ).toEqual(workers.map((w) => inBundle + w));
      const chunks = cacheLog(bundled.stderr);
      expect(chunks.get("main.js")).toEqual(["used"]);
      for (const worker of ["emit-worker", "format-worker"])
        expect(chunks.has(`${worker}.entry.js`), worker).toBe(
          workers.includes(`${worker}.js`),
        );
      for (const chunk of chunks.keys())
        expect(existsSync(join(bundle, chunk)), chunk).toBe(true);
      // On every thread, from the one-shot caches the build wrote: a worker compiles under the
      // process's V8 flags too (code-cache.cjs ONE_SHOT_ENV). Only the worker's entry has none
      // (the worker writes no cache).
      // One emit worker, started early by bin/toolcat.js and taken by the run (early-emit-worker.ts).
      expect(chunks.get("emit-worker.entry.js")).toEqual(
        workers.includes("emit-worker.js") ? ["none"] : undefined,
      );
      for (const [chunk, states] of chunks)
        expect(states, chunk).toEqual(
          states.map(() =>
            chunk === "emit-worker.entry.js" ? "none" : "used",
          ),
        );
      // The early emit worker starts before oneShot, so that Node compiles its start from the
      // built-ins' caches, and this thread sets the flags once it is through (code-cache.cjs
      // `oneShotGate`): its chunks are then compiled under them, from the one-shot caches above.
      expect(
        bundled.stderr.match(/^toolcat code cache gate: .*$/gm) ?? [],
      ).toEqual(
        workers.includes("emit-worker.js")
          ? [
              expect.stringMatching(
                /^toolcat code cache gate: the worker passed after /,
              ),
            ]
          : [],
      );

      // What only other commands (or an unusual catalog) need stays unloaded on generate.
      const tree = pathToFileURL(
        join(repoRoot, "dist", "generator", "cli", "main.js"),
      ).href;
      const all = [
        ...loadedModules(bundled.stderr),
        ...requiredModules(bundled.stderr),
      ];
      expect(all, "the require log").toContain("node:worker_threads");
      for (const unneeded of ["yaml", "node:http", "node:child_process"])
        expect(
          all.filter((u) => u === unneeded || u.includes(`/${unneeded}/`)),
          unneeded,
        ).toEqual([]);
      for (const chunk of chunks.keys())
        expect(chunk, "a chunk only other commands need").not.toMatch(
          /^(diff-command|import-command|lint-command|playground-command|init-command|fix|js-output)-/,
        );

      const unbundled = node(dir, [
        "--import",
        hook,
        "--input-type=module",
        "-e",
        `import { main } from ${JSON.stringify(tree)}; process.exitCode = await main(process.argv.slice(1));`,
        "generate",
        "--no-cache",
        "--out",
        "from-tree",
      ]);
      expect(unbundled.code, unbundled.stderr).toBe(0);
      const fromTree = loadedModules(unbundled.stderr);
      expect(fromTree).toContain(tree);
      for (const unneeded of [
        "/node_modules/yaml/",
        "/dist/generator/cli/diff-command.js",
        "/dist/generator/cli/import-command.js",
        "/dist/generator/cli/lint-command.js",
        "/dist/generator/cli/playground-command.js",
        "/dist/generator/cli/init-command.js",
        "/dist/generator/core/lint/fix.js",
        "/dist/generator/node/js-output.js",
        "/dist/generator/node/static-server.js",
      ])
        expect(
          fromTree.filter((u) => u.includes(unneeded)),
          unneeded,
        ).toEqual([]);
      const a = snapshot(join(dir, "from-bundle"));
      const b = snapshot(join(dir, "from-tree"));
      expect(a.size).toBeGreaterThan(40);
      expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
      for (const [path, { text }] of a)
        expect(text === b.get(path)!.text, path).toBe(true);
    },
  );

  it("starts the format worker from the bundle, which imports prettier through its loader", () => {
    // generate() starts no format worker (generator/index.ts): this is the thread on its own.
    const r = node(
      repoRoot,
      [
        "-e",
        `const { Worker } = require("node:worker_threads");
const w = new Worker(${JSON.stringify(join(bundle, "format-worker.js"))});
w.on("error", (e) => { console.error(e); process.exit(1); });
w.on("message", (m) => { process.stdout.write(JSON.stringify(m)); w.terminate(); });
w.postMessage({ id: 1, file: { path: "a.ts", contents: "const a = {b:1}\\n", language: "typescript" }, options: { parser: "babel-ts", filepath: "/tmp/a.ts" } });`,
      ],
      { TOOLCAT_CODE_CACHE_LOG: "1" },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      id: 1,
      text: "const a = { b: 1 };\n",
      notices: [],
    });
    expect(cacheLog(r.stderr).has("format-worker.entry.js")).toBe(true);
  });

  it("falls back to the module tree when the bundle is missing", () => {
    const dir = scratchProject();
    mkdirSync(join(dir, "toolcat", "bin"), { recursive: true });
    // A copy of the package without dist/bundle: bin/toolcat.js beside a link to dist/generator.
    writeFileSync(
      join(dir, "toolcat", "package.json"),
      readFileSync(join(repoRoot, "package.json")),
    );
    writeFileSync(join(dir, "toolcat", "bin", "toolcat.js"), readFileSync(bin));
    const distCopy = join(dir, "toolcat", "dist");
    mkdirSync(distCopy);
    spawnSync("ln", [
      "-s",
      join(repoRoot, "dist", "generator"),
      join(distCopy, "generator"),
    ]);
    spawnSync("ln", [
      "-s",
      join(repoRoot, "templates"),
      join(dir, "toolcat", "templates"),
    ]);
    const hook = moduleLoadLogger(dir);
    const r = node(dir, [
      "--import",
      hook,
      join(dir, "toolcat", "bin", "toolcat.js"),
      "--version",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.stderr).toContain("/dist/generator/cli/main.js");
    expect(r.stderr).not.toContain("/dist/bundle/");
  });
});

describe("the bundle's code caches (code-cache.cjs)", () => {
  // The caches of a one-shot `generate` (code-cache.cjs `oneShot`).
  const tag = `${process.version}-${process.arch}-one-shot`;
  const plainTag = `${process.version}-${process.arch}`;
  // What code-cache.cjs writes before V8's data: its header, the SHA-1 of the source, of the data.
  const head = "toolcat code cache 1\n".length;
  const sha1 = (data: Uint8Array) => createHash("sha1").update(data).digest();

  /** A copy of the package (its bundle with the caches the build wrote) to damage. */
  function packageCopy(dir: string): string {
    const pkg = join(dir, "toolcat");
    mkdirSync(join(pkg, "bin"), { recursive: true });
    writeFileSync(
      join(pkg, "package.json"),
      readFileSync(join(repoRoot, "package.json")),
    );
    writeFileSync(join(pkg, "bin", "toolcat.js"), readFileSync(bin));
    mkdirSync(join(pkg, "dist"));
    cpSync(bundle, join(pkg, "dist", "bundle"), { recursive: true });
    for (const [link, target] of [
      ["dist/generator", "dist/generator"],
      ["dist/templates", "dist/templates"],
      ["templates", "templates"],
      ["node_modules", "node_modules"],
    ] as const)
      symlinkSync(join(repoRoot, target), join(pkg, link));
    return pkg;
  }

  it("runs generate from a bundle built before the early emit worker's chunk existed (dist/ not rebuilt after an update)", () => {
    const dir = scratchProject();
    const pkg = packageCopy(dir);
    // An older build's bundle, as far as bin/toolcat.js sees it: current, its own main chunk,
    // and no early-emit-worker.js.
    const old = join(pkg, "dist", "bundle");
    for (const name of readdirSync(old))
      if (name !== "code-cache.cjs" && name !== "manifest.json")
        rmSync(join(old, name), { recursive: true, force: true });
    writeFileSync(
      join(old, "main.js"),
      'exports.main = async (args) => { process.stdout.write("older bundle: " + args[0] + "\\n"); return 0; };\n',
    );
    writeFileSync(join(old, "manifest.json"), JSON.stringify({ modules: [] }));
    const r = node(dir, [join(pkg, "bin", "toolcat.js"), "generate"], {
      NODE_OPTIONS: "",
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("older bundle: generate\n");
  });

  it("starts the early emit worker before it checks that the bundle is current (that check runs while the worker starts)", () => {
    const dir = scratchProject(padded);
    // Names, in order, each `new Worker` and each stat of a module the bundle was built from.
    const order = join(dir, "order.cjs");
    writeFileSync(
      order,
      `const fs = require("node:fs"), wt = require("node:worker_threads");
if (wt.isMainThread) {
  const seen = [];
  const stat = fs.statSync;
  fs.statSync = function (p) {
    if (String(p).includes("/dist/generator/")) seen.push("module");
    return stat.apply(this, arguments);
  };
  const Worker = wt.Worker;
  wt.Worker = class extends Worker {
    constructor(...a) { seen.push("worker"); super(...a); }
  };
  process.on("exit", () => process.stderr.write("order " + [...new Set(seen)].join(",") + "\\n"));
}
`,
    );
    const r = node(dir, [
      "--require",
      order,
      bin,
      "generate",
      "--no-cache",
      "--quiet",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^order worker,module$/m);
  });

  it("runs generate from the module tree when the bundle is older than a module it holds, ending the worker the bundle started", () => {
    const dir = scratchProject(padded);
    const pkg = packageCopy(dir);
    // Every dist module (linked) is newer than this manifest: a `tsc` build after the bundle.
    utimesSync(join(pkg, "dist", "bundle", "manifest.json"), 1, 1);
    const hook = moduleLoadLogger(dir);
    // The first worker started (the bundle's early one): -1 once it has been ended.
    const first = join(dir, "first-worker.cjs");
    writeFileSync(
      first,
      `const wt = require("node:worker_threads");
if (wt.isMainThread) {
  let first;
  const Worker = wt.Worker;
  wt.Worker = class extends Worker {
    constructor(...a) { super(...a); first ??= this; }
  };
  process.on("exit", () => process.stderr.write("first worker " + first?.threadId + "\\n"));
}
`,
    );
    const r = node(
      dir,
      [
        "--import",
        hook,
        "--require",
        first,
        join(pkg, "bin", "toolcat.js"),
        "generate",
        "--no-cache",
        "--out",
        "from-stale",
      ],
      { TOOLCAT_CODE_CACHE_LOG: "1", NODE_OPTIONS: "" },
    );
    expect(r.code, r.stderr).toBe(0);
    const loaded = loadedModules(r.stderr);
    expect(loaded).toContain(`${ownDist}generator/cli/main.js`);
    // The bundle's worker was started and ended at its gate: none of its chunks ran, nor main's.
    const chunks = cacheLog(r.stderr);
    expect([...chunks.keys()]).toEqual(["early-emit-worker.js"]);
    expect(r.stderr).toMatch(/^first worker -1$/m);
    const fresh = node(dir, [
      bin,
      "generate",
      "--no-cache",
      "--out",
      "from-bundle",
    ]);
    expect(fresh.code, fresh.stderr).toBe(0);
    const a = snapshot(join(dir, "from-stale"));
    const b = snapshot(join(dir, "from-bundle"));
    expect(a.size).toBeGreaterThan(40);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, { text }] of a)
      expect(text === b.get(path)!.text, path).toBe(true);
  });

  it("uses the caches the build wrote, and ignores a damaged, stale or foreign one: the output is the same, and a new one is written", () => {
    const dir = scratchProject();
    const pkg = packageCopy(dir);
    const caches = join(pkg, "dist", "bundle", "code-cache");
    let runs = 0;
    const generate = (env: NodeJS.ProcessEnv = {}) => {
      const out = `out-${++runs}`;
      const r = node(
        dir,
        [
          join(pkg, "bin", "toolcat.js"),
          "generate",
          "--no-cache",
          "--out",
          out,
        ],
        { TOOLCAT_CODE_CACHE_LOG: "1", NODE_OPTIONS: "", ...env },
      );
      expect(r.code, r.stderr).toBe(0);
      return { log: cacheLog(r.stderr), files: snapshot(join(dir, out)) };
    };
    const reference = generate({ TOOLCAT_CODE_CACHE: "0" });
    expect(reference.files.size).toBeGreaterThan(40);
    expect([...reference.log.values()].flat()).toEqual(
      [...reference.log.values()].map(() => "off"),
    );
    const sameOutput = (run: ReturnType<typeof generate>) => {
      expect([...run.files.keys()]).toEqual([...reference.files.keys()]);
      for (const [path, { text }] of run.files)
        expect(text === reference.files.get(path)!.text, path).toBe(true);
    };
    const chunks = [...reference.log.keys()];
    expect(chunks).toContain("main.js");
    // bin/toolcat.js loads the early emit worker's chunk and the CLI's before oneShot, under V8's
    // default flags: a one-shot run on this thread reads (and writes) the plain caches.
    const cacheOf = (chunk: string) => join(caches, `${chunk}.${plainTag}`);

    // As built: every chunk this run loads from its cache.
    const built = generate();
    sameOutput(built);
    for (const chunk of chunks)
      expect(built.log.get(chunk), chunk).toEqual(["used"]);

    // Each kind of bad cache, in every chunk's file: ignored (or rejected by V8), rewritten.
    const good = new Map(chunks.map((c) => [c, readFileSync(cacheOf(c))]));
    const other = (chunk: string) =>
      chunks[(chunks.indexOf(chunk) + 1) % chunks.length]!;
    const bad: [string, string, (chunk: string) => void][] = [
      [
        "a byte of V8's data changed",
        "ignored",
        (chunk) => {
          const bytes = Buffer.from(good.get(chunk)!);
          const at = head + 40 + Math.floor((bytes.length - head - 40) / 2);
          bytes[at] = bytes[at]! ^ 0xff;
          writeFileSync(cacheOf(chunk), bytes);
        },
      ],
      [
        "truncated",
        "ignored",
        (chunk) =>
          writeFileSync(
            cacheOf(chunk),
            good.get(chunk)!.subarray(0, good.get(chunk)!.length >> 1),
          ),
      ],
      ["empty", "ignored", (chunk) => writeFileSync(cacheOf(chunk), "")],
      [
        "made from another source (another chunk's cache)",
        "ignored",
        (chunk) => writeFileSync(cacheOf(chunk), good.get(other(chunk))!),
      ],
      [
        "V8's data of another script under this source's header",
        "rejected",
        (chunk) => {
          const data = good.get(other(chunk))!.subarray(head + 40);
          writeFileSync(
            cacheOf(chunk),
            Buffer.concat([
              good.get(chunk)!.subarray(0, head + 20),
              sha1(data),
              data,
            ]),
          );
        },
      ],
      [
        "only another Node's",
        "none",
        (chunk) => {
          renameSync(
            cacheOf(chunk),
            join(caches, `${chunk}.v0.0.0-${process.arch}`),
          );
        },
      ],
    ];
    for (const [kind, state, damage] of bad) {
      for (const chunk of chunks) damage(chunk);
      const run = generate();
      sameOutput(run);
      // The one-shot cache is written again too: what spoilt this thread's may have spoilt it.
      for (const chunk of chunks)
        expect(run.log.get(chunk), `${kind}: ${chunk}`).toEqual([
          state,
          "written-one-shot",
          "written",
        ]);
      const again = generate();
      sameOutput(again);
      for (const chunk of chunks)
        expect(again.log.get(chunk), `${kind}, then: ${chunk}`).toEqual([
          "used",
        ]);
    }

    // The one-shot caches, which the emit worker reads (it loads the chunks it shares with this
    // thread after oneShot, and writes none itself): a one-shot run writes those missing, made
    // under the one-shot flags, then leaves them be; a run with the worker takes them there.
    const oneShotOf = (chunk: string) => join(caches, `${chunk}.${tag}`);
    for (const chunk of chunks) rmSync(oneShotOf(chunk), { force: true });
    const rewrote = generate();
    sameOutput(rewrote);
    for (const chunk of chunks) {
      expect(rewrote.log.get(chunk), `one-shot: ${chunk}`).toEqual([
        "used",
        "written-one-shot",
      ]);
      expect(existsSync(oneShotOf(chunk)), chunk).toBe(true);
    }
    for (const chunk of chunks)
      expect(generate().log.get(chunk), `one-shot, then: ${chunk}`).toEqual([
        "used",
      ]);
    const catalogFile = join(dir, "catalog", "tools.yaml");
    const catalogText = readFileSync(catalogFile);
    writeFileSync(catalogFile, padded);
    const parallel = generate();
    writeFileSync(catalogFile, catalogText);
    for (const shared of ["format-", "catalog-delta-"]) {
      const chunk = chunks.find((c) => c.startsWith(shared))!;
      // this thread's, then the worker's
      expect(parallel.log.get(chunk), `worker: ${chunk}`).toEqual([
        "used",
        "used",
      ]);
    }

    // A process with other V8 flags: V8 rejects the plain caches; it writes and then uses its
    // own, and leaves the plain ones as they are.
    const flagged = { NODE_OPTIONS: "--max-old-space-size=3000" };
    const plain = new Map(chunks.map((c) => [c, readFileSync(cacheOf(c))]));
    const first = generate(flagged);
    sameOutput(first);
    for (const chunk of chunks)
      expect(first.log.get(chunk), `flags: ${chunk}`).toEqual([
        "rejected",
        "written-one-shot",
        "written",
      ]);
    for (const [chunk, state] of [
      ...[...generate(flagged).log].map(([c, s]) => [c, s] as const),
      ...[...generate().log].map(([c, s]) => [c, s] as const),
    ])
      expect(state, `flags, then: ${chunk}`).toEqual(["used"]);
    for (const chunk of chunks)
      expect(
        readFileSync(cacheOf(chunk)).equals(plain.get(chunk)!),
        chunk,
      ).toBe(true);

    // A folder the caches cannot be written to: no cache, the same output, no failure.
    rmSync(caches, { recursive: true });
    writeFileSync(caches, "not a folder");
    const unwritable = generate();
    sameOutput(unwritable);
    for (const chunk of chunks)
      expect(unwritable.log.get(chunk), chunk).toEqual(["none"]);
  }, 120_000);
});
