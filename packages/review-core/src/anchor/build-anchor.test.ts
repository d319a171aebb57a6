import { describe, expect, test } from "vitest";
import { diffLines } from "../diff/line-diff.js";
import { buildAnchor, type BuildAnchorInput } from "./build-anchor.js";

const text = (lines: readonly string[]): string => lines.map((line) => `${line}\n`).join("");

// old: a b c d e f g h      new: a B c d X e f g h   (b replaced by B, X inserted after d)
const OLD = ["a", "b", "c", "d", "e", "f", "g", "h"];
const NEW = ["a", "B", "c", "d", "X", "e", "f", "g", "h"];
const base: BuildAnchorInput = {
  side: "new",
  start: null,
  end: null,
  oldText: text(OLD),
  newText: text(NEW),
  hunks: diffLines(OLD, NEW),
  file: "src/a.ts",
};

describe("buildAnchor", () => {
  test.each([
    {
      name: "new side: added lines quote with +, unchanged ones with a space",
      input: { start: 4, end: 6 },
      anchor: {
        side: "new",
        start: 4,
        end: 6,
        quoted: [" d", "+X", " e"],
        context: { before: ["a", "B", "c"], after: ["f", "g", "h"] },
      },
    },
    {
      name: "new side: expanded context (no change at all) can be commented",
      input: { start: 8, end: 8 },
      anchor: { side: "new", start: 8, end: 8, quoted: [" g"], context: { before: ["X", "e", "f"], after: ["h"] } },
    },
    {
      name: "context stops at the top of the file",
      input: { start: 1, end: 2 },
      anchor: { side: "new", start: 1, end: 2, quoted: [" a", "+B"], context: { before: [], after: ["c", "d", "X"] } },
    },
    {
      name: "context stops at the end of the file",
      input: { start: 9, end: 9 },
      anchor: { side: "new", start: 9, end: 9, quoted: [" h"], context: { before: ["e", "f", "g"], after: [] } },
    },
    {
      name: "old side: a deleted line quotes with -",
      input: { side: "old", start: 2, end: 2 },
      anchor: { side: "old", start: 2, end: 2, quoted: ["-b"], context: { before: ["a"], after: ["c", "d", "e"] } },
    },
    {
      name: "whole file: no quote, no context",
      input: {},
      anchor: { side: "new", start: null, end: null, quoted: [], context: { before: [], after: [] } },
    },
    {
      name: "whole file of a binary file is allowed",
      input: { binary: true, oldText: null, newText: null, hunks: [] },
      anchor: { side: "new", start: null, end: null, quoted: [], context: { before: [], after: [] } },
    },
  ] as const)("$name", ({ input, anchor }) => {
    expect(buildAnchor({ ...base, ...input })).toEqual({ ok: true, anchor });
  });

  test.each([
    {
      name: "a range past the end, with the lines to pick",
      input: { start: 8, end: 12 },
      reason: "out_of_range",
      message: "lines 8-12 are past the end of src/a.ts (9 lines); pick lines 1-9",
    },
    {
      name: "one line past the end",
      input: { start: 10, end: 10 },
      reason: "out_of_range",
      message: "line 10 is past the end of src/a.ts (9 lines); pick lines 1-9",
    },
    {
      name: "old side on a line the diff does not delete, saying where it is on the new side",
      input: { side: "old", start: 2, end: 3 },
      reason: "not_in_diff",
      message:
        "old line 3 of src/a.ts is not deleted in this diff (it reads as new line 3); comment on side new, or pick only deleted lines on side old",
    },
    {
      name: "a line range on a binary file",
      input: { start: 1, end: 1, binary: true },
      reason: "binary",
      message: "src/a.ts is a binary file; comment on the whole file instead of lines",
    },
    {
      name: "new side of a deleted file",
      input: { start: 1, end: 1, newText: null },
      reason: "not_in_diff",
      message: "src/a.ts is deleted in this diff; comment on its deleted lines (side old) or on the whole file",
    },
    {
      name: "old side of an added file",
      input: { side: "old", start: 1, end: 1, oldText: null },
      reason: "not_in_diff",
      message: "src/a.ts is new in this diff and has no old lines; comment on side new",
    },
    {
      name: "lines of an empty file",
      input: { start: 1, end: 1, newText: "" },
      reason: "out_of_range",
      message: "src/a.ts is empty; comment on the whole file",
    },
    {
      name: "a backwards range",
      input: { start: 5, end: 3 },
      reason: "invalid_input",
      message:
        "lines 5-3 are not a range; give a first and last line with 1 <= first <= last, or neither for the whole file",
    },
    {
      name: "only one end given",
      input: { start: 5, end: null },
      reason: "invalid_input",
      message:
        "lines 5-? are not a range; give a first and last line with 1 <= first <= last, or neither for the whole file",
    },
  ] as const)("refuses $name", ({ input, reason, message }) => {
    expect(buildAnchor({ ...base, ...input })).toEqual({ ok: false, reason, message });
  });

  test("old side past the end names the old file", () => {
    expect(buildAnchor({ ...base, side: "old", start: 9, end: 9 })).toEqual({
      ok: false,
      reason: "out_of_range",
      message: "line 9 is past the end of the old src/a.ts (8 lines); pick lines 1-8",
    });
  });

  test("works with git-style hunks that carry context lines", () => {
    const hunks = [
      {
        oldStart: 1,
        oldLines: 3,
        newStart: 1,
        newLines: 3,
        lines: [
          { kind: "ctx", old: 1, new: 1, text: "a" },
          { kind: "del", old: 2, new: null, text: "b" },
          { kind: "add", old: null, new: 2, text: "B" },
          { kind: "ctx", old: 3, new: 3, text: "c" },
        ],
      },
      {
        oldStart: 4,
        oldLines: 2,
        newStart: 4,
        newLines: 3,
        lines: [
          { kind: "ctx", old: 4, new: 4, text: "d" },
          { kind: "add", old: null, new: 5, text: "X" },
          { kind: "ctx", old: 5, new: 6, text: "e" },
        ],
      },
    ] as const;
    expect(buildAnchor({ ...base, hunks, start: 1, end: 5 })).toMatchObject({
      ok: true,
      anchor: { quoted: [" a", "+B", " c", " d", "+X"] },
    });
  });
});
