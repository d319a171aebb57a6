import { describe, expect, test } from "vitest";
import { diffLines } from "./line-diff.js";
import { mapLine, mapRange } from "./map-line.js";
import type { DiffLine, Hunk } from "./types.js";

/**
 * old: 1 a, 2 b, 3 c, 4 d, 5 e, 6 f, 7 g, 8 h, 9 i, 10 j
 * new: a, X, Y, b, c, e, f, G, h, i, j     (X Y inserted after a; d deleted; g replaced by G)
 */
const oldLines = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
const newLines = ["a", "X", "Y", "b", "c", "e", "f", "G", "h", "i", "j"];
const bare = diffLines(oldLines, newLines);

/** The same change as git prints it with 1 line of context: hunks that carry ctx lines. */
function line(kind: DiffLine["kind"], old: number | null, now: number | null, text: string): DiffLine {
  return { kind, old, new: now, text };
}
const withContext: Hunk[] = [
  {
    oldStart: 1,
    oldLines: 2,
    newStart: 1,
    newLines: 4,
    lines: [line("ctx", 1, 1, "a"), line("add", null, 2, "X"), line("add", null, 3, "Y"), line("ctx", 2, 4, "b")],
  },
  {
    oldStart: 3,
    oldLines: 6,
    newStart: 5,
    newLines: 5,
    lines: [
      line("ctx", 3, 5, "c"),
      line("del", 4, null, "d"),
      line("ctx", 5, 6, "e"),
      line("ctx", 6, 7, "f"),
      line("del", 7, null, "g"),
      line("add", null, 8, "G"),
      line("ctx", 8, 9, "h"),
    ],
  },
];

describe.each([
  { hunks: bare, shape: "0-context hunks from diffLines" },
  { hunks: withContext, shape: "git-style hunks with context lines" },
])("mapLine over $shape", ({ hunks }) => {
  test.each([
    { name: "a line before every hunk stays", line: 1, from: "old", expected: { kind: "shifted", line: 1 } },
    {
      name: "a line right below an insertion shifts down",
      line: 2,
      from: "old",
      expected: { kind: "shifted", line: 4 },
    },
    { name: "a line between hunks shifts", line: 5, from: "old", expected: { kind: "shifted", line: 6 } },
    {
      name: "a line after every hunk shifts by the net change",
      line: 10,
      from: "old",
      expected: { kind: "shifted", line: 11 },
    },
    {
      name: "a deleted line is edited, near the line above",
      line: 4,
      from: "old",
      expected: { kind: "edited", near: 5 },
    },
    {
      name: "a replaced line is edited, near its replacement",
      line: 7,
      from: "old",
      expected: { kind: "edited", near: 8 },
    },
    {
      name: "an inserted line is edited, near the line above",
      line: 3,
      from: "new",
      expected: { kind: "edited", near: 1 },
    },
    { name: "a new line maps back through the shifts", line: 9, from: "new", expected: { kind: "shifted", line: 8 } },
  ] as const)("$name", ({ line: at, from, expected }) => {
    expect(mapLine(hunks, at, from)).toEqual(expected);
  });
});

describe("mapRange", () => {
  test.each([
    {
      name: "a range between changes shifts as one",
      start: 5,
      end: 6,
      expected: { kind: "shifted", start: 6, end: 7 },
    },
    {
      name: "a range right below an insertion shifts",
      start: 2,
      end: 3,
      expected: { kind: "shifted", start: 4, end: 5 },
    },
    { name: "a range after every change shifts", start: 8, end: 10, expected: { kind: "shifted", start: 9, end: 11 } },
    {
      name: "a range with an insertion inside is edited and spans it",
      start: 1,
      end: 2,
      expected: { kind: "edited", start: 1, end: 4 },
    },
    {
      name: "a range holding a deleted line is edited",
      start: 3,
      end: 5,
      expected: { kind: "edited", start: 5, end: 6 },
    },
    {
      name: "a range that lost its first line maps onto the lines left",
      start: 4,
      end: 6,
      expected: { kind: "edited", start: 6, end: 7 },
    },
    {
      name: "a range that lost its last line maps onto the lines left",
      start: 2,
      end: 4,
      expected: { kind: "edited", start: 4, end: 5 },
    },
    {
      name: "a wholly deleted range collapses onto the line above",
      start: 4,
      end: 4,
      expected: { kind: "edited", start: 5, end: 5 },
    },
    {
      name: "a replaced line maps onto its replacement",
      start: 7,
      end: 7,
      expected: { kind: "edited", start: 8, end: 8 },
    },
  ] as const)("$name", ({ start, end, expected }) => {
    expect(mapRange(bare, start, end, "old")).toEqual(expected);
    expect(mapRange(withContext, start, end, "old")).toEqual(expected);
  });

  test("maps new-side ranges back to the old side", () => {
    expect(mapRange(bare, 9, 11, "new")).toEqual({ kind: "shifted", start: 8, end: 10 });
    expect(mapRange(bare, 2, 3, "new")).toEqual({ kind: "edited", start: 1, end: 1 });
  });

  test("with no hunks every range stays", () => {
    expect(mapRange([], 3, 9, "old")).toEqual({ kind: "shifted", start: 3, end: 9 });
    expect(mapLine([], 3, "new")).toEqual({ kind: "shifted", line: 3 });
  });

  test("a deletion at the top of the file maps to line 1", () => {
    const hunks = diffLines(["x", "y", "a"], ["a"]);
    expect(mapLine(hunks, 1, "old")).toEqual({ kind: "edited", near: 1 });
    expect(mapRange(hunks, 1, 2, "old")).toEqual({ kind: "edited", start: 1, end: 1 });
  });
});
