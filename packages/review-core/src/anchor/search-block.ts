import { mapRange } from "../diff/map-line.js";
import type { Hunk } from "../diff/types.js";

/** The lines around a quote, as ids in the same interning as the haystack. */
export interface ContextIds {
  readonly before: Int32Array;
  readonly after: Int32Array;
}

/** As many context lines as an anchor records each side. */
const CONTEXT_LINES = 3;

export interface BlockSearch {
  /** The file now, as line ids. */
  readonly now: Int32Array;
  /** The file then, as line ids in the same interning (to tell whether the quote was unique). */
  readonly then: Int32Array;
  /** The quoted lines as ids; -1 (a line in neither text) matches nothing. */
  readonly quote: Int32Array;
  /** The exact diff from then to now, to recognise copies of the quote that were already there. */
  readonly hunks: readonly Hunk[];
  /** The 1-based line where the diff put the quote; the nearest acceptable copy wins. */
  readonly near: number;
  /** Undefined when the thread carries no context. */
  readonly context: ContextIds | undefined;
  /** Whether the quote is long and wordy enough to be trusted on its own when it is unique. */
  readonly distinctive: boolean;
}

/**
 * Finds where an intact copy of a quoted block went once the diff touched its own lines: the copy
 * nearest to where the diff put it, among the copies that may be it. A copy may be it only when
 *  - it is not a copy that was already in the file (the diff leaves all its lines alone, in one
 *    piece: it is another, older copy of the same text, like the first `}` of the file), and
 *  - the lines around it read as they did: both the lines before and after it for a short or common
 *    quote (a `}`, a `return null;`, a blank line), either side for a distinctive one, or none at all
 *    when the distinctive quote has exactly one copy in the old file and one in the new.
 * Returns the 1-based first line of the copy, or null.
 * @example searchBlock({ now, then, quote, hunks, near: 12, context, distinctive: false }) // 40
 */
export function searchBlock(search: BlockSearch): number | null {
  const { now, quote, context } = search;
  if (quote.length === 0 || quote.includes(-1)) return null;
  const hits = occurrences(now, quote);
  if (hits.length === 0) return null;
  const uniqueOnBothSides = hits.length === 1 && occurrences(search.then, quote).length === 1;

  let best: { line: number; distance: number; score: number } | null = null;
  for (const at of hits) {
    const line = at + 1;
    if (mapRange(search.hunks, line, line + quote.length - 1, "new").kind === "shifted") continue;
    const before = context !== undefined && contextBefore(now, at, context.before);
    const after = context !== undefined && contextAfter(now, at + quote.length, context.after);
    const trusted = search.distinctive ? before || after || uniqueOnBothSides : before && after;
    if (!trusted) continue;
    const distance = Math.abs(line - search.near);
    const score = (before ? 1 : 0) + (after ? 1 : 0);
    if (best === null || distance < best.distance || (distance === best.distance && score > best.score)) {
      best = { line, distance, score };
    }
  }
  return best?.line ?? null;
}

/** 0-based starts of every copy of `needle` in `haystack`. */
function occurrences(haystack: Int32Array, needle: Int32Array): number[] {
  const found: number[] = [];
  const first = needle[0] as number;
  const last = haystack.length - needle.length;
  outer: for (let at = haystack.indexOf(first); at !== -1 && at <= last; at = haystack.indexOf(first, at + 1)) {
    for (let k = 1; k < needle.length; k++) {
      if (haystack[at + k] !== needle[k]) continue outer;
    }
    found.push(at);
  }
  return found;
}

/**
 * The lines right above `at` are the recorded ones: the same lines, as many of them (up to 3, so a
 * quote recorded near the top of the file matches only a copy as near the top).
 */
function contextBefore(now: Int32Array, at: number, before: Int32Array): boolean {
  if (Math.min(at, CONTEXT_LINES) !== before.length) return false;
  for (let k = 0; k < before.length; k++) {
    if (now[at - before.length + k] !== before[k]) return false;
  }
  return true;
}

/** The lines from `at` (the line after the copy) on are the recorded ones, as many of them. */
function contextAfter(now: Int32Array, at: number, after: Int32Array): boolean {
  if (Math.min(now.length - at, CONTEXT_LINES) !== after.length) return false;
  for (let k = 0; k < after.length; k++) {
    if (now[at + k] !== after[k]) return false;
  }
  return true;
}
