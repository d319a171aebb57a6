import { countChangedLines } from "../diff/line-diff.js";
import type { LinePair } from "./line-pair.js";

/** As many context lines as an anchor records each side. */
const CONTEXT_LINES = 3;
/** Readings to cost at most: each costs two small diffs, and the nearest places are the likely ones. */
const MAX_TRIES = 8;

/**
 * The quote's surroundings (the lines recorded around it, which are then's own lines around
 * `start`..`end`) as they stand in the text now, where a shortest diff can read them as the same
 * lines around the same place:
 *  - `rewritten`: both stand, with new lines between them (now lines `start`..`end`, 1-based): the
 *    quote was edited in place;
 *  - `emptied`: both stand next to each other, nothing between them, before now line `at`: the quote
 *    was removed with nothing put in its place.
 */
export type StandingSurroundings =
  | { readonly kind: "rewritten"; readonly start: number; readonly end: number }
  | { readonly kind: "emptied"; readonly at: number };

/** Where the range's surroundings are on then's side: as many lines as were recorded each side. */
export interface Surroundings {
  readonly before: number;
  readonly after: number;
}

/**
 * Finds where the surroundings of then's lines `start`..`end` still stand now: a place where the
 * recorded lines before and after read as they did, around new lines or around nothing, and the
 * reading that keeps them there (the quote deleted, the lines between them inserted, the rest aligned
 * as well as it can be) is as short as the diff. That last test is what makes them its own
 * surroundings at its own place, not a copy of them that an edit elsewhere happened to make.
 * `want` picks which kinds to look for; the nearest to `near` (the diff's place, 1-based) wins.
 * @example standingSurroundings(pair, 4, 4, { before: 3, after: 3 }, 4, "both") // { kind: "rewritten", start: 4, end: 4 }
 */
export function standingSurroundings(
  pair: LinePair,
  start: number,
  end: number,
  around: Surroundings,
  near: number,
  want: "rewritten" | "emptied" | "both",
): StandingSurroundings | null {
  const { thenIds: then, nowIds: now } = pair;
  const length = end - start + 1;
  let cost = 0;
  for (const hunk of pair.hunks) cost += hunk.oldLines + hunk.newLines;
  // A reading deletes the quote and inserts the gap, so it has `cost - length` changes to spare.
  const spare = cost - length;
  if (spare < 0) return null;
  const from = start - 1;
  const candidates: { readonly at: number; readonly gap: number }[] = [];
  // A reading keeps the lines above by aligning then[0..from) with now[0..at): they differ in length by
  // at most the spare changes, so only places that near the old one can be read so.
  for (let at = Math.max(around.before, from - spare); at <= Math.min(now.length, from + spare); at++) {
    if (!standsBefore(then, now, from, at, around.before)) continue;
    const most = want === "emptied" ? 0 : spare - Math.abs(from - at);
    for (let gap = want === "rewritten" ? 1 : 0; gap <= most && at + gap <= now.length; gap++) {
      if (standsAfter(then, now, end, at + gap, around.after)) candidates.push({ at, gap });
    }
  }
  candidates.sort((x, y) => Math.abs(x.at + 1 - near) - Math.abs(y.at + 1 - near) || x.gap - y.gap);

  let tries = 0;
  for (const { at, gap } of candidates) {
    if (tries++ === MAX_TRIES) break;
    const above = countChangedLines(then.subarray(0, from - around.before), now.subarray(0, at - around.before));
    if (above + length + gap > cost) continue;
    const below = countChangedLines(then.subarray(end + around.after), now.subarray(at + gap + around.after));
    if (above + length + gap + below > cost) continue;
    return gap === 0 ? { kind: "emptied", at: at + 1 } : { kind: "rewritten", start: at + 1, end: at + gap };
  }
  return null;
}

/**
 * Which sides of the surroundings stand right around now lines `start`..`end` (1-based): each side
 * as many lines as were recorded, so a quote recorded at the top of the file matches only a place as
 * near the top.
 * @example surroundingSides(pair, 4, 4, 10, 10, { before: 3, after: 3 }) // 2 when both sides stand
 */
export function surroundingSides(
  pair: LinePair,
  thenStart: number,
  thenEnd: number,
  start: number,
  end: number,
  around: Surroundings,
): number {
  const { thenIds: then, nowIds: now } = pair;
  return (standsBefore(then, now, thenStart - 1, start - 1, around.before) ? 1 : 0) + (standsAfter(then, now, thenEnd, end, around.after) ? 1 : 0);
}

/** then's `count` lines above index `from` read, as many of them, right above now's index `at`. */
function standsBefore(then: Int32Array, now: Int32Array, from: number, at: number, count: number): boolean {
  if (at < 0 || Math.min(at, CONTEXT_LINES) !== count) return false;
  for (let k = 1; k <= count; k++) if (now[at - k] !== then[from - k]) return false;
  return true;
}

/** then's `count` lines from index `from` on read, as many of them, from now's index `at` on. */
function standsAfter(then: Int32Array, now: Int32Array, from: number, at: number, count: number): boolean {
  if (at > now.length || Math.min(now.length - at, CONTEXT_LINES) !== count) return false;
  for (let k = 0; k < count; k++) if (now[at + k] !== then[from + k]) return false;
  return true;
}
