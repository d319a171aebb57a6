// What changed since the person's last release to the agent (the since-review diff, read beside the one
// shown): its files, and per file the work tree's lines it touches, so both panels mark the files and the
// hunks the person has not reviewed yet. Before any release it is the whole change.
import { createContext, createSignal, useContext, type Accessor } from "solid-js";
import type { DiffFile, DiffRange, ReviewClient } from "../review-client.js";
import { readsWorktree } from "./diff-rows.js";

/** Where a hunk lies on the new side. */
type HunkRange = { readonly newStart: number; readonly newLines: number };

/** Per changed file, the new-side lines the since-review diff added or deleted at (work tree numbers). */
export type ChangedSince = ReadonlyMap<string, readonly (readonly [number, number])[]>;

/**
 * The places each file of a since-review diff changed, as new-side line spans (a deletion is the point it
 * left, a span of one line).
 * @example changedSince(files).get("a.ts") // [[4, 6]]
 */
export function changedSince(files: readonly DiffFile[]): ChangedSince {
  const out = new Map<string, (readonly [number, number])[]>();
  for (const file of files) {
    const spans: (readonly [number, number])[] = [];
    for (const hunk of file.hunks) {
      let next = hunk.newStart;
      for (const line of hunk.lines) {
        if (line.kind === "add" && line.new !== null) spans.push([line.new, line.new]);
        else if (line.kind === "del") spans.push([next, next]);
        if (line.new !== null) next = line.new + 1;
      }
    }
    // A file held back or binary: changed, with no lines to say where.
    out.set(file.path, spans);
  }
  return out;
}

/**
 * Whether a hunk of a diff that ends at the work tree touches a line changed since the last review.
 * @example hunkChangedSince({ oldStart: 1, oldLines: 3, newStart: 1, newLines: 4 }, [[2, 2]]) // true
 */
export function hunkChangedSince(hunk: HunkRange, spans: readonly (readonly [number, number])[]): boolean {
  const start = hunk.newStart;
  const end = hunk.newStart + Math.max(hunk.newLines, 1) - 1;
  return spans.some(([a, b]) => a <= end && b >= start);
}

export type SinceReview = ReturnType<typeof createSinceReview>;

/**
 * The since-review slice: read again with every diff the panel reads (`refresh`), for a diff that ends at the
 * work tree; `file(path)` is its spans (null: unchanged since), `hunk(path, hunk)` whether that hunk is.
 * @example const since = createSinceReview(api, rounds.range); await since.refresh(); since.file("a.ts")
 */
export function createSinceReview(client: ReviewClient, range: Accessor<DiffRange>) {
  const [changed, setChanged] = createSignal<ChangedSince | null>(null);
  let asked = 0;
  return {
    refresh: async (): Promise<void> => {
      const shown = range();
      const mine = ++asked;
      // The since-review diff itself needs no marks, and one that ends elsewhere has other line numbers.
      if (shown.view === "since-review" || !readsWorktree(shown) || shown.to !== "worktree") {
        setChanged(null);
        return;
      }
      const outcome = await client.diff({
        from: "base",
        to: "worktree",
        view: "since-review",
        ...(shown.ignoreWhitespace ? { ignoreWhitespace: true } : {}),
      });
      if (mine !== asked) return;
      setChanged(outcome.ok ? changedSince(outcome.value.files) : null);
    },
    /**
     * Every file's changed spans, or null when nothing is known: for a layout made once and drawn later, which
     * must read this where it is made (the terminal's screen memo) to be made again when the marks change.
     */
    changed,
    /** The file's changed spans since the last review, or null when it is unchanged since (or nothing is known). */
    file: (path: string): readonly (readonly [number, number])[] | null => changed()?.get(path) ?? null,
    known: () => changed() !== null,
    hunk: (path: string, hunk: HunkRange): boolean => {
      const spans = changed()?.get(path);
      return spans !== undefined && hunkChangedSince(hunk, spans);
    },
  };
}

export const SinceReviewContext = createContext<SinceReview>();

/** The since-review slice of the enclosing panel, or null outside one. */
export function useSinceReview(): SinceReview | null {
  return useContext(SinceReviewContext) ?? null;
}
