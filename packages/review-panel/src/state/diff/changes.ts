// The person's hands on the code: undo a hunk, a selection or a file, keep a hunk, apply a suggestion, and
// restore any of them from the change list. One slice for both panels; the views only lay it out.
import { createContext, createSignal, useContext, type Accessor } from "solid-js";
import type { Notices } from "../conversation/notices.js";
import type { Change, DiffFile, DiffRange, ReviewClient } from "../review-client.js";
import type { Row } from "./diff-rows.js";

export type Changes = ReturnType<typeof createChanges>;

/** A place to undo or keep: a file's lines on one side (no `start`: the whole file). */
export interface HandsPlace {
  readonly file: string;
  readonly side?: "new" | "old";
  readonly start?: number;
  readonly end?: number;
}

/**
 * Where a change is, in words: "src/a.ts lines 10–14".
 * @example changePlace({ file: "a.ts", start: 3, end: 3 }) // "a.ts line 3"
 */
export function changePlace(change: Pick<Change, "file" | "start" | "end">): string {
  if (change.start === null || change.end === null) return change.file;
  return change.start === change.end
    ? `${change.file} line ${change.start}`
    : `${change.file} lines ${change.start}–${change.end}`;
}

/**
 * The changes slice: the branch's change list, and the actions that write the work tree, each followed by a
 * short notice with Restore. Works only where the diff ends at the work tree (`canChange`).
 * @example const changes = createChanges(api, rounds.range, diff.files, () => diff.reload(), notices)
 */
export function createChanges(
  client: ReviewClient,
  range: Accessor<DiffRange>,
  files: Accessor<readonly DiffFile[]>,
  reread: (paths: readonly string[]) => Promise<void> | void,
  notices: Notices,
) {
  const [list, setList] = createSignal<readonly Change[]>([]);
  const [busy, setBusy] = createSignal(false);
  const [shownKept, setShownKept] = createSignal<ReadonlySet<string>>(new Set());
  const canChange = () => range().to === "worktree";
  const blobOf = (path: string) => files().find((f) => f.path === path)?.blob ?? null;

  async function load(): Promise<void> {
    const outcome = await client.changes();
    if (outcome.ok) setList(outcome.value.changes);
  }

  async function restore(id: string): Promise<boolean> {
    const change = list().find((c) => c.id === id);
    setBusy(true);
    const outcome = await client.restoreChange(id);
    setBusy(false);
    if (!outcome.ok) {
      const kept = outcome.error.kept;
      notices.report(
        kept === undefined ? outcome.error : { ...outcome.error, message: `${outcome.error.message}\n${kept}` },
      );
      return false;
    }
    notices.info(`Restored ${changePlace(outcome.value.change)}.`);
    await Promise.all([reread([change?.file ?? outcome.value.change.file]), load()]);
    return true;
  }

  const said = (change: Change) =>
    notices.info(`${change.kind === "undo" ? "Undid" : "Applied the suggestion to"} ${changePlace(change)}.`, {
      label: "Restore",
      run: () => void restore(change.id),
    });

  return {
    list,
    busy,
    /** Kept hunks (by row key) unfolded again by the person. */
    shownKept,
    toggleShown: (key: string) =>
      setShownKept((s) => {
        const next = new Set(s);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    canChange,
    load,
    restore,
    /** Undoes the hunks `place` touches (or the whole file), against the diff on screen. */
    undo: async (place: HandsPlace): Promise<boolean> => {
      if (!canChange()) return false;
      const from = range().from;
      setBusy(true);
      const outcome = await client.undo({
        file: place.file,
        blob: blobOf(place.file),
        ...(place.side === undefined ? {} : { side: place.side }),
        ...(place.start === undefined ? {} : { start: place.start, end: place.end ?? place.start }),
        ...(from === "base" ? {} : { from }),
      });
      setBusy(false);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      said(outcome.value.change);
      await Promise.all([reread([place.file]), load()]);
      return true;
    },
    /** Keeps the hunks lines `start`-`end` touch: they fold until their text changes. */
    keep: async (file: string, start: number, end: number): Promise<boolean> => {
      setBusy(true);
      const outcome = await client.keepHunks({ file, start, end, blob: blobOf(file) });
      setBusy(false);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      await reread([file]);
      return true;
    },
    /** Applies a thread's suggestion (the newest, or `messageId`'s) over its lines where they are now. */
    apply: async (threadId: string, messageId?: string): Promise<boolean> => {
      setBusy(true);
      const outcome = await client.applySuggestion(threadId, messageId);
      setBusy(false);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      said(outcome.value.change);
      await Promise.all([reread([outcome.value.change.file]), load()]);
      return true;
    },
  };
}

/**
 * The hunk the row at `index` belongs to, as a place to undo or keep: the line under it when it is a changed
 * line (a deleted line by its old side), else the hunk's own lines; null outside any hunk.
 * @example hunkPlaceAt(rows, cursor.index()) // { file: "a.ts", side: "new", start: 25, end: 26 }
 */
export function hunkPlaceAt(rows: readonly Row[], index: number): Required<HandsPlace> | null {
  const here = rows[index];
  if (here?.kind === "line" && here.line.kind !== "ctx") {
    const side = here.line.kind === "del" ? "old" : "new";
    const n = side === "old" ? here.line.old : here.line.new;
    if (n !== null) return { file: here.file, side, start: n, end: n };
  }
  for (let i = index; i >= 0; i--) {
    const row = rows[i];
    if (!row || row.kind === "file") return null;
    if (row.kind !== "hunk" || !row.range) continue;
    const r = row.range;
    return r.newLines > 0
      ? { file: row.file, side: "new", start: r.newStart, end: r.newStart + r.newLines - 1 }
      : { file: row.file, side: "old", start: r.oldStart, end: r.oldStart + Math.max(r.oldLines, 1) - 1 };
  }
  return null;
}

export const ChangesContext = createContext<Changes>();

/** The changes slice of the enclosing panel, or undefined where there is none (a card drawn on its own). */
export function useChangesIfAny(): Changes | undefined {
  return useContext(ChangesContext);
}

/** The changes slice of the enclosing panel. */
export function useChanges(): Changes {
  const value = useContext(ChangesContext);
  if (!value) throw new Error("useChanges outside ChangesContext");
  return value;
}
