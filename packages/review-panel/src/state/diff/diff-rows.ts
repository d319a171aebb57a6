// The diff as one flat list of rows, so a single virtualizer can render any size of change.
import type { DiffLine, Hunk } from "@opencode-review/core";
import type { DiffFile, DiffRange, Thread } from "../review-client.js";

export type ViewMode = "unified" | "split";

/** Where a new comment goes: a line range on one side, or the whole file (`start` null). */
export interface CommentTarget {
  readonly file: string;
  readonly side: "new" | "old";
  readonly start: number | null;
  readonly end: number | null;
}

/** Unchanged lines hidden between hunks. `count` is null after the last hunk until the file's length is known. */
export interface Gap {
  readonly id: string;
  readonly newStart: number;
  readonly oldStart: number;
  readonly count: number | null;
}

export type Row =
  | { readonly kind: "file"; readonly key: string; readonly file: DiffFile }
  | { readonly kind: "outdated"; readonly key: string; readonly file: string; readonly threads: readonly Thread[] }
  | { readonly kind: "file-threads"; readonly key: string; readonly file: string; readonly threads: readonly Thread[] }
  | {
      readonly kind: "notice";
      readonly key: string;
      readonly file: string;
      readonly text: string;
      readonly load?: boolean;
      readonly binary?: true;
    }
  | { readonly kind: "gap"; readonly key: string; readonly file: string; readonly gap: Gap }
  | {
      readonly kind: "hunk";
      readonly key: string;
      readonly file: string;
      readonly header: string;
      /** Where the hunk lies on the new side (what the since-my-last-review marks compare). */
      readonly at?: { readonly newStart: number; readonly newLines: number };
      /** Where the hunk sits on each side, for Undo and Keep on its header. */
      readonly range?: {
        readonly oldStart: number;
        readonly oldLines: number;
        readonly newStart: number;
        readonly newLines: number;
      };
      /** Kept (reviewed) by the person: its lines are folded unless shown again. */
      readonly kept?: boolean;
      readonly folded?: boolean;
    }
  | { readonly kind: "line"; readonly key: string; readonly file: string; readonly line: DiffLine }
  | {
      readonly kind: "pair";
      readonly key: string;
      readonly file: string;
      readonly left: DiffLine | null;
      readonly right: DiffLine | null;
    }
  | {
      readonly kind: "threads";
      readonly key: string;
      readonly file: string;
      readonly side: "new" | "old";
      readonly line: number;
      readonly threads: readonly Thread[];
    }
  | { readonly kind: "composer"; readonly key: string; readonly file: string; readonly target: CommentTarget };

export interface RowsInput {
  readonly files: readonly DiffFile[];
  readonly threads: readonly Thread[];
  readonly range: DiffRange;
  readonly view: ViewMode;
  /** Files folded to their header. */
  readonly collapsed?: ReadonlySet<string>;
  /** Per file: its lines at `range.to`, once fetched for expanding context. */
  readonly texts?: ReadonlyMap<string, readonly string[]>;
  /** Per file: revealed new-side line ranges, inclusive. */
  readonly revealed?: ReadonlyMap<string, readonly (readonly [number, number])[]>;
  readonly composer?: CommentTarget | null;
  /** Kept hunks (by row key) the person unfolded again. */
  readonly shownKept?: ReadonlySet<string>;
}

export interface Rows {
  readonly rows: readonly Row[];
  /** Row index of each file's header. */
  readonly fileIndex: ReadonlyMap<string, number>;
  /** Row index where each thread is shown. */
  readonly threadIndex: ReadonlyMap<string, number>;
}

/**
 * Where a thread sits in this diff: its anchor now, or where it was written when the diff ends at that round.
 * @example placeOf(thread, { from: "base", to: "worktree" }) // { side: "new", start: 4, end: 6 }
 */
export function placeOf(
  thread: Thread,
  range: DiffRange,
): { side: "new" | "old"; start: number | null; end: number | null } {
  if (range.to === thread.round.id) return { side: thread.side, start: thread.start, end: thread.end };
  return { side: thread.side, start: thread.anchor.start, end: thread.anchor.end };
}

/**
 * The file a thread belongs to in this diff: where it was written when the diff ends at its round,
 * else the file it lives in now (`anchor.file` when the file was renamed since).
 * @example fileOf({ file: "a.ts", anchor: { file: "b.ts", ... }, ... }, { from: "base", to: "worktree" }) // "b.ts"
 */
export function fileOf(thread: Thread, range: DiffRange): string {
  if (range.to === thread.round.id) return thread.file;
  return thread.anchor.file ?? thread.file;
}

/**
 * The path a thread was written on when this diff shows it under another (its file was renamed since),
 * else null: both panels say "renamed from" it once, beside the thread.
 * @example renamedFromIn({ file: "a.ts", anchor: { file: "b.ts", ... }, ... }, { from: "base", to: "worktree" }) // "a.ts"
 */
export function renamedFromIn(thread: Thread, range: DiffRange): string | null {
  const shown = fileOf(thread, range);
  return shown === thread.file ? null : thread.file;
}

/** The `@@ -a,b +c,d @@` header git prints for a hunk. */
export function hunkHeader(hunk: Hunk): string {
  return `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
}

/** Pairs a hunk's lines for the split view: runs of deletions sit beside the additions that follow them. */
export function pairLines(lines: readonly DiffLine[]): { left: DiffLine | null; right: DiffLine | null }[] {
  const pairs: { left: DiffLine | null; right: DiffLine | null }[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.kind === "ctx") {
      pairs.push({ left: line, right: line });
      i++;
      continue;
    }
    const dels: DiffLine[] = [];
    const adds: DiffLine[] = [];
    while (i < lines.length && lines[i]!.kind === "del") dels.push(lines[i++]!);
    while (i < lines.length && lines[i]!.kind === "add") adds.push(lines[i++]!);
    for (let k = 0; k < Math.max(dels.length, adds.length); k++)
      pairs.push({ left: dels[k] ?? null, right: adds[k] ?? null });
  }
  return pairs;
}

function firstNew(hunk: Hunk): number {
  return hunk.newLines > 0 ? hunk.newStart : hunk.newStart + 1;
}
function firstOld(hunk: Hunk): number {
  return hunk.oldLines > 0 ? hunk.oldStart : hunk.oldStart + 1;
}

/**
 * Whether the diff's new side is the work tree as it is now: hidden context is read from it. The staged and
 * one-commit views end elsewhere (their threads are located there, see `locatedAt`), so they offer none.
 * @example readsWorktree({ from: "base", to: "worktree", view: "staged" }) // false
 */
export function readsWorktree(range: DiffRange): boolean {
  return range.view === undefined || range.view === "uncommitted" || range.view === "since-review";
}

/**
 * The hidden stretches of a file: before the first hunk, between hunks, and after the last one. The
 * length is the fetched text's, else the server's `newLineCount`; unknown (an older server), the tail is
 * offered with no count. None is ever offered past the end of the file.
 */
export function gapsOf(file: DiffFile, fetchedLines: number | null): { before: number; gap: Gap }[] {
  const lineCount = fetchedLines ?? file.newLineCount ?? null;
  if (file.binary || file.status === "added" || file.status === "deleted" || file.hunks.length === 0) return [];
  const gaps: { before: number; gap: Gap }[] = [];
  let nextNew = 1;
  let nextOld = 1;
  file.hunks.forEach((hunk, index) => {
    const count = firstNew(hunk) - nextNew;
    if (count > 0)
      gaps.push({ before: index, gap: { id: `${file.path}#${index}`, newStart: nextNew, oldStart: nextOld, count } });
    nextNew = firstNew(hunk) + hunk.newLines;
    nextOld = firstOld(hunk) + hunk.oldLines;
  });
  const tail = lineCount === null ? null : lineCount - nextNew + 1;
  if (tail === null || tail > 0) {
    gaps.push({
      before: file.hunks.length,
      gap: { id: `${file.path}#end`, newStart: nextNew, oldStart: nextOld, count: tail },
    });
  }
  return gaps;
}

function lineMatches(line: DiffLine, side: "new" | "old", n: number): boolean {
  return side === "new" ? line.kind !== "del" && line.new === n : line.kind !== "add" && line.old === n;
}

/**
 * Flattens files, hunks, revealed context, threads and the open composer into rows, in reading order.
 * @example buildRows({ files, threads, range: { from: "base", to: "worktree" }, view: "unified" }).rows.length
 */
export function buildRows(input: RowsInput): Rows {
  const rows: Row[] = [];
  const fileIndex = new Map<string, number>();
  const threadIndex = new Map<string, number>();
  const byFile = new Map<string, Thread[]>();
  const inWorktree = readsWorktree(input.range);
  for (const thread of input.threads) {
    const file = fileOf(thread, input.range);
    const list = byFile.get(file) ?? [];
    list.push(thread);
    byFile.set(file, list);
  }

  for (const file of input.files) {
    fileIndex.set(file.path, rows.length);
    rows.push({ kind: "file", key: `f:${file.path}`, file });
    if (input.collapsed?.has(file.path)) continue;
    const threads = [...(byFile.get(file.path) ?? []), ...(file.oldPath ? (byFile.get(file.oldPath) ?? []) : [])];

    const outdated = threads.filter((t) => t.anchor.state === "outdated");
    if (outdated.length > 0) {
      for (const t of outdated) threadIndex.set(t.id, rows.length);
      rows.push({ kind: "outdated", key: `o:${file.path}`, file: file.path, threads: outdated });
    }

    // Each line thread is shown below the last line of its range; ones whose line is not in the rows fall back to the file's top.
    const pending = new Map<string, Thread[]>();
    const unplaced: Thread[] = [];
    for (const t of threads) {
      if (t.anchor.state === "outdated") continue;
      const place = placeOf(t, input.range);
      if (place.start === null || place.end === null) {
        unplaced.push(t);
        continue;
      }
      const key = `${place.side}:${place.end}`;
      pending.set(key, [...(pending.get(key) ?? []), t]);
    }
    const composer = input.composer && input.composer.file === file.path ? input.composer : null;

    const fileThreadsAt = rows.length;
    const fileComposer = composer && composer.start === null;
    const text = input.texts?.get(file.path) ?? null;
    const revealed = input.revealed?.get(file.path) ?? [];
    const body: Row[] = [];
    const placed = new Set<string>();
    const bodyThreadIndex = new Map<string, number>();
    let composerPlaced = false;

    const emitLine = (line: DiffLine, key: string) => {
      if (input.view === "split")
        body.push({
          kind: "pair",
          key,
          file: file.path,
          left: line.kind === "add" ? null : line,
          right: line.kind === "del" ? null : line,
        });
      else body.push({ kind: "line", key, file: file.path, line });
      afterLines([line]);
    };
    const afterLines = (lines: readonly (DiffLine | null)[]) => {
      for (const line of lines) {
        if (!line) continue;
        for (const side of ["old", "new"] as const) {
          const n = side === "new" ? line.new : line.old;
          if (n === null || !lineMatches(line, side, n)) continue;
          const key = `${side}:${n}`;
          const here = pending.get(key);
          if (here && !placed.has(key)) {
            placed.add(key);
            for (const t of here) bodyThreadIndex.set(t.id, body.length);
            body.push({ kind: "threads", key: `t:${file.path}:${key}`, file: file.path, side, line: n, threads: here });
          }
          if (composer && !composerPlaced && composer.side === side && composer.end === n) {
            composerPlaced = true;
            body.push({ kind: "composer", key: `c:${file.path}`, file: file.path, target: composer });
          }
        }
      }
    };

    const emitGap = (gap: Gap) => {
      // A diff that ends at the index or a commit: the work tree's lines would be the wrong ones to reveal.
      if (!inWorktree) return;
      // Revealed lines inside the gap become context lines; the rest stays folded.
      const end = gap.count === null ? null : gap.newStart + gap.count - 1;
      let cursor = gap.newStart;
      const shown = text
        ? revealed
            .map(([a, b]) => [Math.max(a, gap.newStart), Math.min(b, end ?? text.length, text.length)] as const)
            .filter(([a, b]) => a <= b)
            .sort((x, y) => x[0] - y[0])
        : [];
      const fold = (from: number, to: number | null) => {
        const count = to === null ? null : to - from + 1;
        if (count !== null && count <= 0) return;
        body.push({
          kind: "gap",
          key: `g:${file.path}:${from}`,
          file: file.path,
          gap: { id: gap.id, newStart: from, oldStart: gap.oldStart + (from - gap.newStart), count },
        });
      };
      for (const [a, b] of shown) {
        if (a < cursor) continue;
        fold(cursor, a - 1);
        for (let n = a; n <= b; n++) {
          const line: DiffLine = {
            kind: "ctx",
            old: gap.oldStart + (n - gap.newStart),
            new: n,
            text: text![n - 1] ?? "",
          };
          emitLine(line, `x:${file.path}:${n}`);
        }
        cursor = b + 1;
      }
      fold(cursor, end);
    };

    if (file.binary)
      body.push({
        kind: "notice",
        key: `n:${file.path}`,
        file: file.path,
        text: "Binary file: not shown.",
        binary: true,
      });
    else if (file.tooLarge)
      body.push({
        kind: "notice",
        key: `n:${file.path}`,
        file: file.path,
        text: file.tooLarge.message,
        load: file.tooLarge.canLoad,
      });
    else if (file.hunks.length === 0)
      body.push({
        kind: "notice",
        key: `n:${file.path}`,
        file: file.path,
        text: file.status === "renamed" ? "Renamed without changes." : "No changed lines.",
      });

    const gaps = gapsOf(file, text ? text.length : null);
    file.hunks.forEach((hunk, h) => {
      for (const g of gaps) if (g.before === h) emitGap(g.gap);
      const key = `h:${file.path}:${h}`;
      const kept = hunk.kept === true;
      const folded = kept && !input.shownKept?.has(key);
      const { oldStart, oldLines, newStart, newLines } = hunk;
      body.push({
        kind: "hunk",
        key,
        file: file.path,
        header: hunkHeader(hunk),
        at: { newStart, newLines },
        range: { oldStart, oldLines, newStart, newLines },
        kept,
        folded,
      });
      // A kept hunk folds as a viewed file does: its threads are listed with the file's own.
      if (folded) return;
      if (input.view === "split") {
        pairLines(hunk.lines).forEach((pair, i) => {
          body.push({
            kind: "pair",
            key: `p:${file.path}:${h}:${i}`,
            file: file.path,
            left: pair.left,
            right: pair.right,
          });
          afterLines([pair.left, pair.right]);
        });
      } else {
        for (const [i, line] of hunk.lines.entries()) emitLine(line, `l:${file.path}:${h}:${i}`);
      }
    });
    for (const g of gaps) if (g.before === file.hunks.length) emitGap(g.gap);

    for (const [key, list] of pending) if (!placed.has(key)) unplaced.push(...list);
    if (unplaced.length > 0 || fileComposer || (composer && !composerPlaced)) {
      for (const t of unplaced) threadIndex.set(t.id, fileThreadsAt);
      rows.push({ kind: "file-threads", key: `w:${file.path}`, file: file.path, threads: unplaced });
      if (composer && (fileComposer || !composerPlaced))
        rows.push({ kind: "composer", key: `c:${file.path}`, file: file.path, target: composer });
    }
    for (const [id, index] of bodyThreadIndex) threadIndex.set(id, rows.length + index);
    rows.push(...body);
  }
  return { rows, fileIndex, threadIndex };
}
