import { diffInternedLines } from "../diff/line-diff.js";
import { splitLines } from "../diff/split-lines.js";
import type { Hunk } from "../diff/types.js";
import { squashWhitespace } from "./squash-whitespace.js";

/**
 * A file's text then and now, prepared once for every thread on it: the lines of both, each line
 * interned to an integer (equal ids, equal lines), the line diff from then to now, and, on first
 * use, the same with whitespace squashed out.
 */
export interface LinePair {
  readonly thenLines: readonly string[];
  readonly nowLines: readonly string[];
  readonly thenIds: Int32Array;
  readonly nowIds: Int32Array;
  /** then → now, no context lines. */
  readonly hunks: readonly Hunk[];
  /** Ids of these lines in the pair's exact interning (-1 for a line in neither text). */
  idsOf(lines: readonly string[]): Int32Array;
  /** The squashed-whitespace twin: ids of then, now and any lines, interned after squashing. */
  squashed(): SquashedPair;
}

export interface SquashedPair {
  readonly thenIds: Int32Array;
  readonly nowIds: Int32Array;
  idsOf(lines: readonly string[]): Int32Array;
}

/**
 * Prepares a then/now pair of texts for locating threads.
 * @example preparePair("a\nb\n", "b\n").hunks // one hunk deleting "a"
 */
export function preparePair(then: string, now: string): LinePair {
  const thenLines = splitLines(then);
  const nowLines = splitLines(now);
  const interner = new Map<string, number>();
  const thenIds = intern(thenLines, interner, true);
  const nowIds = intern(nowLines, interner, true);
  const hunks = diffInternedLines(thenLines, nowLines, thenIds, nowIds);
  let squashed: SquashedPair | undefined;
  return {
    thenLines,
    nowLines,
    thenIds,
    nowIds,
    hunks,
    idsOf: (lines) => intern(lines, interner, false),
    squashed() {
      squashed ??= squashPair(thenLines, nowLines);
      return squashed;
    },
  };
}

function squashPair(thenLines: readonly string[], nowLines: readonly string[]): SquashedPair {
  const interner = new Map<string, number>();
  const thenIds = intern(thenLines.map(squashWhitespace), interner, true);
  const nowIds = intern(nowLines.map(squashWhitespace), interner, true);
  return { thenIds, nowIds, idsOf: (lines) => intern(lines.map(squashWhitespace), interner, false) };
}

/** Looking up a quote must not grow the interner: a line in neither text gets -1, which matches nothing. */
function intern(lines: readonly string[], interner: Map<string, number>, add: boolean): Int32Array {
  const ids = new Int32Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    let id = interner.get(line);
    if (id === undefined) {
      if (!add) {
        ids[i] = -1;
        continue;
      }
      id = interner.size;
      interner.set(line, id);
    }
    ids[i] = id;
  }
  return ids;
}
