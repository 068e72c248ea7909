/**
 * The format checkers copied into generated validators (templates/validators/helpers.ts) give
 * ajv-formats' answers in full mode — the reference for format definitions — on the suite's
 * strings, on hand-picked edge cases and on random strings over each format's alphabet.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fullFormats } from "ajv-formats/dist/formats.js";
import * as helpers from "../../templates/validators/helpers.js";
import { dataRoot } from "./harness.js";

type Check = (s: string) => boolean;
const reference = (name: string): Check => {
  const f = (fullFormats as Record<string, unknown>)[name];
  if (f instanceof RegExp) return (s) => f.test(s);
  if (typeof f === "function") return f as Check;
  return (f as { validate: Check }).validate;
};

const OURS: Record<string, Check> = {
  date: helpers.formatDate,
  time: helpers.formatTime,
  "date-time": helpers.formatDateTime,
  duration: helpers.formatDuration,
  email: helpers.formatEmail,
  hostname: helpers.formatHostname,
  ipv4: helpers.formatIpv4,
  ipv6: helpers.formatIpv6,
  uri: helpers.formatUri,
  uuid: helpers.formatUuid,
};

/** Characters each format is made of, plus look-alikes (non-ASCII digits, Kelvin sign, separators). */
const ALPHABETS: Record<string, string> = {
  date: "0123456789-+:Tt ১٣\n",
  time: "0123456789:.+-zZ ১\n",
  "date-time":
    "0123456789-:.+zZTt  \u2028\u00a0\n১x\t\r\f\u0008\u000e\u000b\u001c\u0085\u180e\u3000\ufeff",
  duration: "PYMWDTHS0123456789.,- \n২",
  email: "abAZ.@-_+~!#$%&'*/=?^`{|}\"[]:0123456789 \n\u212aſ",
  hostname: "ab-.0123456789_ \nxn-",
  ipv4: "0123456789. \n",
  ipv6: "0123456789abcdefABCDEF:. \n%",
  uri: "abAZ:/?#[]@!$&'()*+,;=-._~%0123456789 \\\"<>{}|^`\n\u212aſ@`[{",
  uuid: "0123456789abcdefABCDEFgG-urn:idURNID\u212a\n",
};

const EDGES: Record<string, string[]> = {
  date: [
    "2024-02-29",
    "2023-02-29",
    "2000-02-29",
    "1900-02-29",
    "2024-12-31",
    "2024-00-10",
    "2024-01-00",
    "2024-01-32",
    "2024-1-01",
    "02024-01-01",
    "2024-01-01\n",
    "２０２４-01-01",
    "1600-02-29",
    "2100-02-29",
    "2024-02-30",
    "2024-04-31",
    "2024-04-30",
    "2024-12-32",
    "0000-02-29",
    "2024/01/01",
    "2024-0a-01",
    "2024-01-0:",
    "",
  ],
  time: [
    "23:59:60Z",
    "23:59:60+00:00",
    "00:59:60+01:00",
    "23:59:60.9Z",
    "12:00:00",
    "12:00:00z",
    "12:00:00+01",
    "12:00:00+0130",
    "12:00:00+01:",
    "12:00:00+1:30",
    "12:00:00.Z",
    "24:00:00Z",
    "12:60:00Z",
    "12:00:00+24:00",
    "12:00:00+23:60",
    "00:59:59.999999999999999Z",
    "12:00:58.99999999999999999999Z",
    "12:00:59.99999999999999999999Z",
    "23:59:59.99999999999999999999Z",
    "23:59:59.99999999999999999999+00:00",
    "12:00:00Z\n",
    "1:00:00Z",
    "",
  ],
  "date-time": [
    "2024-02-29T23:59:60Z",
    "2024-02-29 12:00:00Z",
    "2024-02-29t12:00:00z",
    "2024-02-29\u202812:00:00Z",
    "2024-02-29\u00a012:00:00Z",
    "2024-02-29TT12:00:00Z",
    "2024-02-29T12:00:00Zt",
    "2024-02-29\t12:00:00Z",
    "2024-02-29\u000b12:00:00Z",
    "2024-02-29\r12:00:00Z",
    "2024-02-29\f12:00:00Z",
    "2024-02-29\u000812:00:00Z",
    "2024-02-29\u000e12:00:00Z",
    "2024-02-29\u001c12:00:00Z",
    "2024-02-29\u008512:00:00Z",
    "2024-02-29\u180e12:00:00Z",
    "2024-02-29\u300012:00:00Z",
    "2024-02-29\ufeff12:00:00Z",
    "2024-02-29T12:00:58.99999999999999999999Z",
    "2024-02-29T12:00:59.99999999999999999999Z",
    "2024-02-29T23:59:59.99999999999999999999Z",
    "2024-02-29T23:59:60.99999999999999999999Z",
    "2023-02-29T12:00:00Z",
    "2024-02-30T12:00:00Z",
    "2024-04-31T12:00:00Z",
    "2024-02-29",
    "T12:00:00Z",
    "",
  ],
  uuid: [
    "2eb8aa08-aa98-11ea-b4aa-73b441d16380",
    "URN:UUID:2eb8aa08-aa98-11ea-b4aa-73b441d16380",
    "urn:uuid:2EB8AA08-AA98-11EA-B4AA-73B441D16380",
    "urn:uu\u212aid:2eb8aa08-aa98-11ea-b4aa-73b441d16380",
    "2eb8aa08-aa98-11ea-b4aa-73b441d1638g",
    "2eb8aa08-aa98-11ea-b4aa-73b441d16380\n",
    "",
  ],
};

function suiteStrings(format: string): string[] {
  const file = path.join(
    dataRoot,
    "json-schema-test-suite/draft2020-12/optional/format",
    `${format}.json`,
  );
  const groups = JSON.parse(readFileSync(file, "utf8")) as {
    tests: { data: unknown }[];
  }[];
  return groups
    .flatMap((g) => g.tests.map((t) => t.data))
    .filter((d): d is string => typeof d === "string");
}

describe("format checkers equal ajv-formats (full mode)", () => {
  for (const [name, ours] of Object.entries(OURS)) {
    it(name, () => {
      const ref = reference(name);
      const fixed = [...suiteStrings(name), ...(EDGES[name] ?? [])];
      for (const s of fixed) expect(ours(s), JSON.stringify(s)).toBe(ref(s));
      const chars = [...ALPHABETS[name]!];
      const fromSamples = fc.constantFrom(...fixed.filter((s) => s.length > 0));
      const mutated = fc
        .tuple(fromSamples, fc.nat(40), fc.constantFrom(...chars), fc.nat(2))
        .map(([s, at, c, op]) => {
          const i = at % (s.length + 1);
          return op === 0
            ? s.slice(0, i) + c + s.slice(i)
            : op === 1
              ? s.slice(0, i) + c + s.slice(i + 1)
              : s.slice(0, i) + s.slice(i + 1);
        });
      const random = fc
        .array(fc.constantFrom(...chars), { maxLength: 48 })
        .map((a) => a.join(""));
      fc.assert(
        fc.property(
          fc.oneof(mutated, random, fc.string()),
          (s) => ours(s) === ref(s),
        ),
        { seed: 12345, numRuns: 20_000 },
      );
    });
  }
});
