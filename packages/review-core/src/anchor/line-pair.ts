import { diffInternedLines } from "../diff/line-diff.js";
import type { Hunk } from "../diff/types.js";
import { lineAt, nonSpaceLengths, textLines, type TextLines } from "./text-lines.js";

/**
 * A file's text then and now, prepared once for every thread on it: the lines of both (as offsets),
 * each line interned to an integer (equal ids, equal lines), and the line diff from then to now.
 */
export interface LinePair {
  readonly then: TextLines;
  readonly now: TextLines;
  readonly thenIds: Int32Array;
  readonly nowIds: Int32Array;
  /** then → now, no context lines. */
  readonly hunks: readonly Hunk[];
  /** Each line's length without whitespace, then and now; worked out on first use. */
  nonSpace(): { readonly then: Int32Array; readonly now: Int32Array };
}

/**
 * Prepares a then/now pair of texts for locating threads.
 * @example preparePair("a\nb\n", "b\n").hunks // one hunk deleting "a"
 */
export function preparePair(thenText: string, nowText: string): LinePair {
  const then = textLines(thenText);
  const now = textLines(nowText);
  // The interner and the line strings die here: kept in the cache, their thousands of objects would
  // live on into the old generation and make every major garbage collection slower.
  const interner = new Map<string, number>();
  const thenIds = intern(then, interner);
  const nowIds = intern(now, interner);
  const hunks = diffInternedLines(thenIds, nowIds, (i) => lineAt(then, i), (i) => lineAt(now, i));
  let nonSpace: { then: Int32Array; now: Int32Array } | undefined;
  return {
    then,
    now,
    thenIds,
    nowIds,
    hunks,
    nonSpace: () => (nonSpace ??= { then: nonSpaceLengths(then), now: nonSpaceLengths(now) }),
  };
}

function intern(lines: TextLines, interner: Map<string, number>): Int32Array {
  const ids = new Int32Array(lines.count);
  for (let i = 0; i < lines.count; i++) {
    const line = lineAt(lines, i);
    let id = interner.get(line);
    if (id === undefined) {
      id = interner.size;
      interner.set(line, id);
    }
    ids[i] = id;
  }
  return ids;
}
