import type { Hunk } from "@opencode-review/core";

/**
 * The hunks of a file that lines `start`-`end` of one side touch, whole hunks as the diff shows them. A hunk
 * with no lines on that side (only additions seen from `old`, only deletions from `new`) is touched at the
 * line where it sits.
 * @example touchedHunks(file.hunks, "new", 10, 14)
 */
export function touchedHunks(hunks: readonly Hunk[], side: "new" | "old", start: number, end: number): Hunk[] {
  return hunks.filter((hunk) => {
    const first = side === "new" ? hunk.newStart : hunk.oldStart;
    const count = side === "new" ? hunk.newLines : hunk.oldLines;
    const last = count === 0 ? first : first + count - 1;
    const from = count === 0 ? Math.max(first, 1) : first;
    return from <= end && last >= start;
  });
}
