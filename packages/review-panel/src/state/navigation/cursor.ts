// The line cursor of a keyboard-driven diff (the terminal panel): where it stops, how j/k, n/p, ]/[ and the
// thread keys move it across files and folds, and what a comment on it would talk about.
import { createMemo, createSignal, type Accessor } from "solid-js";
import type { CommentTarget, Row } from "../diff/diff-rows.js";

/** Rows the cursor can rest on: code lines, thread blocks and file headers (folded files keep their header). */
export function isStop(row: Row): boolean {
  return (
    row.kind === "line" ||
    row.kind === "pair" ||
    row.kind === "file" ||
    row.kind === "threads" ||
    row.kind === "outdated" ||
    row.kind === "file-threads"
  );
}

function isThreadRow(row: Row): boolean {
  return row.kind === "threads" || row.kind === "outdated" || (row.kind === "file-threads" && row.threads.length > 0);
}

/**
 * The stop `by` stops away from `at` (clamped to the first and last stop), skipping hunk headers, folds and composers.
 * @example moveLine(rows, 0, 1) // the first code line after the first file's header
 */
export function moveLine(rows: readonly Row[], at: number, by: number): number {
  const step = by < 0 ? -1 : 1;
  let left = Math.abs(by);
  let index = at;
  let last = isStop(rows[at] ?? rows[0]!) ? at : -1;
  while (left > 0) {
    index += step;
    if (index < 0 || index >= rows.length) break;
    if (!isStop(rows[index]!)) continue;
    last = index;
    left--;
  }
  if (last === -1) return firstStop(rows);
  return last;
}

function firstStop(rows: readonly Row[]): number {
  const i = rows.findIndex(isStop);
  return i === -1 ? 0 : i;
}

function findFrom(rows: readonly Row[], at: number, dir: 1 | -1, match: (row: Row) => boolean): number | null {
  for (let i = at + dir; i >= 0 && i < rows.length; i += dir) if (match(rows[i]!)) return i;
  return null;
}

/**
 * The next (`dir` 1) or previous (-1) file header; stays put at either end.
 * @example moveFile(rows, 12, -1) // the header of the file row 12 is in, or the one before when on a header
 */
export function moveFile(rows: readonly Row[], at: number, dir: 1 | -1): number {
  return findFrom(rows, at, dir, (row) => row.kind === "file") ?? at;
}

/**
 * The first code line of the next (or previous) hunk, across files; stays put at either end.
 * @example moveHunk(rows, 3, 1) // the first line under the next `@@` header
 */
export function moveHunk(rows: readonly Row[], at: number, dir: 1 | -1): number {
  // Going back from inside a hunk lands on that hunk's own first line first, as `[` does in opencode's viewer.
  const header =
    dir === 1
      ? findFrom(rows, at, 1, (row) => row.kind === "hunk")
      : findFrom(rows, at, -1, (row) => row.kind === "hunk");
  if (header === null) return at;
  const first = findFrom(rows, header, 1, (row) => row.kind === "line" || row.kind === "pair");
  if (first === null) return at;
  if (dir === -1 && first >= at) {
    const before = findFrom(rows, header, -1, (row) => row.kind === "hunk");
    if (before === null) return at;
    return findFrom(rows, before, 1, (row) => row.kind === "line" || row.kind === "pair") ?? at;
  }
  return first;
}

/**
 * The next (or previous) row that shows threads; stays put at either end.
 * @example moveThread(rows, 0, 1) // the first thread block of the review
 */
export function moveThread(rows: readonly Row[], at: number, dir: 1 | -1): number {
  return findFrom(rows, at, dir, isThreadRow) ?? at;
}

/** The file a row belongs to. */
export function fileOfRow(row: Row): string {
  return row.kind === "file" ? row.file.path : row.file;
}

/** The line a code row stands for, on the side a comment there would take (the new side unless only deleted). */
export function lineOfRow(row: Row): { readonly side: "new" | "old"; readonly line: number } | null {
  const line = row.kind === "line" ? row.line : row.kind === "pair" ? (row.right ?? row.left) : null;
  if (!line) return null;
  if (line.kind === "del") return line.old === null ? null : { side: "old", line: line.old };
  return line.new === null ? null : { side: "new", line: line.new };
}

/** What `c` does on a row: reply to the threads shown there, or comment on the line (or the whole file on its header). */
export type CursorAction =
  | { readonly kind: "reply"; readonly threadId: string }
  | { readonly kind: "comment"; readonly target: CommentTarget }
  | null;

/**
 * What commenting at the cursor means: a reply on a thread row, a one-line (or marked range) comment on a
 * code line, a whole-file comment on a header.
 * @example actionAt(rows, 5, null) // { kind: "comment", target: { file: "a.ts", side: "new", start: 4, end: 4 } }
 */
export function actionAt(rows: readonly Row[], at: number, mark: number | null): CursorAction {
  const row = rows[at];
  if (!row) return null;
  if (row.kind === "threads" || row.kind === "outdated" || row.kind === "file-threads") {
    const thread = row.threads[row.threads.length - 1];
    return thread ? { kind: "reply", threadId: thread.id } : null;
  }
  if (row.kind === "file")
    return { kind: "comment", target: { file: row.file.path, side: "new", start: null, end: null } };
  const here = lineOfRow(row);
  if (!here) return null;
  const from = mark === null ? null : rows[mark];
  const there = from && fileOfRow(from) === row.file ? lineOfRow(from) : null;
  if (there && there.side === here.side) {
    return {
      kind: "comment",
      target: {
        file: row.file,
        side: here.side,
        start: Math.min(there.line, here.line),
        end: Math.max(there.line, here.line),
      },
    };
  }
  return { kind: "comment", target: { file: row.file, side: here.side, start: here.line, end: here.line } };
}

export type Cursor = ReturnType<typeof createCursor>;

/**
 * The cursor slice: a position that follows its row by key when the rows are rebuilt (a reply arrives, a file
 * folds), a mark for range comments, and the moves.
 * @example const cursor = createCursor(() => rows); cursor.down(); cursor.index()
 */
export function createCursor(rows: Accessor<readonly Row[]>) {
  const [key, setKey] = createSignal<string | null>(null);
  const [fallback, setFallback] = createSignal(0);
  const [file, setFile] = createSignal<string | null>(null);
  const [markKey, setMarkKey] = createSignal<string | null>(null);
  const keyIndex = createMemo(() => {
    const map = new Map<string, number>();
    for (const [i, row] of rows().entries()) map.set(row.key, i);
    return map;
  });
  const index = createMemo(() => {
    const list = rows();
    if (list.length === 0) return 0;
    const k = key();
    const found = k === null ? undefined : keyIndex().get(k);
    if (found !== undefined) return found;
    // The row's file was folded: its header. Otherwise (a new listing) the same place, on the nearest stop.
    const f = file();
    const header = f === null ? undefined : keyIndex().get(`f:${f}`);
    if (header !== undefined && (list[header + 1] === undefined || list[header + 1]!.kind === "file")) return header;
    return moveLine(list, Math.min(fallback(), list.length - 1), 0);
  });
  const go = (to: number) => {
    const row = rows()[to];
    setFallback(to);
    setKey(row ? row.key : null);
    setFile(row ? fileOfRow(row) : null);
  };
  const mark = createMemo(() => {
    const k = markKey();
    return k === null ? null : (keyIndex().get(k) ?? null);
  });
  return {
    index,
    mark,
    row: () => rows()[index()],
    go,
    down: (by = 1) => go(moveLine(rows(), index(), by)),
    up: (by = 1) => go(moveLine(rows(), index(), -by)),
    nextFile: () => go(moveFile(rows(), index(), 1)),
    prevFile: () => go(moveFile(rows(), index(), -1)),
    nextHunk: () => go(moveHunk(rows(), index(), 1)),
    prevHunk: () => go(moveHunk(rows(), index(), -1)),
    nextThread: () => go(moveThread(rows(), index(), 1)),
    prevThread: () => go(moveThread(rows(), index(), -1)),
    toggleMark: () => setMarkKey((k) => (k === null ? (rows()[index()]?.key ?? null) : null)),
    clearMark: () => setMarkKey(null),
    action: () => actionAt(rows(), index(), mark()),
  };
}
