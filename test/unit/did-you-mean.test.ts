/** "Did you mean": the distance, the thresholds, and every place that reports an unknown name. */
import { describe, expect, it } from "vitest";
import {
  closestName,
  didYouMean,
  editDistance,
} from "../../generator/core/did-you-mean.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { KEYWORDS } from "../../generator/core/schema/keywords.js";
import { toolcat } from "../helpers/cli.js";
import { catalogWith } from "../helpers/pipeline.js";

const keywords = Object.keys(KEYWORDS);

describe("edit distance", () => {
  it("counts inserts, deletes, substitutions and neighbour swaps as one edit each", () => {
    expect(editDistance("required", "required")).toBe(0);
    expect(editDistance("requird", "required")).toBe(1);
    expect(editDistance("tpye", "type")).toBe(1);
    expect(editDistance("itmes", "items")).toBe(1);
    expect(editDistance("minimun", "minimum")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("ca", "abc")).toBe(3); // optimal string alignment, not unrestricted Damerau
  });

  it("stops early past the limit", () => {
    expect(editDistance("a", "abcdefgh", 2)).toBe(3);
  });
});

describe("closest name", () => {
  it("suggests near names, case differences included", () => {
    expect(closestName("requird", keywords)).toBe("required");
    expect(closestName("tpye", keywords)).toBe("type");
    expect(closestName("descripton", keywords)).toBe("description");
    expect(closestName("additionalproperties", keywords)).toBe(
      "additionalProperties",
    );
    expect(closestName("maxLenght", keywords)).toBe("maxLength");
    expect(closestName("proprties", keywords)).toBe("properties");
  });

  it("suggests nothing for far names, and nothing for short ones that are one edit from anything", () => {
    expect(closestName("banana", keywords)).toBeUndefined();
    expect(closestName("nullable", keywords)).toBeUndefined();
    expect(closestName("id", keywords)).toBeUndefined(); // one edit from "if", still no typo of it
    expect(closestName("requiredFields", keywords)).toBeUndefined();
    expect(didYouMean("zzz", ["tools"])).toBe("");
  });

  it("renders the suggestion", () => {
    expect(didYouMean("requird", ["required"])).toBe(
      ' (did you mean "required"?)',
    );
    expect(didYouMean("fxi", ["fix", "format"], (f) => `--${f}`)).toBe(
      " (did you mean --fix?)",
    );
  });
});

describe("every unknown name says what was meant", () => {
  const messages = (text: string) =>
    loadCatalog("catalog.yaml", text).diagnostics.map(
      (d) => `${d.rule}: ${d.message}`,
    );

  it("schema keywords and formats (unsupported-keyword)", () => {
    const m = messages(
      catalogWith({
        type: "object",
        properties: {
          a: { type: "string", description: "A.", format: "emial" },
        },
        requird: ["a"],
      }),
    );
    expect(m).toContainEqual(
      'unsupported-keyword: unsupported keyword "requird" (did you mean "required"?): not in the supported JSON Schema subset',
    );
    expect(m.find((x) => x.includes("unknown format"))).toMatch(
      /^unsupported-keyword: unknown format "emial" \(did you mean "email"\?\): supported formats are /,
    );
    const far = messages(catalogWith({ type: "object", flavour: "x" }));
    expect(far).toContainEqual(
      'unsupported-keyword: unsupported keyword "flavour": not in the supported JSON Schema subset',
    );
  });

  it("catalog keys, tool keys, targets and target options (catalog-schema)", () => {
    const m = messages(`toolcat: 1
targets: { anthropc: {}, openai-chat: { stict: true } }
tool: {}
tools:
  a: { descripton: x, input: { type: object } }
`);
    expect(m.find((x) => x.includes('"tool"'))).toMatch(
      /^catalog-schema: unknown top-level key "tool" \(did you mean "tools"\?\) \(expected one of /,
    );
    expect(m.find((x) => x.includes('"descripton"'))).toMatch(
      /unknown tool key "descripton" \(did you mean "description"\?\)/,
    );
    expect(m.find((x) => x.includes('"anthropc"'))).toMatch(
      /unknown target "anthropc" \(did you mean "anthropic"\?\) \(known: /,
    );
    expect(m.find((x) => x.includes('"stict"'))).toMatch(
      /unknown option "stict" for target openai-chat \(did you mean "strict"\?\)/,
    );
    const far = messages("toolcat: 1\ntargets: { gemini: {} }\ntools: {}\n");
    expect(far.find((x) => x.includes('"gemini"'))).toMatch(
      /unknown target "gemini" \(known: /,
    );
  });

  it("command-line commands and flags", () => {
    const flag = toolcat(process.cwd(), ["lint", "--fxi"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(
      "unknown option --fxi for lint (did you mean --fix?)",
    );
    const command = toolcat(process.cwd(), ["generat"]);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain(
      'unknown command "generat" (did you mean "generate"?)',
    );
  });
});
