import { countChangedLines } from "../diff/line-diff.js";
import type { HunkRange } from "../diff/types.js";

export interface UntouchedReadingInput {
  /** Line ids of the file then and now (equal ids, equal lines). */
  readonly then: Int32Array;
  readonly now: Int32Array;
  /** The shortest diff then → now, 0 context lines (as diffLines makes it), that touched the range. */
  readonly hunks: readonly HunkRange[];
  /** The range of `then` (1-based, inclusive). */
  readonly start: number;
  readonly end: number;
  /** Where the diff put the range now: the nearest reading wins. */
  readonly near: number;
}

/** Readings to try at most: the nearest copies are the likely ones, and each costs two small diffs. */
const MAX_TRIES = 8;
/** Hunks on each side of the ones that touch the range that a different reading may rearrange. */
const MARGIN = 2;

/**
 * Where the range is now if another shortest diff from then to now leaves it whole, else null.
 *
 * A shortest diff is not unique where lines repeat: deleting one of two equal adjacent lines reads
 * as deleting either, and when two alignments keep as many lines, the diff picks one. When the one
 * it picked touched the range but another, just as short, keeps the range whole at a copy of it, the
 * range is read as untouched there. That is the careful choice: at worst a resolve is refused and the
 * person looks, where the other reading would let an unchanged block pass as edited.
 *
 * Readings are looked for in a window around the hunks that touch the range, from a point the diff
 * keeps to another: a copy at p keeps the range whole in a diff as short as the window's part of
 * this one exactly when the lines common above it, the range, and those common below it add up to
 * the window's common lines. So a reading found is always right. One that needs the diff rearranged
 * beyond the window is looked for in the whole file next, by the same sum.
 * @example untouchedReading({ then, now, hunks, start: 3, end: 4, near: 2 }) // 2 when ["}","}","}","}"] lost its first line
 */
export function untouchedReading(input: UntouchedReadingInput): number | null {
  const { then, hunks, start, end } = input;
  if (start < 1 || end > then.length) return null;

  let first = 0;
  while (first < hunks.length && isAbove(hunks[first] as HunkRange, start)) first++;
  let last = first;
  while (last < hunks.length && oldFrom(hunks[last] as HunkRange) < end) last++;
  // hunks[first..last) touch the range (or sit right at its end); widen by the margin.
  const from = Math.max(0, first - MARGIN);
  const to = Math.min(hunks.length, last + MARGIN);
  const near = readingIn(input, from, to);
  if (near !== null || (from === 0 && to === hunks.length)) return near;
  // Another shortest diff may pass through none of the points this one keeps near the range (edits
  // above that a different alignment of repeated lines absorbs): then only the whole file can tell.
  // It costs two diffs per copy of the block, and only blocks that have a copy nearby pay it.
  return readingIn(input, 0, hunks.length);
}

/** A reading that rearranges only hunks[from..to) of the diff, keeping the lines between the others. */
function readingIn(input: UntouchedReadingInput, from: number, to: number): number | null {
  const { then, now, hunks, start, end } = input;
  const length = end - start + 1;
  const previous = hunks[from - 1];
  const next = hunks[to];
  const oldLo = previous === undefined ? 0 : oldFrom(previous) + previous.oldLines;
  const newLo = previous === undefined ? 0 : newFrom(previous) + previous.newLines;
  const oldHi = next === undefined ? then.length : oldFrom(next);
  const newHi = next === undefined ? now.length : newFrom(next);
  let changed = 0;
  for (let k = from; k < to; k++) changed += (hunks[k] as HunkRange).oldLines + (hunks[k] as HunkRange).newLines;
  const common = (oldHi - oldLo + (newHi - newLo) - changed) / 2;

  const candidates: number[] = [];
  for (let at = newLo; at + length <= newHi; at++) {
    if (readsAsRange(then, now, start - 1, at, length)) candidates.push(at);
  }
  candidates.sort((x, y) => Math.abs(x + 1 - input.near) - Math.abs(y + 1 - input.near) || x - y);

  let tries = 0;
  for (const at of candidates) {
    // Common lines can be no more than the shorter side has: a copy too far off cannot add up.
    const mostAbove = Math.min(start - 1 - oldLo, at - newLo);
    const mostBelow = Math.min(oldHi - end, newHi - at - length);
    if (mostAbove + length + mostBelow < common) continue;
    if (tries++ === MAX_TRIES) break;
    const above = commonLines(then.subarray(oldLo, start - 1), now.subarray(newLo, at));
    const below = commonLines(then.subarray(end, oldHi), now.subarray(at + length, newHi));
    if (above + length + below === common) return at + 1;
  }
  return null;
}

/** 0-based first changed line on the old side (for an insertion: the line it was inserted above). */
function oldFrom(hunk: HunkRange): number {
  return hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1;
}

function newFrom(hunk: HunkRange): number {
  return hunk.newLines === 0 ? hunk.newStart : hunk.newStart - 1;
}

/** The hunk lies wholly above 1-based line `start` (an insertion right above it included). */
function isAbove(hunk: HunkRange, start: number): boolean {
  return oldFrom(hunk) + hunk.oldLines <= start - 1;
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
