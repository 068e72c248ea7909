/**
 * The wide-line breakers of generator/node/wide-lines/ (imports, union aliases, type members;
 * issue 25) against prettier itself: random lines of each shape, laid out flat as the emitters
 * write them, formatted through the canonical fast path with no prettier to fall back on, must
 * give prettier's bytes at print widths 40, 80 and 120 and under `singleQuote`, and most must be
 * answered. Seeded; `TOOLCAT_FORMAT_SEED` replays a run.
 */
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { formatCanonicalChunks } from "../../generator/node/ts-code-format.js";

const SEED = Number(process.env.TOOLCAT_FORMAT_SEED ?? 7);
const LAYOUTS: readonly prettier.Options[] = [
  { printWidth: 40 },
  { printWidth: 80 },
  { printWidth: 120 },
  { printWidth: 80, singleQuote: true },
  { printWidth: 60, trailingComma: "es5" },
];

const ident = fc.stringMatching(/^[a-zA-Z_$][a-zA-Z0-9_$]{0,30}$/);
const typeName = fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,40}$/);
const word = fc.stringMatching(/^[a-z][a-z0-9_ '+-]{0,20}$/);
const literal = fc.oneof(
  word.map((w) => JSON.stringify(w)),
  fc.integer({ min: -50, max: 5000 }).map(String),
);
const keyword = fc.constantFrom(
  "null",
  "string",
  "number",
  "boolean",
  "unknown",
);

/** A flat line of one shape; `member` when it sits in an interface body. */
interface Shape {
  readonly member: boolean;
  readonly text: string;
}

const importLine = fc
  .tuple(
    fc.uniqueArray(
      fc.tuple(ident, fc.boolean(), fc.option(ident, { nil: undefined })),
      { minLength: 1, maxLength: 8, selector: ([n]) => n },
    ),
    fc.boolean(),
    fc.stringMatching(/^\.\.?\/[a-z/.-]{1,50}\.js$/),
  )
  .map(([specs, typeOnly, from]): Shape => ({
    member: false,
    text: `import ${typeOnly ? "type " : ""}{ ${specs
      .map(
        ([n, type, alias]) =>
          `${!typeOnly && type ? "type " : ""}${n}${alias !== undefined && alias !== n ? ` as ${alias}` : ""}`,
      )
      .join(", ")} } from ${JSON.stringify(from)};`,
  }));

const unionAlias = fc
  .tuple(
    typeName,
    fc.boolean(),
    fc.uniqueArray(fc.oneof(literal, typeName, keyword), {
      minLength: 1,
      maxLength: 14,
    }),
  )
  .map(([n, exported, alts]): Shape => ({
    member: false,
    text: `${exported ? "export " : ""}type ${n} = ${alts.join(" | ")};`,
  }));

const key = fc.oneof(
  ident,
  word.map((w) => JSON.stringify(w)),
);
const simpleType = fc.oneof(
  typeName,
  keyword,
  typeName.map((t) => `${t}[]`),
  fc
    .uniqueArray(literal, { minLength: 2, maxLength: 4 })
    .map((a) => a.join(" | ")),
);
const objectType: fc.Arbitrary<string> = fc.letrec((tie) => ({
  object: fc
    .array(
      fc.tuple(
        fc.oneof(key, fc.constant("[key: string]")),
        fc.boolean(),
        fc.oneof(
          { weight: 3, arbitrary: simpleType },
          { weight: 1, arbitrary: tie("object") as fc.Arbitrary<string> },
        ),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .map(
      (members) =>
        `{ ${members
          .map(
            ([k, optional, t]) =>
              `${k}${optional && !k.startsWith("[") ? "?" : ""}: ${t}`,
          )
          .join("; ")} }`,
    ),
})).object as fc.Arbitrary<string>;

const typeMember = fc
  .tuple(
    key,
    fc.boolean(),
    fc.oneof(
      typeName,
      typeName.map((t) => `${t}[]`),
      objectType,
    ),
  )
  .map(([k, optional, t]): Shape => ({
    member: true,
    text: `${k}${optional ? "?" : ""}: ${t};`,
  }));

const arrayUnion = fc
  .tuple(
    key,
    fc.boolean(),
    fc.uniqueArray(fc.oneof(literal, typeName), {
      minLength: 2,
      maxLength: 12,
    }),
  )
  .map(([k, optional, alts]): Shape => ({
    member: true,
    text: `${k}${optional ? "?" : ""}: (${alts.join(" | ")})[];`,
  }));

const tree: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 4, arbitrary: ident.filter((i) => !/^\d/.test(i)) },
    { weight: 1, arbitrary: literal },
    {
      weight: 2,
      arbitrary: fc
        .array(tie("value") as fc.Arbitrary<string>, { maxLength: 12 })
        .map((items) => `[${items.join(", ")}]`),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(ident, tie("value") as fc.Arbitrary<string>), {
          maxLength: 4,
        })
        .map((entries) =>
          entries.length === 0
            ? "{}"
            : `{ ${entries.map(([k, v]) => `${k}: ${v}`).join(", ")} }`,
        ),
    },
  ),
})).value as fc.Arbitrary<string>;

const valueTree = fc
  .tuple(
    ident,
    typeName,
    fc.oneof(
      // The provider lists' shape: one object holding the declarations.
      fc
        .array(ident, { minLength: 1, maxLength: 30 })
        .map((ids) => `[{ functionDeclarations: [${ids.join(", ")}] }]`),
      tree.filter((t) => t.startsWith("[") || t.startsWith("{")),
    ),
  )
  .map(([n, t, value]): Shape => ({
    member: false,
    text: `export const ${n}: ${t}[] = ${value};`,
  }));

const operand = fc.oneof(
  ident,
  word.map((w) => JSON.stringify(`"${w}":`)),
  fc.tuple(ident, typeName).map(([a, t]) => `jsonNumber(${a} as ${t})`),
  fc
    .tuple(ident, ident)
    .map(([a, b]) => `(${a} === null ? "null" : jsonString(${b} as string))`),
  fc.tuple(ident, ident).map(([a, b]) => `(${a} ? "true" : ${b})`),
);
const concatenation = fc
  .tuple(
    fc.constantFrom("s", "out", "text.value"),
    fc.array(operand, { minLength: 2, maxLength: 6 }),
  )
  .map(([target, operands]): Shape => ({
    member: false,
    text: `${target} += ${operands.join(" + ")};`,
  }));

/** Formats each case both ways; how many were wide and how many the fast path answered. */
async function check(
  shapes: readonly [Shape, number][],
): Promise<{ wide: number; taken: number }> {
  let wide = 0;
  let taken = 0;
  for (const layout of LAYOUTS) {
    const options = { parser: "babel-ts", ...layout };
    const { printWidth = 80 } = layout;
    for (const [{ member, text }, depth] of shapes) {
      const source = member
        ? `interface W {\n${"w: {\n".repeat(depth)}${text}\n${"};\n".repeat(depth)}}`
        : depth === 0
          ? text
          : `function w() {\n${"{\n".repeat(depth - 1)}${text}\n${"}\n".repeat(depth - 1)}}`;
      // Laid out as the emitters write it: prettier's layout where everything fits.
      const canonical = (
        await prettier.format(source, {
          parser: "babel-ts",
          printWidth: 10_000,
        })
      ).trimEnd();
      if (canonical.split("\n").every((l) => l.length <= printWidth)) continue;
      wide++;
      const [ours] = await formatCanonicalChunks(
        [{ canonical, members: member }],
        options,
        async () => {
          throw new Error("no prettier here");
        },
      );
      if (ours === undefined) continue;
      taken++;
      expect(ours, `${JSON.stringify(layout)}: ${canonical}`).toBe(
        await prettier.format(canonical, options),
      );
    }
  }
  return { wide, taken };
}

const sample = (shape: fc.Arbitrary<Shape>, maxDepth: number) =>
  fc.sample(fc.tuple(shape, fc.integer({ min: 0, max: maxDepth })), {
    seed: SEED,
    numRuns: 120,
  });

describe("wide lines broken without prettier (generator/node/wide-lines/)", () => {
  it.each([
    ["import lines", importLine, 0],
    ["union type aliases", unionAlias, 0],
    ["type members: names and object types", typeMember, 3],
    ["type members: arrays of unions", arrayUnion, 3],
    ["lists of names and literals", valueTree, 0],
    ["appended concatenations", concatenation, 6],
  ] as const)(
    "%s break as prettier breaks them",
    async (_, shape, maxDepth) => {
      const { wide, taken } = await check(sample(shape, maxDepth));
      expect(wide).toBeGreaterThan(100);
      expect(taken / wide).toBeGreaterThan(0.6);
    },
    120_000,
  );
});
