// The peer of `toolcat generate` for generate.bench.js: what a team without toolcat runs to get
// validators and types for the same catalog, as one fresh process — the YAML read with `yaml`,
// every tool's input and output schema (with the catalog's `$defs`) compiled by Ajv standalone
// (allErrors, own properties, ajv-formats: the semantics toolcat's validators match) into one
// module, and by json-schema-to-typescript into one types file. Neither is formatted, and it
// writes no provider declarations, dispatcher or runtime: the peer does less than toolcat.
// test/unit/peer-generate.test.ts checks that its validators answer as toolcat's do, errors included.
//   node test/bench/peer-generate.js <catalog.yaml> <out dir>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, _ } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import standaloneModule from "ajv/dist/standalone/index.js";
import { compile } from "json-schema-to-typescript";
import { parse } from "yaml";

const addFormats = addFormatsModule.default ?? addFormatsModule;
const standaloneCode = standaloneModule.default ?? standaloneModule;

const [catalogPath, outDir] = process.argv.slice(2);
if (!catalogPath || !outDir) throw new Error("usage: peer-generate.js <catalog.yaml> <out dir>");
const catalog = parse(readFileSync(catalogPath, "utf8"));
const defs = catalog.$defs ?? {};
const withDefs = (schema) => ({ ...schema, $defs: { ...defs, ...(schema.$defs ?? {}) } });

const ajv = new Ajv2020({ allErrors: true, ownProperties: true, strict: false, code: { source: true, esm: false, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
addFormats(ajv);
const exports = {};
let types = "";
for (const [name, tool] of Object.entries(catalog.tools)) {
  const schemas = [["Input", tool.input], ...(tool.output ? [["Output", tool.output]] : [])];
  for (const [suffix, schema] of schemas) {
    const id = `${name}${suffix}`;
    ajv.addSchema(withDefs(schema), id);
    exports[`validate_${id}`] = id;
    types += await compile(withDefs(schema), id, { format: false, bannerComment: "", declareExternallyReferenced: true });
  }
}
mkdirSync(outDir, { recursive: true });
// CommonJS: Ajv standalone refers to ajv-formats with `require` (test/unit/peer-generate.test.ts loads it).
writeFileSync(join(outDir, "validators.cjs"), standaloneCode(ajv, exports));
writeFileSync(join(outDir, "types.ts"), types);
