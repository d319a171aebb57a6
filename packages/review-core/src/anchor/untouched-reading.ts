import { countChangedLines } from "../diff/line-diff.js";
import type { Hunk } from "../diff/types.js";

export interface UntouchedReadingInput {
  /** Line ids of the file then and now (equal ids, equal lines). */
  readonly then: Int32Array;
  readonly now: Int32Array;
  /** The diff then → now that touched the range (0 context). */
  readonly hunks: readonly Hunk[];
  /** The range of `then` (1-based, inclusive); its lines must read as the quote. */
  readonly start: number;
  readonly end: number;
  /** Where the diff put the range now: the nearest reading wins. */
  readonly near: number;
}

/** Readings to try at most: the nearest copies are the likely ones, and each costs two diffs. */
const MAX_TRIES = 8;

/**
 * Where the range is now if some shortest diff from then to now leaves it whole, else null.
 *
 * A shortest diff is not unique where lines repeat: deleting one of two equal adjacent lines reads
 * as deleting either, and when two alignments keep as many lines, the diff picks one. When the one
 * it picked touched the range but another, just as short, keeps the range whole at a copy of it, the
 * range is read as untouched there. That is the careful choice: at worst a resolve is refused and the
 * person looks, where the other reading would let an unchanged block pass as edited.
 * A copy at p keeps the range whole in a shortest diff exactly when the common lines above it, the
 * range, and the common lines below it add up to the longest common subsequence of the two files.
 * @example untouchedReading({ then, now, hunks, start: 3, end: 4, near: 2 }) // 2 when ["}","}","}","}"] lost its first line
 */
export function untouchedReading(input: UntouchedReadingInput): number | null {
  const { then, now, start, end } = input;
  const length = end - start + 1;
  if (start < 1 || end > then.length) return null;
  const changed = input.hunks.reduce((sum, hunk) => sum + hunk.oldLines + hunk.newLines, 0);
  const common = (then.length + now.length - changed) / 2;
  const first = then[start - 1] as number;

  // A reading moves the range by at most the number of changed lines.
  const candidates: number[] = [];
  const from = Math.max(0, start - 1 - changed);
  const to = Math.min(now.length - length, start - 1 + changed);
  for (let at = now.indexOf(first, from); at !== -1 && at <= to; at = now.indexOf(first, at + 1)) {
    if (readsAsRange(then, now, start - 1, at, length)) candidates.push(at);
  }
  candidates.sort((x, y) => Math.abs(x + 1 - input.near) - Math.abs(y + 1 - input.near) || x - y);

  for (const at of candidates.slice(0, MAX_TRIES)) {
    const above = commonLines(then.subarray(0, start - 1), now.subarray(0, at));
    const below = commonLines(then.subarray(end), now.subarray(at + length));
    if (above + length + below === common) return at + 1;
  }
  return null;
}

function readsAsRange(then: Int32Array, now: Int32Array, from: number, at: number, length: number): boolean {
  for (let k = 0; k < length; k++) {
    if (now[at + k] !== then[from + k]) return false;
  }
  return true;
}

function commonLines(a: Int32Array, b: Int32Array): number {
  return (a.length + b.length - countChangedLines(a, b)) / 2;
}
