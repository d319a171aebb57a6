import type { DiffLine, Hunk, HunkRange } from "./types.js";

/**
 * Past this many edit rounds in one middle-snake search, the search stops looking for the minimal
 * script and splits at its furthest point instead (as GNU diff does when a diff gets "too expensive"),
 * so a wholesale rewrite of a huge file costs O((N+M)·limit) instead of O((N+M)·D).
 * Files that differ by fewer than about 2,000 lines are always diffed minimally.
 */
const COST_LIMIT = 1024;

/**
 * A line diff of two texts' lines (Myers' O(ND) algorithm in linear space, over lines interned to
 * integers, common prefix and suffix trimmed first), as hunks with no context lines.
 * @example diffLines(["a", "b", "c"], ["a", "c", "d"]) // [{ oldStart: 2, oldLines: 1, newStart: 1, newLines: 0, ... }, { oldStart: 3, oldLines: 0, newStart: 3, newLines: 1, ... }]
 */
export function diffLines(a: readonly string[], b: readonly string[]): Hunk[] {
  const ids = new Map<string, number>();
  return diffInternedLines(
    internAll(a, ids),
    internAll(b, ids),
    (i) => a[i] as string,
    (i) => b[i] as string,
  );
}

/**
 * `diffLines` for lines already interned, so that two lines are equal exactly when their ids are;
 * the text of a line (0-based) is asked for only for the changed lines that go into the hunks.
 * @example diffInternedLines(Int32Array.of(0, 1), Int32Array.of(1), (i) => ["x", "y"][i], (i) => ["y"][i]) // one hunk deleting "x"
 */
export function diffInternedLines(
  aIds: Int32Array,
  bIds: Int32Array,
  aLine: (index: number) => string,
  bLine: (index: number) => string,
): Hunk[] {
  return diffInternedRanges(aIds, bIds).map((range) => withLines(range, aLine, bLine));
}

/**
 * Where a shortest diff of two interned line lists changes them, as hunk ranges without lines (one
 * change each, no context). Callers that keep many diffs at once (locate's pair cache) keep these:
 * no line objects and no line strings for the garbage collector to carry.
 * @example diffInternedRanges(Int32Array.of(0, 1), Int32Array.of(1)) // [{ oldStart: 1, oldLines: 1, newStart: 0, newLines: 0 }]
 */
export function diffInternedRanges(aIds: Int32Array, bIds: Int32Array): HunkRange[] {
  const aChanged = new Uint8Array(aIds.length);
  const bChanged = new Uint8Array(bIds.length);
  markShortestChanges(aIds, bIds, aChanged, bChanged);
  return changeRanges(aChanged, bChanged);
}

function internAll(lines: readonly string[], ids: Map<string, number>): Int32Array {
  const out = new Int32Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    let id = ids.get(line);
    if (id === undefined) {
      id = ids.size;
      ids.set(line, id);
    }
    out[i] = id;
  }
  return out;
}

/**
 * Marks every deleted line of a and inserted line of b, by a shortest diff (views made by `subarray`
 * mark in place). A line with no equal on the other side is
 * changed in every diff, so those are marked first and left out of the search: the shortest diff of
 * what remains, plus them, is still a shortest diff, and edited lines (usually unique) cost nothing.
 */
export function markShortestChanges(a: Int32Array, b: Int32Array, aChanged: Uint8Array, bChanged: Uint8Array): void {
  let maxId = 0;
  for (let i = 0; i < a.length; i++) if ((a[i] as number) > maxId) maxId = a[i] as number;
  for (let i = 0; i < b.length; i++) if ((b[i] as number) > maxId) maxId = b[i] as number;
  const inA = new Uint8Array(maxId + 1);
  const inB = new Uint8Array(maxId + 1);
  for (let i = 0; i < a.length; i++) inA[a[i] as number] = 1;
  for (let i = 0; i < b.length; i++) inB[b[i] as number] = 1;
  const aKept = keptIndexes(a, inB);
  const bKept = keptIndexes(b, inA);
  const paths = new Paths(aKept.length + bKept.length);
  if (aKept.length === a.length && bKept.length === b.length) {
    compareSequences(a, b, 0, a.length, 0, b.length, aChanged, bChanged, paths);
    return;
  }
  const aSub = new Int32Array(aKept.length);
  const bSub = new Int32Array(bKept.length);
  for (let k = 0; k < aKept.length; k++) aSub[k] = a[aKept[k] as number] as number;
  for (let k = 0; k < bKept.length; k++) bSub[k] = b[bKept[k] as number] as number;
  const aSubChanged = new Uint8Array(aSub.length);
  const bSubChanged = new Uint8Array(bSub.length);
  compareSequences(aSub, bSub, 0, aSub.length, 0, bSub.length, aSubChanged, bSubChanged, paths);
  aChanged.fill(1);
  bChanged.fill(1);
  for (let k = 0; k < aKept.length; k++) aChanged[aKept[k] as number] = aSubChanged[k] as number;
  for (let k = 0; k < bKept.length; k++) bChanged[bKept[k] as number] = bSubChanged[k] as number;
}

/** Indexes of the lines whose id is present on the other side. */
function keptIndexes(ids: Int32Array, present: Uint8Array): Int32Array {
  const kept = new Int32Array(ids.length);
  let count = 0;
  for (let i = 0; i < ids.length; i++) if (present[ids[i] as number] === 1) kept[count++] = i;
  return kept.subarray(0, count);
}

/** Marks the lines of a[aLo..aHi) that are deleted and of b[bLo..bHi) that are inserted. */
function compareSequences(
  a: Int32Array,
  b: Int32Array,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
  aChanged: Uint8Array,
  bChanged: Uint8Array,
  paths: Paths,
): void {
  // Trimming first makes the common case (a few edits in a long file) nearly linear.
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
    aLo++;
    bLo++;
  }
  while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) {
    aHi--;
    bHi--;
  }
  if (aLo === aHi) {
    bChanged.fill(1, bLo, bHi);
    return;
  }
  if (bLo === bHi) {
    aChanged.fill(1, aLo, aHi);
    return;
  }
  const split = middleSnake(a, b, aLo, aHi, bLo, bHi, paths);
  if (split === null) {
    aChanged.fill(1, aLo, aHi);
    bChanged.fill(1, bLo, bHi);
    return;
  }
  compareSequences(a, b, aLo, split.x, bLo, split.y, aChanged, bChanged, paths);
  compareSequences(a, b, split.x, aHi, split.y, bHi, aChanged, bChanged, paths);
}

/**
 * The furthest-reaching paths of one middle-snake search, by diagonal, shared by every search of a
 * diff. A search fills only the diagonals it can reach (about twice its edit distance), so the many
 * small searches of a recursion cost their own size, not the whole file's.
 */
class Paths {
  readonly forward: Int32Array;
  readonly backward: Int32Array;
  /** Index of diagonal 0. */
  readonly offset: number;
  constructor(lines: number) {
    this.offset = Math.ceil(lines / 2) + 2;
    this.forward = new Int32Array(2 * this.offset + 1);
    this.backward = new Int32Array(2 * this.offset + 1);
  }
}

interface Split {
  readonly x: number;
  readonly y: number;
}

/**
 * Runs the forward and backward searches of Myers' paper toward each other until their furthest
 * paths overlap; the overlap is a point on a shortest edit path, so the two halves can be diffed apart.
 * Returns null when the ranges share nothing. Both ranges are non-empty and differ at both ends.
 */
function middleSnake(
  a: Int32Array,
  b: Int32Array,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
  paths: Paths,
): Split | null {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const maxD = Math.ceil((n + m) / 2);
  const { forward, backward, offset } = paths;
  // forward[offset + k]: furthest x on diagonal k (x - y = k) from the start; backward: furthest x
  // walked back from the end; -1 where no path reached. Diagonals within `filled` of 0 are this
  // search's own; further ones still hold an earlier search's paths and read as unreached.
  let filled = 1;
  forward.fill(-1, offset - filled, offset + filled + 1);
  backward.fill(-1, offset - filled, offset + filled + 1);
  forward[offset + 1] = 0;
  backward[offset + 1] = 0;
  const delta = n - m;
  const forwardMeetsBackward = (delta & 1) !== 0;
  // Diagonals that ran off the grid are skipped from then on.
  let fStart = 0;
  let fEnd = 0;
  let bStart = 0;
  let bEnd = 0;

  for (let d = 0; d < maxD; d++) {
    if (d > COST_LIMIT) return furthestForward(forward, offset, d, n, m, aLo, bLo);
    // This round reads diagonals up to d + 1 away and writes up to d.
    if (filled < d + 1) {
      forward[offset - d - 1] = -1;
      forward[offset + d + 1] = -1;
      backward[offset - d - 1] = -1;
      backward[offset + d + 1] = -1;
      filled = d + 1;
    }
    for (let k = -d + fStart; k <= d - fEnd; k += 2) {
      const i = offset + k;
      let x =
        k === -d || (k !== d && (forward[i - 1] as number) < (forward[i + 1] as number))
          ? (forward[i + 1] as number)
          : (forward[i - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
        x++;
        y++;
      }
      forward[i] = x;
      if (x > n) fEnd += 2;
      else if (y > m) fStart += 2;
      else if (forwardMeetsBackward) {
        const j = delta - k;
        if (
          j >= -filled &&
          j <= filled &&
          (backward[offset + j] as number) !== -1 &&
          x >= n - (backward[offset + j] as number)
        ) {
          return { x: aLo + x, y: bLo + y };
        }
      }
    }
    for (let k = -d + bStart; k <= d - bEnd; k += 2) {
      const i = offset + k;
      let x =
        k === -d || (k !== d && (backward[i - 1] as number) < (backward[i + 1] as number))
          ? (backward[i + 1] as number)
          : (backward[i - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[aHi - x - 1] === b[bHi - y - 1]) {
        x++;
        y++;
      }
      backward[i] = x;
      if (x > n) bEnd += 2;
      else if (y > m) bStart += 2;
      else if (!forwardMeetsBackward) {
        const j = delta - k;
        if (j >= -filled && j <= filled && (forward[offset + j] as number) !== -1) {
          const fx = forward[offset + j] as number;
          const fy = fx - j;
          if (fx >= n - x) return { x: aLo + fx, y: bLo + fy };
        }
      }
    }
  }
  return null;
}

/** The too-expensive fallback: split where the forward search got furthest (x + y largest). */
function furthestForward(
  forward: Int32Array,
  offset: number,
  d: number,
  n: number,
  m: number,
  aLo: number,
  bLo: number,
): Split {
  let best: Split = { x: aLo, y: bLo };
  let bestSum = -1;
  for (let k = -d; k <= d; k++) {
    const x = forward[offset + k] as number;
    const y = x - k;
    if (x < 0 || x > n || y < 0 || y > m) continue;
    if (x + y > bestSum && x + y < n + m) {
      bestSum = x + y;
      best = { x: aLo + x, y: bLo + y };
    }
  }
  return best;
}

/** One range per run of changed lines, from the marks of both sides. */
export function changeRanges(aChanged: Uint8Array, bChanged: Uint8Array): HunkRange[] {
  const ranges: HunkRange[] = [];
  const aCount = aChanged.length;
  const bCount = bChanged.length;
  let i = 0;
  let j = 0;
  while (i < aCount || j < bCount) {
    if (i < aCount && j < bCount && aChanged[i] === 0 && bChanged[j] === 0) {
      i++;
      j++;
      continue;
    }
    const aFrom = i;
    const bFrom = j;
    while (i < aCount && aChanged[i] === 1) i++;
    while (j < bCount && bChanged[j] === 1) j++;
    // A side with no lines names the line before the change, as unified diffs do (0: the file's top).
    ranges.push({
      oldStart: i > aFrom ? aFrom + 1 : aFrom,
      oldLines: i - aFrom,
      newStart: j > bFrom ? bFrom + 1 : bFrom,
      newLines: j - bFrom,
    });
  }
  return ranges;
}

/** A range's hunk: its deleted lines, then its added ones, as git prints them. */
function withLines(range: HunkRange, aLine: (index: number) => string, bLine: (index: number) => string): Hunk {
  const lines: DiffLine[] = [];
  const aFrom = range.oldLines > 0 ? range.oldStart - 1 : range.oldStart;
  const bFrom = range.newLines > 0 ? range.newStart - 1 : range.newStart;
  for (let k = aFrom; k < aFrom + range.oldLines; k++)
    lines.push({ kind: "del", old: k + 1, new: null, text: aLine(k) });
  for (let k = bFrom; k < bFrom + range.newLines; k++)
    lines.push({ kind: "add", old: null, new: k + 1, text: bLine(k) });
  return { ...range, lines };
}
