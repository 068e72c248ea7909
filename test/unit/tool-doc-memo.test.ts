/**
 * The provider modules' doc comments of the tool constants, kept by their line
 * (generator/core/providers/emitter.ts, toolDocComment): each is jsdoc's comment of that line,
 * the same string when asked again, and the memo stays bounded. (The whole files after each kind
 * of edit, compared with a cold run: edit-memo.test.ts, watch-memo.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { jsdoc } from "../../generator/core/codegen/jsdoc.js";
import {
  toolDocComment,
  toolDocCommentsKept,
} from "../../generator/core/providers/emitter.js";

describe("tool constants' doc comments", () => {
  const lines = [
    "`search` (strict).",
    "`close*/comment` (not strict: too deep).",
    "`a\u2028b\r\nc\u0007d`.",
    "   ",
    "`x`.",
  ];

  it("are jsdoc's comment of the line, asked once or again", () => {
    for (const line of lines) {
      expect(toolDocComment(line)).toBe(jsdoc([line]));
      expect(toolDocComment(line)).toBe(jsdoc([line]));
    }
  });

  it("stay bounded", () => {
    for (let i = 0; i < 9000; i++) toolDocComment(`\`tool_${i}\`.`);
    expect(toolDocCommentsKept()).toBeLessThanOrEqual(8192);
    expect(toolDocComment("`tool_1`.")).toBe(jsdoc(["`tool_1`."]));
  });
});
