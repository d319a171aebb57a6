import { changeRanges, markShortestChanges } from "./line-diff.js";
import type { HunkRange } from "./types.js";

/**
 * A line that occurs more often than this in a stretch of the old text is no anchor there: `}` and blank
 * lines would otherwise tie the two texts together at arbitrary places (git's histogram diff stops at the
 * same count).
 */
const MAX_OCCURRENCES = 64;

/**
 * A line diff that anchors on rare lines, as git's histogram and patience diffs do: it keeps the longest
 * run of equal lines around the rarest line the two texts share, then diffs what lies above it and what
 * lies below it the same way. Where the texts share no line rare enough, the stretch gets a shortest
 * diff (Myers). Among the many equally short diffs of a text full of `}` and blank lines, a shortest diff
 * picks one by the order of its search; this one keeps `function total(items) {` with the lines around
 * it, so a block that moved reads as moved and the lines around an edit stay where they stand.
 * @example diffAnchoredRanges(Int32Array.of(0, 1, 2), Int32Array.of(0, 2)) // [{ oldStart: 2, oldLines: 1, newStart: 1, newLines: 0 }]
 */
export function diffAnchoredRanges(a: Int32Array, b: Int32Array): HunkRange[] {
  const aChanged = new Uint8Array(a.length);
  const bChanged = new Uint8Array(b.length);
  markAnchoredChanges(a, b, aChanged, bChanged);
  return changeRanges(aChanged, bChanged);
}

/** The run of equal lines a stretch is split at: a[aStart..aEnd) equals b[bStart..bEnd). */
interface Run {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  /** The fewest times one of its lines occurs in the old stretch. */
  rarity: number;
}

/** Per-diff scratch: occurrences of each line id in the stretch being split, and where they are. */
interface Occurrences {
  readonly counts: Int32Array;
  /** The first index of each id in the stretch, or -1; `next` chains the rest in order. */
  readonly heads: Int32Array;
  readonly next: Int32Array;
}

function markAnchoredChanges(a: Int32Array, b: Int32Array, aChanged: Uint8Array, bChanged: Uint8Array): void {
  let maxId = -1;
  for (let i = 0; i < a.length; i++) if ((a[i] as number) > maxId) maxId = a[i] as number;
  const occurrences: Occurrences = {
    counts: new Int32Array(maxId + 1),
    heads: new Int32Array(maxId + 1).fill(-1),
    next: new Int32Array(a.length),
  };
  // Stretches still to split, four numbers each (aLo, aHi, bLo, bHi): a stack, not recursion, since a
  // text of many small edits splits many times.
  const stack: number[] = [0, a.length, 0, b.length];
  while (stack.length > 0) {
    let bHi = stack.pop() as number;
    let bLo = stack.pop() as number;
    let aHi = stack.pop() as number;
    let aLo = stack.pop() as number;
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
      continue;
    }
    if (bLo === bHi) {
      aChanged.fill(1, aLo, aHi);
      continue;
    }
    const run = rarestRun(a, b, aLo, aHi, bLo, bHi, occurrences);
    if (run === null) {
      markShortestChanges(
        a.subarray(aLo, aHi),
        b.subarray(bLo, bHi),
        aChanged.subarray(aLo, aHi),
        bChanged.subarray(bLo, bHi),
      );
      continue;
    }
    stack.push(aLo, run.aStart, bLo, run.bStart, run.aEnd, aHi, run.bEnd, bHi);
  }
}

/**
 * The run of equal lines to keep in a stretch: around the rarest line both sides share (counted in the
 * old side), the longest such run; null when no shared line is rare enough to anchor on.
 */
function rarestRun(
  a: Int32Array,
  b: Int32Array,
  aLo: number,
  aHi: number,
  bLo: number,
  bHi: number,
  { counts, heads, next }: Occurrences,
): Run | null {
  for (let i = aHi - 1; i >= aLo; i--) {
    const id = a[i] as number;
    counts[id] = (counts[id] as number) + 1;
    next[i] = heads[id] as number;
    heads[id] = i;
  }
  let best: Run | null = null;
  let j = bLo;
  while (j < bHi) {
    const id = b[j] as number;
    const count = id < counts.length ? (counts[id] as number) : 0;
    let after = j + 1;
    if (count > 0 && count <= MAX_OCCURRENCES && (best === null || count <= best.rarity)) {
      for (let i = heads[id] as number; i !== -1; i = next[i] as number) {
        let aStart = i;
        let bStart = j;
        while (aStart > aLo && bStart > bLo && a[aStart - 1] === b[bStart - 1]) {
          aStart--;
          bStart--;
        }
        let aEnd = i + 1;
        let bEnd = j + 1;
        while (aEnd < aHi && bEnd < bHi && a[aEnd] === b[bEnd]) {
          aEnd++;
          bEnd++;
        }
        let rarity = count;
        for (let k = aStart; k < aEnd; k++) rarity = Math.min(rarity, counts[a[k] as number] as number);
        if (
          best === null ||
          rarity < best.rarity ||
          (rarity === best.rarity && aEnd - aStart > best.aEnd - best.aStart)
        ) {
          best = { aStart, aEnd, bStart, bEnd, rarity };
        }
        // The new lines this run covers are read; the next anchor is looked for after them.
        if (bEnd > after) after = bEnd;
      }
    }
    j = after;
  }
  for (let i = aLo; i < aHi; i++) {
    const id = a[i] as number;
    counts[id] = 0;
    heads[id] = -1;
  }
  return best;
}
