import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { diffAnchoredRanges } from "./anchored-diff.js";
import type { HunkRange } from "./types.js";
import { PROPERTY_SEED as SEED } from "../testing/property-seed.js";

const ids = (lines: readonly string[], table: Map<string, number>): Int32Array =>
  Int32Array.from(lines, (line) => {
    let id = table.get(line);
    if (id === undefined) table.set(line, (id = table.size));
    return id;
  });

function diff(a: readonly string[], b: readonly string[]): HunkRange[] {
  const table = new Map<string, number>();
  return diffAnchoredRanges(ids(a, table), ids(b, table));
}

/** `a` with the hunks applied, taking the added lines from `b`: equal to `b` when the hunks are right. */
function apply(a: readonly string[], b: readonly string[], hunks: readonly HunkRange[]): string[] {
  const out: string[] = [];
  let next = 0;
  for (const hunk of hunks) {
    const oldFrom = hunk.oldLines > 0 ? hunk.oldStart - 1 : hunk.oldStart;
    while (next < oldFrom) out.push(a[next++] as string);
    next += hunk.oldLines;
    if (hunk.newLines > 0) out.push(...b.slice(hunk.newStart - 1, hunk.newStart - 1 + hunk.newLines));
  }
  while (next < a.length) out.push(a[next++] as string);
  return out;
}

describe("diffAnchoredRanges", () => {
  test("a block moved past a longer one reads as the block moved: the longer run of unique lines is kept", () => {
    const block = ["function moved() {", "  moved();", "}"];
    const rest = ["function a() {", "  a();", "}", "function b() {", "  b();", "}"];
    // The block's `}` and the rest's last `}` are equal: the insertion may sit on either side of it.
    expect(diff([...block, ...rest], [...rest, ...block])).toEqual([
      { oldStart: 1, oldLines: 3, newStart: 0, newLines: 0 },
      { oldStart: 8, oldLines: 0, newStart: 6, newLines: 3 },
    ]);
  });

  test("lines that repeat more than 64 times fall back to a shortest diff", () => {
    const a = Array.from({ length: 100 }, () => "}");
    const b = [...a.slice(0, 50), "x", ...a.slice(50)];
    expect(diff(a, b)).toEqual([{ oldStart: 50, oldLines: 0, newStart: 51, newLines: 1 }]);
  });

  test("its hunks turn the old lines into the new ones, for any texts of repeated lines", () => {
    const line = fc.constantFrom("}", "", "{", "a();", "b();", "  }", "c();");
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.array(line, { maxLength: 40 }), (a, b) => {
        expect(apply(a, b, diff(a, b))).toEqual(b);
      }),
      { numRuns: 2000, seed: SEED },
    );
  });
});
