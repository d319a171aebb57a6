import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { diffLines } from "./line-diff.js";
import type { Hunk } from "./types.js";
import { PROPERTY_SEED as SEED } from "../testing/property-seed.js";

/** Applies hunks (0 context) to `a`, the way `patch` would, to check they turn `a` into `b`. */
function apply(a: readonly string[], hunks: readonly Hunk[]): string[] {
  const out: string[] = [];
  let next = 0; // 0-based index of the next line of `a` not yet copied
  for (const hunk of hunks) {
    const firstDeleted = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1;
    while (next < firstDeleted) out.push(a[next++] as string);
    for (const line of hunk.lines) {
      if (line.kind === "del") {
        expect(a[next]).toBe(line.text);
        next++;
      } else if (line.kind === "add") out.push(line.text);
    }
  }
  while (next < a.length) out.push(a[next++] as string);
  return out;
}

/** The length of a longest common subsequence, by dynamic programming: the yardstick for minimality. */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const next = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      next[j] = a[i - 1] === b[j - 1] ? (row[j - 1] as number) + 1 : Math.max(row[j] as number, next[j - 1] as number);
    }
    row = next;
  }
  return row[b.length] as number;
}

function changedCount(hunks: readonly Hunk[]): number {
  return hunks.reduce((sum, hunk) => sum + hunk.oldLines + hunk.newLines, 0);
}

describe("diffLines", () => {
  test.each([
    { name: "equal files have no hunks", a: ["a", "b"], b: ["a", "b"], hunks: [] },
    {
      name: "an insertion at the top names line 0 on the old side",
      a: ["a"],
      b: ["x", "a"],
      hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 1 }],
    },
    {
      name: "a deletion in the middle names the line before it on the new side",
      a: ["a", "b", "c"],
      b: ["a", "c"],
      hunks: [{ oldStart: 2, oldLines: 1, newStart: 1, newLines: 0 }],
    },
    {
      name: "a replaced line is one hunk, deletion first",
      a: ["a", "b", "c"],
      b: ["a", "B", "c"],
      hunks: [{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 1 }],
    },
    {
      name: "a CRLF line differs from its LF twin",
      a: ["a", "b"],
      b: ["a\r", "b"],
      hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1 }],
    },
    {
      name: "everything new",
      a: [],
      b: ["x", "y"],
      hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2 }],
    },
    {
      name: "everything gone",
      a: ["x", "y"],
      b: [],
      hunks: [{ oldStart: 1, oldLines: 2, newStart: 0, newLines: 0 }],
    },
  ])("$name", ({ a, b, hunks }) => {
    const result = diffLines(a, b);
    expect(
      result.map(({ oldStart, oldLines, newStart, newLines }) => ({ oldStart, oldLines, newStart, newLines })),
    ).toEqual(hunks);
    expect(apply(a, result)).toEqual(b);
  });

  test("lines carry their numbers and text, deletions before additions", () => {
    expect(diffLines(["a", "b", "c"], ["a", "B", "c"])[0]?.lines).toEqual([
      { kind: "del", old: 2, new: null, text: "b" },
      { kind: "add", old: null, new: 2, text: "B" },
    ]);
  });

  test("turns a into b with a minimal number of changed lines (random files, few distinct lines)", () => {
    const file = fc.array(fc.constantFrom("}", "", "a", "b", "return null;"), { maxLength: 40 });
    fc.assert(
      fc.property(file, file, (a, b) => {
        const hunks = diffLines(a, b);
        expect(apply(a, hunks)).toEqual(b);
        expect(changedCount(hunks)).toBe(a.length + b.length - 2 * lcsLength(a, b));
      }),
      { numRuns: 500, seed: SEED },
    );
  });

  test("stays correct on a long rewrite that hits the cost limit", () => {
    // Two unrelated 6,000-line files: the search gives up on minimality but must still be a valid diff.
    const a = Array.from({ length: 6000 }, (_, i) => `a${(i * 7919) % 4001}`);
    const b = Array.from({ length: 6000 }, (_, i) => `a${(i * 104729) % 3989}`);
    const hunks = diffLines(a, b);
    expect(apply(a, hunks)).toEqual(b);
  });
});
