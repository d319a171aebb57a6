import { diffWordsWithSpace } from "diff";
import type { DiffLine, FileDiff, Hunk } from "./types.js";

/** A character range of a line's text that differs from the line it pairs with: UTF-16 offsets, end exclusive. */
export type WordRange = readonly [start: number, end: number];

/**
 * Two lines count as an edit of each other when the text they share (after trimming the common start and
 * end, as a word diff keeps it) is at least this part of both lines together: GitHub's and git's
 * `--word-diff` readings differ, this is the one docs/http.md states.
 */
const SIMILAR_ENOUGH = 0.5;

/**
 * A word diff gives up past this many edits: lines that far apart are a rewrite, not an edit, and the bound
 * keeps one pair of very long lines from costing the whole diff.
 */
const MOST_EDITS = 64;

const commonStart = (a: string, b: string): number => {
  const most = Math.min(a.length, b.length);
  let i = 0;
  while (i < most && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
};

const commonEnd = (a: string, b: string, start: number): number => {
  const most = Math.min(a.length, b.length) - start;
  let i = 0;
  while (i < most && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
};

// A cut inside a word would show half a word as changed: the shared start and end stop at a word's edge.
const WORD = /[\p{L}\p{N}_]/u;
// ASCII answered by its code (most code is ASCII, and this runs on every paired line); the rest by Unicode class.
const isWordChar = (text: string, at: number): boolean => {
  const c = text.charCodeAt(at);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  return WORD.test(text[at]!);
};
const backToEdge = (text: string, at: number): number => {
  let i = at;
  while (i > 0 && i < text.length && isWordChar(text, i - 1) && isWordChar(text, i)) i--;
  return i;
};

// One word, or nothing but word characters: jsdiff would answer "all of it changed", so it is not asked.
const isOneWord = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (!isWordChar(text, i)) return false;
  return true;
};

/**
 * The changed words of two lines that read as an edit of each other: for each side, the ranges that differ,
 * or null when they are not similar enough to pair (see SIMILAR_ENOUGH). The word level is jsdiff's
 * `diffWordsWithSpace` (words, and each run of whitespace, as tokens), run on what lies between the two
 * lines' common start and end.
 * @example changedWords("total = price * qty;", "total = price * quantity;") // { old: [[16, 19]], new: [[16, 24]] }
 */
export function changedWords(
  oldText: string,
  newText: string,
): { readonly old: readonly WordRange[]; readonly new: readonly WordRange[] } | null {
  if (oldText === newText) return null;
  const start = Math.min(
    backToEdge(oldText, commonStart(oldText, newText)),
    backToEdge(newText, commonStart(oldText, newText)),
  );
  let end = commonEnd(oldText, newText, start);
  // The shared end also stops at a word's edge, on both sides.
  while (end > 0 && (atWordInside(oldText, oldText.length - end) || atWordInside(newText, newText.length - end))) end--;
  const a = oldText.slice(start, oldText.length - end);
  const b = newText.slice(start, newText.length - end);
  const olds: WordRange[] = [];
  const news: WordRange[] = [];
  let same = start + end;
  if (a.length > 0 && b.length > 0 && !(isOneWord(a) && isOneWord(b))) {
    const parts = diffWordsWithSpace(a, b, { maxEditLength: MOST_EDITS });
    if (parts === undefined) return null;
    let i = start;
    let j = start;
    for (const part of parts) {
      const n = part.value.length;
      if (part.added) {
        pushRange(news, j, j + n);
        j += n;
      } else if (part.removed) {
        pushRange(olds, i, i + n);
        i += n;
      } else {
        same += n;
        i += n;
        j += n;
      }
    }
  } else {
    if (a.length > 0) olds.push([start, start + a.length]);
    if (b.length > 0) news.push([start, start + b.length]);
  }
  if ((2 * same) / (oldText.length + newText.length) < SIMILAR_ENOUGH) return null;
  return { old: olds, new: news };
}

const atWordInside = (text: string, at: number): boolean =>
  at > 0 && at < text.length && isWordChar(text, at - 1) && isWordChar(text, at);

// Two changed tokens in a row (a word and the space after it) read as one range.
function pushRange(ranges: WordRange[], start: number, end: number): void {
  const last = ranges[ranges.length - 1];
  if (last && last[1] === start) ranges[ranges.length - 1] = [last[0], end];
  else ranges.push([start, end]);
}

// Written out rather than spread: one shape for every worded line keeps 20,000 of them cheap to make.
const withWords = (line: DiffLine, words: readonly WordRange[]): DiffLine =>
  line.noNewline
    ? { kind: line.kind, old: line.old, new: line.new, text: line.text, noNewline: true, words }
    : { kind: line.kind, old: line.old, new: line.new, text: line.text, words };

/**
 * A hunk's lines with `words` on the changed lines that pair: within each run of deleted lines followed by
 * added lines, the first deleted with the first added, the second with the second, and so on, a pair only
 * when `changedWords` finds the two similar enough. Unpaired lines get no `words`.
 * @example hunkWithWords(hunk).lines[1].words // [[16, 24]]
 */
export function hunkWithWords<H extends Hunk>(hunk: H): H {
  const lines: DiffLine[] = [...hunk.lines];
  let changed = false;
  for (let i = 0; i < lines.length; ) {
    if (lines[i]!.kind !== "del") {
      i++;
      continue;
    }
    let d = i;
    while (d < lines.length && lines[d]!.kind === "del") d++;
    let a = d;
    while (a < lines.length && lines[a]!.kind === "add") a++;
    const pairs = Math.min(d - i, a - d);
    for (let k = 0; k < pairs; k++) {
      const del = lines[i + k]!;
      const add = lines[d + k]!;
      const words = changedWords(del.text, add.text);
      if (words === null) continue;
      lines[i + k] = withWords(del, words.old);
      lines[d + k] = withWords(add, words.new);
      changed = true;
    }
    i = a;
  }
  return changed ? { ...hunk, lines } : hunk;
}

/**
 * A file's diff with `words` on its paired changed lines (see `hunkWithWords`).
 * @example fileWithWords(parseGitDiff(patch)[0])
 */
export function fileWithWords<F extends FileDiff>(file: F): F {
  if (file.binary || file.hunks.length === 0) return file;
  return { ...file, hunks: file.hunks.map(hunkWithWords) };
}
