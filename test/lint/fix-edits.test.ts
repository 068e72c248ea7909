/** The text edits of `lint --fix` for required-undeclared and no-defaults: exact bytes, comments kept, CRLF kept. */
import { describe, expect, it } from "vitest";
import { fixCatalog } from "../../generator/core/lint/fix.js";

const catalog = (input: string) => `toolcat: 1
targets:
  mcp: {}
tools:
  weather:
    description: Weather.
    input:
${input}`;

function fixed(text: string): string {
  const result = fixCatalog("catalog.yaml", text);
  expect(fixCatalog("catalog.yaml", result.text).text, "idempotent").toBe(
    result.text,
  );
  return result.text;
}

describe("lint --fix text edits", () => {
  it("removes an undeclared entry from a block list, keeping its comment", () => {
    const input = `      type: object
      properties:
        city: { type: string, description: City. }
      required:
        - city
        - ghost   # renamed to city long ago
      additionalProperties: false
`;
    expect(fixed(catalog(input))).toBe(
      catalog(
        input.replace(
          "        - ghost   # renamed to city long ago\n",
          "        # renamed to city long ago\n",
        ),
      ),
    );
  });

  it("removes the whole required key when no entry is left, and closes the object after", () => {
    const input = `      type: object
      properties:
        city: { type: string, description: City. }
      required: [ghost]
`;
    expect(fixed(catalog(input))).toBe(
      catalog(
        input.replace("      required: [ghost]\n", "") +
          "      additionalProperties: false\n",
      ),
    );
  });

  it("removes several undeclared entries of one flow list", () => {
    const input = `      type: object
      properties: { city: { type: string, description: City. } }
      required: [ghost, city, phantom]
      additionalProperties: false
`;
    expect(fixed(catalog(input))).toBe(
      catalog(input.replace("[ghost, city, phantom]", "[city]")),
    );
  });

  it("keeps CRLF line ends", () => {
    const input = `      type: object
      properties:
        units:
          type: string
          description: Units
          default: c # metric
      required: [units]
      additionalProperties: false
`;
    const crlf = catalog(input).replace(/\n/g, "\r\n");
    expect(fixed(crlf)).toBe(
      catalog(
        input.replace(
          "          description: Units\n          default: c # metric\n",
          '          description: "Units. Default: \\"c\\"."\n          # metric\n',
        ),
      ).replace(/\n/g, "\r\n"),
    );
  });
});
