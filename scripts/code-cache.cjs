"use strict";
/**
 * Runs the CLI's bundle (dist/bundle, CommonJS chunks built by scripts/bundle.js, which copies
 * this file there) with V8 code caches: each chunk is compiled by `vm.Script` from the cache V8
 * wrote after a run that used it, so a fresh process neither parses the bundle's ~530 KB nor
 * compiles the functions that run did (Node 20 has no `module.enableCompileCache`; docs/
 * performance.md, "Fixed cost of a process"). bin/toolcat.js loads the CLI through `load`, the
 * worker threads' entries in dist/bundle likewise.
 *
 * A cache is `code-cache/<chunk>.<node version>-<arch>` beside the chunks: a header, the SHA-1 of
 * the chunk's source and of the data, then V8's data. One that is damaged, made from another
 * source or by another Node, or that V8 rejects (another V8 or other flags) is ignored: the chunk
 * is compiled from its source, as without a cache, and `save` (after the run) writes a new one.
 * V8 takes a cache only from a process with the same V8 flags: a process started with options
 * (`node --max-old-space-size=…`, NODE_OPTIONS) looks first for the cache of its own options
 * (`<chunk>.<node version>-<arch>-<hash of the options>`), then for the plain one, and writes its
 * own — so runs with and without options do not overwrite each other's caches in turn.
 * `npm run build` writes them after a warm-up run; `TOOLCAT_CODE_CACHE=0` reads and writes none,
 * `TOOLCAT_CODE_CACHE_LOG=1` names each chunk and what became of its cache on stderr.
 */
const { createHash } = require("node:crypto");
const fs = require("node:fs");
const { createRequire } = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

const MAGIC = Buffer.from("toolcat code cache 1\n");
const HASH = 20;
const enabled = process.env.TOOLCAT_CODE_CACHE !== "0";
const log = process.env.TOOLCAT_CODE_CACHE_LOG === "1";

// Code compiled by vm.Script cannot `import()` in Node 20 (not without --experimental-vm-modules,
// and not from a code cache): the chunks import packages through this (package-root.ts
// `importPackage`), which resolves from this folder, the chunks' own.
globalThis[Symbol.for("toolcat.importPackage")] ??= (id) => import(id);

/** The chunks loaded so far, by file: their exports, and what `save` needs to write their cache. */
const chunks = new Map();

const sha1 = (data) => createHash("sha1").update(data).digest();

const PLAIN = `${process.version}-${process.arch}`;
const options = [...process.execArgv, process.env.NODE_OPTIONS ?? ""]
  .join(" ")
  .trim();
/** The caches a chunk looks for, in order; the first is the one `save` writes. */
const TAGS = options
  ? [`${PLAIN}-${sha1(options).toString("hex").slice(0, 12)}`, PLAIN]
  : [PLAIN];

/** Where a chunk's cache of one tag lives. */
function cacheFile(file, tag) {
  return path.join(
    path.dirname(file),
    "code-cache",
    `${path.basename(file)}.${tag}`,
  );
}

/**
 * The first of the chunk's caches (TAGS) that is whole and made from `sourceHash`'s source:
 * `used` with its V8 data; else `ignored` (a file, but not such a one) or `none`.
 */
function readCache(file, sourceHash) {
  let state = "none";
  for (const tag of TAGS) {
    const found = readCacheFile(cacheFile(file, tag), sourceHash);
    if (found.state === "used") return found;
    if (found.state === "ignored") state = "ignored";
  }
  return { state };
}

function readCacheFile(cache, sourceHash) {
  let bytes;
  try {
    bytes = fs.readFileSync(cache);
  } catch {
    return { state: "none" };
  }
  const data = bytes.subarray(MAGIC.length + 2 * HASH);
  if (
    bytes.length <= MAGIC.length + 2 * HASH ||
    !bytes.subarray(0, MAGIC.length).equals(MAGIC) ||
    !bytes.subarray(MAGIC.length, MAGIC.length + HASH).equals(sourceHash) ||
    !bytes
      .subarray(MAGIC.length + HASH, MAGIC.length + 2 * HASH)
      .equals(sha1(data))
  )
    return { state: "ignored" };
  return { state: "used", data };
}

/** Runs a chunk (once: later calls return its exports), with its code cache when it has a good one. */
function load(file) {
  const known = chunks.get(file);
  if (known) return known.module.exports;
  const bytes = fs.readFileSync(file);
  const sourceHash = enabled ? sha1(bytes) : undefined;
  const source = bytes.toString("utf8");
  const cache = enabled ? readCache(file, sourceHash) : { state: "off" };
  const script = new vm.Script(
    // One line for the wrapper's head, so that stack traces name the chunk's own lines.
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    {
      filename: file,
      cachedData: cache.data,
    },
  );
  const state =
    cache.state === "used" && script.cachedDataRejected
      ? "rejected"
      : cache.state;
  if (log)
    process.stderr.write(
      `toolcat code cache: ${path.basename(file)} ${state}\n`,
    );
  const module = { exports: {} };
  chunks.set(file, { module, script, sourceHash, stale: state !== "used" });
  const dir = path.dirname(file);
  const packages = createRequire(file);
  const require = (id) =>
    id.startsWith("./") ? load(path.join(dir, id)) : packages(id);
  script.runInThisContext()(module.exports, require, module, file, dir);
  return module.exports;
}

/**
 * Writes the cache of each chunk loaded without a good one, now that the run compiled what it
 * needed: the cache then holds those functions too. Never fails: a folder that cannot be written
 * (a read-only install) only means no cache.
 */
function save() {
  if (!enabled) return;
  for (const [file, chunk] of chunks) {
    if (!chunk.stale) continue;
    chunk.stale = false;
    const target = cacheFile(file, TAGS[0]);
    const temp = `${target}.${process.pid}.tmp`;
    try {
      const data = chunk.script.createCachedData();
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(
        temp,
        Buffer.concat([MAGIC, chunk.sourceHash, sha1(data), data]),
      );
      fs.renameSync(temp, target);
      if (log)
        process.stderr.write(
          `toolcat code cache: ${path.basename(file)} written\n`,
        );
    } catch {
      // No cache this time.
      try {
        fs.rmSync(temp, { force: true });
      } catch {
        /* left as it is */
      }
    }
  }
}

module.exports = { load, save };
