import { mapLine } from "../diff/map-line.js";
import type { HunkRange } from "../diff/types.js";
import type { AnchorContext } from "./types.js";

/** As many context lines as an anchor records each side. */
const CONTEXT_LINES = 3;

/**
 * One side's lines as a search reads them, exactly or ignoring whitespace: the caller picks the
 * fastest test it has (interned ids, lengths without whitespace) behind these two questions.
 */
export interface SearchLines {
  readonly count: number;
  /** Line `index` (0-based) reads as quote line `k`. */
  readsQuote(index: number, k: number): boolean;
  /** Line `index` (0-based) reads as `text`. */
  readsText(index: number, text: string): boolean;
}

export interface BlockSearch {
  /** The file now and then. */
  readonly now: SearchLines;
  readonly then: SearchLines;
  /** How many lines the quote has. */
  readonly length: number;
  /** The exact diff from then to now, to recognise copies of the quote that were already there. */
  readonly hunks: readonly HunkRange[];
  /** The 1-based line where the diff put the quote; the nearest acceptable copy wins. */
  readonly near: number;
  /** Undefined when the thread carries no context. */
  readonly context: AnchorContext | undefined;
  /** Whether the quote is long and wordy enough to be trusted on its own when it is unique. */
  readonly distinctive: boolean;
  /**
   * Whether the diff wrote lines other than the `length` lines from `line` (1-based, new side) where
   * the quote stood: then the quote was rewritten in place rather than cut out (see searchBlock).
   */
  writtenOver(line: number, length: number): boolean;
}

/** Quotes of at most this many lines are too short to be trusted on their own once their place was edited. */
const SHORT_QUOTE = 3;

/**
 * Finds where an intact copy of a quoted block went once the diff touched its own lines: the copy
 * nearest to where the diff put it, among the copies that may be it. A copy may be it only when
 *  - it is mostly new: at least half of its lines are added in the diff, as a block cut and pasted
 *    is. A copy the diff leaves alone is another, older copy of the same text (like the first `}`
 *    of the file), and one pieced together from old lines and a new one is a coincidence; and
 *  - the lines around it read as they did: both the lines before and after it for a short or common
 *    quote (a `}`, a `return null;`, a blank line), either side for a distinctive one, or none at all
 *    when the distinctive quote has exactly one copy in the old file and one in the new. That last
 *    pass is not given to a short quote (up to 3 lines) whose own place now holds other new lines:
 *    there the quote was edited in place, and one identical copy in code added elsewhere (a second
 *    `const result = compute(a, b);`) is a coincidence unless the lines around it say otherwise.
 *    A short quote whose place was deleted, with nothing new there, was cut, and may be pasted.
 * Returns the 1-based first line of the copy, or null.
 * @example searchBlock({ now, then, length: 1, hunks, near: 12, context, distinctive: false }) // 40
 */
export function searchBlock(search: BlockSearch): number | null {
  const { now, length, context } = search;
  if (length === 0) return null;
  const hits = occurrences(now, length);
  if (hits.length === 0) return null;
  const uniqueOnBothSides = hits.length === 1 && occurrences(search.then, length).length === 1;

  let best: { line: number; distance: number; score: number } | null = null;
  for (const at of hits) {
    const line = at + 1;
    if (addedLines(search.hunks, line, length) * 2 < length) continue;
    const before = context !== undefined && contextBefore(now, at, context.before);
    const after = context !== undefined && contextAfter(now, at + length, context.after);
    const alone = uniqueOnBothSides && !(length <= SHORT_QUOTE && search.writtenOver(line, length));
    const trusted = search.distinctive ? before || after || alone : before && after;
    if (!trusted) continue;
    const distance = Math.abs(line - search.near);
    const score = (before ? 1 : 0) + (after ? 1 : 0);
    if (best === null || distance < best.distance || (distance === best.distance && score > best.score)) {
      best = { line, distance, score };
    }
  }
  return best?.line ?? null;
}

/** How many of the `count` lines from `line` (1-based, new side) the diff adds. */
function addedLines(hunks: readonly HunkRange[], line: number, count: number): number {
  let added = 0;
  for (let k = 0; k < count; k++) if (mapLine(hunks, line + k, "new").kind === "edited") added++;
  return added;
}

/** 0-based starts of every copy of the quote. */
function occurrences(lines: SearchLines, length: number): number[] {
  const found: number[] = [];
  outer: for (let at = 0; at + length <= lines.count; at++) {
    for (let k = 0; k < length; k++) {
      if (!lines.readsQuote(at + k, k)) continue outer;
    }
    found.push(at);
  }
  return found;
}

/**
 * The lines right above `at` are the recorded ones: the same lines, as many of them (up to 3, so a
 * quote recorded near the top of the file matches only a copy as near the top).
 */
function contextBefore(now: SearchLines, at: number, before: readonly string[]): boolean {
  if (Math.min(at, CONTEXT_LINES) !== before.length) return false;
  for (let k = 0; k < before.length; k++) {
    if (!now.readsText(at - before.length + k, before[k] as string)) return false;
  }
  return true;
}

/** The lines from `at` (the line after the copy) on are the recorded ones, as many of them. */
function contextAfter(now: SearchLines, at: number, after: readonly string[]): boolean {
  if (Math.min(now.count - at, CONTEXT_LINES) !== after.length) return false;
  for (let k = 0; k < after.length; k++) {
    if (!now.readsText(at + k, after[k] as string)) return false;
  }
  return true;
}
