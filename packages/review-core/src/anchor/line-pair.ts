import { diffAnchoredRanges } from "../diff/anchored-diff.js";
import type { HunkRange } from "../diff/types.js";
import { isWhitespace } from "./ignore-whitespace.js";
import type { TextLines } from "./text-lines.js";

/**
 * A file's text then and now, prepared once for every thread on it: the lines of both (as offsets),
 * each line interned to an integer (equal ids, equal lines), and the line diff from then to now.
 */
export interface LinePair {
  readonly then: TextLines;
  readonly now: TextLines;
  readonly thenIds: Int32Array;
  readonly nowIds: Int32Array;
  /** then → now, one change per range (no context lines, no line objects: the cache keeps dozens). */
  readonly hunks: readonly HunkRange[];
  /** One side's lines as they read once whitespace is ignored, worked out on first use (see looseHash). */
  loose(side: "then" | "now"): Int32Array;
}

/**
 * A line's hash with its whitespace skipped (FNV-1a), of `text` or of `text` from `from` to `to`: two
 * lines that read the same but for whitespace hash alike, so a search that ignores whitespace compares
 * whole lines only where the hashes agree. Comparing every line in place costs little when lines differ
 * early, but code lines share long beginnings (`export const`, an indented `return`), and each thread of
 * a file walked all of them again.
 * @example looseHash("  a = 1;") === looseHash("a=1;") // true
 */
export function looseHash(text: string, from = 0, to = text.length): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (isWhitespace(code)) continue;
    hash = Math.imul(hash ^ code, 0x01000193);
  }
  return hash | 0;
}

/**
 * Prepares a then/now pair of texts for locating threads.
 * @example preparePair("a\nb\n", "b\n").hunks // one hunk deleting "a"
 */
export function preparePair(thenText: string, nowText: string): LinePair {
  // The interner and the line strings die here: kept in the cache, their thousands of objects would
  // live on into the old generation and make every major garbage collection slower.
  const interner = new Map<string, number>();
  const then = internThen(thenText, interner);
  // An untouched file (most of a review's files between two rounds) reads as its old self: no second
  // split, no diff.
  const now = nowText === thenText ? { lines: then.lines, ids: then.ids } : internNow(nowText, then, interner);
  const hunks = now.ids === then.ids ? [] : diffAnchoredRanges(then.ids, now.ids);
  // Most pairs are never searched ignoring whitespace (only a thread whose lines were edited asks), and
  // the old side only when the new one has exactly one copy.
  let looseThen: Int32Array | undefined;
  let looseNow: Int32Array | undefined;
  const loose = (side: "then" | "now") =>
    side === "then" || now.lines === then.lines
      ? (looseThen ??= looseHashes(then.lines))
      : (looseNow ??= looseHashes(now.lines));
  return { then: then.lines, now: now.lines, thenIds: then.ids, nowIds: now.ids, hunks, loose };
}

function looseHashes(lines: TextLines): Int32Array {
  const hashes = new Int32Array(lines.count);
  for (let i = 0; i < lines.count; i++) hashes[i] = looseHash(lines.text, lines.starts[i], lines.ends[i]);
  return hashes;
}
/** Makes the line pair of a then and a now text (`preparePair`, or one that shares pairs). */
export type PairMaker = (thenText: string, nowText: string) => LinePair;

/**
 * A `preparePair` for one pass over many threads: each distinct then/now pair of texts is prepared once
 * and handed to every thread on it (a file's five threads split and diff its texts once, not five times).
 * The pairs live as long as the maker, so a caller makes one per pass and drops it; nothing is kept across
 * passes (the server keeps located anchors instead).
 * @example const pairs = pairsOfOnePass(); locate(a, pairs); locate(b, pairs) // one split and diff when a and b share their texts
 */
export function pairsOfOnePass(): PairMaker {
  const byThen = new Map<string, Map<string, LinePair>>();
  return (thenText, nowText) => {
    let byNow = byThen.get(thenText);
    if (byNow === undefined) byThen.set(thenText, (byNow = new Map()));
    let pair = byNow.get(nowText);
    if (pair === undefined) byNow.set(nowText, (pair = preparePair(thenText, nowText)));
    return pair;
  };
}

interface InternedThen {
  readonly lines: TextLines;
  readonly ids: Int32Array;
  /** Each line's text, for reading the new text against. */
  readonly strings: readonly string[];
  /** id → the line (0-based) that has it, or -1 when several lines do; ids from `distinct` on are new. */
  readonly onlyLine: Int32Array;
  readonly distinct: number;
}

/** Splits the old text and interns every one of its lines. */
function internThen(text: string, interner: Map<string, number>): InternedThen {
  const strings = text.split("\n");
  // A final "\n" ends the last line rather than starting an empty one, and "" has no lines (splitLines).
  if (text.length === 0 || text.endsWith("\n")) strings.pop();
  const count = strings.length;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  const ids = new Int32Array(count);
  const onlyLine = new Int32Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    const line = strings[i] as string;
    starts[i] = at;
    ends[i] = at + line.length;
    at += line.length + 1;
    let id = interner.get(line);
    if (id === undefined) {
      id = interner.size;
      interner.set(line, id);
      onlyLine[id] = i;
    } else {
      onlyLine[id] = -1;
    }
    ids[i] = id;
  }
  return { lines: { text, count, starts, ends }, ids, strings, onlyLine, distinct: interner.size };
}

/**
 * Interns the new text's lines, reading them against the old text's in step: a new text is mostly
 * the old one's lines in the same order, and checking that a line reads as the old line expected
 * next costs a comparison in place, where interning it would slice it out and hash it. A line that
 * does not read as expected is interned, and when it is a line the old text has exactly once, the
 * reading carries on from there (code moved, or lines deleted above). Ids come out exact either way:
 * every line is either compared in full or looked up.
 */
function internNow(
  text: string,
  then: InternedThen,
  interner: Map<string, number>,
): { lines: TextLines; ids: Int32Array } {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  if (text.length > 0 && !text.endsWith("\n")) count++;
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  const ids = new Int32Array(count);
  let at = 0;
  let expected = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    if (expected < then.strings.length) {
      const line = then.strings[expected] as string;
      const end = at + line.length;
      if ((end === text.length || text.charCodeAt(end) === 10) && text.startsWith(line, at)) {
        ends[i] = end;
        ids[i] = then.ids[expected] as number;
        expected++;
        at = end + 1;
        continue;
      }
    }
    const newline = text.indexOf("\n", at);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(at, end);
    let id = interner.get(line);
    if (id === undefined) {
      id = interner.size;
      interner.set(line, id);
    } else if (id < then.distinct && (then.onlyLine[id] as number) >= 0) {
      expected = (then.onlyLine[id] as number) + 1;
    }
    ends[i] = end;
    ids[i] = id;
    at = end + 1;
  }
  return { lines: { text, count, starts, ends }, ids };
}
