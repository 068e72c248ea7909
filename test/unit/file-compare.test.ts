/**
 * Slice-by-slice comparison with the disk agrees with comparing the whole encoded text, and
 * slice-by-slice writing writes the whole encoded text (generator/node/utf8-slices.ts).
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { FileComparer } from "../../generator/node/file-compare.js";
import { FileWriter } from "../../generator/node/file-write.js";
import { utf16Text } from "../helpers/utf16-text.js";

const seed = Number(process.env.FC_SEED ?? 20261129);
const dir = mkdtempSync(join(tmpdir(), "toolcat-compare-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every way a slice edge can fall.
const text = utf16Text(40);

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

describe("FileWriter", () => {
  it("writes the bytes writeFileSync writes, whatever the slice size, over a longer file too", () => {
    const file = join(dir, "w.txt");
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 1, max: 9 }),
        fc.uint8Array({ maxLength: 200 }),
        (written, slice, before) => {
          writeFileSync(file, before);
          new FileWriter(slice).write(file, written);
          expect(readFileSync(file).equals(Buffer.from(written, "utf8"))).toBe(
            true,
          );
          expect(new FileComparer(slice).compare(file, written)).toBe("same");
        },
      ),
      { seed, numRuns: 1000 },
    );
  });

  it("writes a text of several default slices, pairs and lone halves at their edges, with writeFileSync's mode", () => {
    const unit = 256 * 1024;
    const long =
      "a".repeat(unit - 1) +
      "😀" +
      "é".repeat(unit - 1) +
      "\ud800" +
      "€".repeat(unit) +
      "\ude00x";
    const ours = join(dir, "long-ours.txt");
    const theirs = join(dir, "long-theirs.txt");
    new FileWriter().write(ours, long);
    writeFileSync(theirs, long, "utf8");
    expect(readFileSync(ours).equals(readFileSync(theirs))).toBe(true);
    expect(statSync(ours).mode).toBe(statSync(theirs).mode);
  });
});
