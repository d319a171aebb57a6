import type { LinePair } from "./line-pair.js";

/**
 * A pair's diff line by line: where each then line is now (-1: the diff deleted it) and which then line
 * each now line was kept from (-1: the diff wrote it, a new line). 0-based.
 */
export interface Alignment {
  readonly thenToNow: Int32Array;
  readonly nowToThen: Int32Array;
}

/** A place in the text now, 0-based and inclusive; `first > last` is an empty place before line `first`. */
export interface Place {
  readonly first: number;
  readonly last: number;
}

// Worked out on the first thread of a pair that the diff touched, and kept as long as the pair.
const alignments = new WeakMap<LinePair, Alignment>();

/**
 * The pair's alignment, from its diff's hunks.
 * @example alignmentOf(preparePair("a\nb\n", "b\n")).thenToNow // Int32Array [-1, 0]
 */
export function alignmentOf(pair: LinePair): Alignment {
  let alignment = alignments.get(pair);
  if (alignment !== undefined) return alignment;
  const thenToNow = new Int32Array(pair.then.count).fill(-1);
  const nowToThen = new Int32Array(pair.now.count).fill(-1);
  let i = 0;
  let j = 0;
  const keepUntil = (thenIndex: number): void => {
    while (i < thenIndex) {
      thenToNow[i] = j;
      nowToThen[j] = i;
      i++;
      j++;
    }
  };
  for (const hunk of pair.hunks) {
    // A side with no lines names the line before the change (unified diff convention).
    keepUntil(hunk.oldLines > 0 ? hunk.oldStart - 1 : hunk.oldStart);
    i += hunk.oldLines;
    j += hunk.newLines;
  }
  keepUntil(pair.then.count);
  alignment = { thenToNow, nowToThen };
  alignments.set(pair, alignment);
  return alignment;
}

/**
 * Where the diff takes then lines `first`..`last` (0-based): the lines it kept of them and the lines it
 * wrote in their place. A change that runs past the range gives the lines in the same position among
 * the lines it wrote; a change inside the range gives all of them. Empty (before the line that follows)
 * when the diff deleted every line and wrote nothing in their place.
 * @example mappedPlace(preparePair("a\nb\nc\n", "a\nB\nc\n"), 1, 1) // { first: 1, last: 1 }
 */
export function mappedPlace(pair: LinePair, first: number, last: number): Place {
  const { thenToNow } = alignmentOf(pair);
  let from = Number.POSITIVE_INFINITY;
  let to = -1;
  const take = (a: number, b: number): void => {
    if (a < from) from = a;
    if (b > to) to = b;
  };
  for (let k = first; k <= last; k++) {
    const kept = thenToNow[k] as number;
    if (kept !== -1) take(kept, kept);
  }
  for (const hunk of pair.hunks) {
    if (hunk.newLines === 0) continue;
    const oldFrom = hunk.oldLines > 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newFrom = hunk.newStart - 1;
    if (hunk.oldLines === 0) {
      // Lines inserted between two of the range's lines are written inside it.
      if (oldFrom > first && oldFrom <= last) take(newFrom, newFrom + hunk.newLines - 1);
      continue;
    }
    const oldLast = oldFrom + hunk.oldLines - 1;
    if (oldLast < first || oldFrom > last) continue;
    const at = (offset: number): number => newFrom + Math.min(Math.max(offset, 0), hunk.newLines - 1);
    take(
      oldFrom >= first ? newFrom : at(first - oldFrom),
      oldLast <= last ? newFrom + hunk.newLines - 1 : at(last - oldFrom),
    );
  }
  if (to >= 0) return { first: from, last: to };
  // Nothing kept, nothing written: the place closed up, before the first kept line below the range.
  for (let k = last + 1; k < thenToNow.length; k++) {
    const kept = thenToNow[k] as number;
    if (kept !== -1) return { first: kept, last: kept - 1 };
  }
  return { first: pair.now.count, last: pair.now.count - 1 };
}
