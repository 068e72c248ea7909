// The generator's hand-written stand-ins against the libraries they stand in for, in one process,
// on the inputs the 1,000-tool catalog gives them (issue: keep one only where it is what meets the
// `generate` target):
//   - fast-yaml (generator/core/load/fast-yaml/) vs `yaml` with positions (yaml-to-json.ts);
//   - each printer vs prettier on the same texts: JSON declarations (json-format.ts), data
//     declarations (ts-data-format.ts), code in prettier's layout (ts-code-format.ts).
// prettier is timed on a deterministic sample (every SAMPLE-th chunk, or one JSON file) and
// scaled by bytes to the whole output, which it would otherwise take minutes to format; the
// printers are timed on the whole output and on the same sample.
import { join } from "node:path";
import { syntheticCatalog } from "./synthetic-catalog.js";

const root = join(
  import.meta.dirname ?? new URL(".", import.meta.url).pathname,
  "..",
  "..",
);
const dist = (p) => import(join(root, "dist", "generator", p));
const SAMPLE = 25;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function time(f, rounds = 3) {
  await f();
  const ms = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await f();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

export default async function bench() {
  const source = syntheticCatalog(1000);
  const { parseYaml } = await dist("core/load/yaml-to-json.js");
  const { parseYamlSubset } = await dist(
    "core/load/fast-yaml/subset-parser.js",
  );
  const yamlMs = await time(() => parseYaml(source), 2);
  const fastMs = await time(() => parseYamlSubset(source), 2);
  console.log(
    `YAML with positions, 1,000 tools (${(source.length / 1024).toFixed(0)} KiB): yaml ${s(yamlMs)}, fast-yaml ${s(fastMs)} (${(yamlMs / fastMs).toFixed(0)}×; yaml costs ${s(yamlMs - fastMs)} more)`,
  );

  // The files generate formats, captured before formatting.
  const { runPipeline } = await dist("core/pipeline.js");
  const { readTemplate } = await dist("node/package-root.js");
  let files = [];
  const capture = async (fs) => ((files = fs), fs.map((f) => f.contents));
  await runPipeline({
    catalogPath: "catalog/tools.yaml",
    source,
    readTemplate,
    format: capture,
  });
  const prettier = await import("prettier");
  const { formatJsonValue } = await dist("node/json-format.js");
  const { formatTsDataFast } = await dist("node/ts-data-format.js");
  const { formatCanonicalChunks } = await dist("node/ts-code-format.js");
  const { chunkText, isDataChunk } = await dist("core/emit/artifact.js");
  const ts = { parser: "babel-ts", endOfLine: "lf" };
  const bytes = (texts) => texts.reduce((n, t) => n + t.length, 0);
  const row = (
    what,
    printerAll,
    printerSample,
    prettierSample,
    sampleBytes,
    allBytes,
  ) => {
    const prettierAll = (prettierSample * allBytes) / sampleBytes;
    console.log(
      `${what} (${(allBytes / 1e6).toFixed(1)} MB): printer ${s(printerAll)}; on the same ${(sampleBytes / 1e6).toFixed(2)} MB sample printer ${s(printerSample)} vs prettier ${s(prettierSample)} (${(prettierSample / printerSample).toFixed(0)}×) → prettier for all ≈ ${s(prettierAll)}, ${s(prettierAll - printerAll)} more`,
    );
  };

  // The JSON files are kept as data (OutputFile.json) and printed from the value, as generate does.
  const json = files.filter((f) => f.language === "json");
  const oneJson =
    json.find((f) => f.path === "providers/openai-chat.json") ?? json[0];
  row(
    "JSON declarations (printed from the value)",
    await time(
      () =>
        json.forEach((f) => formatJsonValue(f.json.value, { parser: "json" })),
      2,
    ),
    await time(() => formatJsonValue(oneJson.json.value, { parser: "json" })),
    await time(
      () =>
        prettier.format(oneJson.contents, { parser: "json", endOfLine: "lf" }),
      1,
    ),
    oneJson.contents.length,
    bytes(json.map((f) => f.contents)),
  );

  const chunks = files.flatMap((f) => f.chunks ?? []);
  const data = chunks.filter((c) => typeof c !== "string" && isDataChunk(c));
  const dataSample = data.filter((_, i) => i % SAMPLE === 0);
  row(
    "data declarations (provider modules)",
    // A fresh scope each round, as in one run: the printer caches layouts by scope.
    await time(() => {
      const scope = {};
      data.forEach((c) => formatTsDataFast({ ...c, scope }, ts));
    }, 2),
    await time(() =>
      dataSample.forEach((c) =>
        formatTsDataFast({ ...c, scope: undefined }, ts),
      ),
    ),
    await time(
      () =>
        prettier.format(dataSample.map((c) => chunkText(c)).join("\n\n"), ts),
      1,
    ),
    bytes(dataSample.map((c) => chunkText(c))),
    bytes(data.map((c) => chunkText(c))),
  );

  const canonical = chunks.filter(
    (c) => typeof c !== "string" && "canonical" in c,
  );
  const codeSample = canonical.filter((_, i) => i % SAMPLE === 0);
  const fallback = (text, o) => prettier.format(text, o);
  row(
    "code in prettier's layout (validators, call validators, types)",
    await time(() => formatCanonicalChunks(canonical, ts, fallback), 2),
    await time(() => formatCanonicalChunks(codeSample, ts, fallback)),
    await time(
      () =>
        prettier.format(codeSample.map((c) => c.canonical).join("\n\n"), ts),
      1,
    ),
    bytes(codeSample.map((c) => c.canonical)),
    bytes(canonical.map((c) => c.canonical)),
  );
}
