// The peer of `toolcat generate` for generate.bench.js: what a team without toolcat runs to get
// validators and types for the same catalog, as one fresh process — the YAML read with `yaml`,
// every tool's input and output schema (with the catalog's `$defs`/`definitions`) compiled by Ajv
// standalone (allErrors, own properties, ajv-formats: the semantics toolcat's validators match)
// into one module — draft-07 schemas (`$schema` naming draft-07) by Ajv's draft-07 class into a
// second one, since Ajv2020 cannot compile them — and by json-schema-to-typescript into one types
// file, which one prettier pass formats (the app's config, as toolcat's output is). It writes no
// provider declarations, dispatcher or runtime: the peer does less than toolcat.
// test/unit/peer-generate.test.ts checks that its validators answer as toolcat's do, errors included.
//   node test/bench/peer-generate.js <catalog.yaml> <out dir>
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020, _ } from "ajv/dist/2020.js";
import AjvDraft07Module from "ajv";
import addFormatsModule from "ajv-formats";
import standaloneModule from "ajv/dist/standalone/index.js";
import { compile } from "json-schema-to-typescript";
import * as prettier from "prettier";
import { parse } from "yaml";

const addFormats = addFormatsModule.default ?? addFormatsModule;
const standaloneCode = standaloneModule.default ?? standaloneModule;
const AjvDraft07 = AjvDraft07Module.default ?? AjvDraft07Module;

const [catalogPath, outDir] = process.argv.slice(2);
if (!catalogPath || !outDir)
  throw new Error("usage: peer-generate.js <catalog.yaml> <out dir>");
const catalog = parse(readFileSync(catalogPath, "utf8"));
/** The catalog's definitions added to a schema's own, under both names a schema may refer to them by. */
const withDefs = (schema) => {
  const out = { ...schema };
  for (const key of ["$defs", "definitions"])
    if (catalog[key] || schema[key])
      out[key] = { ...(catalog[key] ?? {}), ...(schema[key] ?? {}) };
  return out;
};
const isDraft07 = (schema) =>
  typeof schema.$schema === "string" &&
  /json-schema\.org\/draft-07\/schema#?$/.test(schema.$schema);

const options = {
  allErrors: true,
  ownProperties: true,
  strict: false,
  code: {
    source: true,
    esm: false,
    formats: _`require("ajv-formats/dist/formats").fullFormats`,
  },
};
const ajv2020 = new Ajv2020(options);
const ajv07 = new AjvDraft07(options);
addFormats(ajv2020);
addFormats(ajv07);
const exports2020 = {};
const exports07 = {};
let types = "";
for (const [name, tool] of Object.entries(catalog.tools)) {
  const schemas = [
    ["Input", tool.input],
    ...(tool.output ? [["Output", tool.output]] : []),
  ];
  for (const [suffix, schema] of schemas) {
    const id = `${name}${suffix}`;
    const draft07 = isDraft07(schema);
    (draft07 ? ajv07 : ajv2020).addSchema(withDefs(schema), id);
    (draft07 ? exports07 : exports2020)[`validate_${id}`] = id;
    types += await compile(withDefs(schema), id, {
      format: false,
      bannerComment: "",
      declareExternallyReferenced: true,
    });
  }
}
mkdirSync(outDir, { recursive: true });
// CommonJS: Ajv standalone refers to ajv-formats with `require` (test/unit/peer-generate.test.ts loads it).
writeFileSync(
  join(outDir, "validators.cjs"),
  standaloneCode(ajv2020, exports2020),
);
if (Object.keys(exports07).length > 0)
  writeFileSync(
    join(outDir, "validators-draft07.cjs"),
    standaloneCode(ajv07, exports07),
  );
const typesPath = join(outDir, "types.ts");
const config =
  (await prettier.resolveConfig(typesPath, { editorconfig: true })) ?? {};
writeFileSync(
  typesPath,
  await prettier.format(types, { ...config, filepath: typesPath }),
);
