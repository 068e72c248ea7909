/** Slice-by-slice comparison with the disk agrees with comparing the whole encoded text. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { FileComparer } from "../../generator/node/file-compare.js";

const seed = Number(process.env.FC_SEED ?? 20261129);
const dir = mkdtempSync(join(tmpdir(), "toolcat-compare-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// ASCII, multi-byte text, surrogate pairs and lone halves: every way a slice edge can fall.
const text = fc.string({
  unit: fc.constantFrom(
    "a",
    "\n",
    "é",
    "€",
    "😀",
    "\ud83d",
    "\ude00",
    "\ud800",
  ),
  maxLength: 40,
});

describe("FileComparer", () => {
  it("says same exactly when the file holds the text's UTF-8 bytes, whatever the slice size", async () => {
    const file = join(dir, "f.txt");
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.oneof(text, fc.uint8Array({ maxLength: 60 })),
        fc.integer({ min: 1, max: 9 }),
        async (expected, onDisk, slice) => {
          const bytes =
            typeof onDisk === "string"
              ? Buffer.from(onDisk, "utf8")
              : Buffer.from(onDisk);
          writeFileSync(file, bytes);
          const state = new FileComparer(slice).compare(file, expected);
          expect(state).toBe(
            bytes.equals(Buffer.from(expected, "utf8")) ? "same" : "changed",
          );
          writeFileSync(file, Buffer.from(expected, "utf8"));
          expect(new FileComparer(slice).compare(file, expected)).toBe("same");
        },
      ),
      { seed, numRuns: 1000 },
    );
  });

  it("reports a missing file as missing and a directory as an error, as reading it whole did", () => {
    const comparer = new FileComparer();
    expect(comparer.compare(join(dir, "absent.txt"), "x")).toBe("missing");
    writeFileSync(join(dir, "file"), "x");
    expect(comparer.compare(join(dir, "file", "below.txt"), "x")).toBe(
      "missing",
    );
    mkdirSync(join(dir, "sub"));
    expect(() => comparer.compare(join(dir, "sub"), "x")).toThrow();
    expect(() => comparer.compare(join(dir, "sub"), "")).toThrow();
  });
});
