// The diff being read: its files, the view, folded files and the context revealed between hunks.
import { batch, createContext, createEffect, createSignal, on, useContext, type Accessor } from "solid-js";
import type { ReviewClient, DiffFile, DiffRange } from "./review-client.js";
import type { Gap, ViewMode } from "./diff-rows.js";
import { treeOrder } from "./file-tree.js";
import type { Notices } from "./notices.js";

export type Diff = ReturnType<typeof createDiff>;

/** How many hidden lines one "show more" click reveals, as on GitHub. */
export const expandStep = 20;

/**
 * The revealed range after expanding a gap: all of it, or a step from the hunk above (`down`) or below (`up`).
 * @example revealRange({ id: "a#0", newStart: 10, oldStart: 10, count: 50 }, "down", 100) // [10, 29]
 */
export function revealRange(gap: Gap, how: "all" | "up" | "down", lineCount: number): readonly [number, number] {
  const end = gap.count === null ? lineCount : gap.newStart + gap.count - 1;
  if (how === "all") return [gap.newStart, end];
  if (how === "down") return [gap.newStart, Math.min(end, gap.newStart + expandStep - 1)];
  return [Math.max(gap.newStart, end - expandStep + 1), end];
}

/**
 * The diff slice for the chosen range; it reloads whenever the range changes.
 * @example const diff = createDiff(api, rounds.range, notices); diff.files()
 */
export function createDiff(client: ReviewClient, range: Accessor<DiffRange>, notices: Notices) {
  const [files, setFiles] = createSignal<readonly DiffFile[]>([]);
  const [loading, setLoading] = createSignal(true);
  const [loaded, setLoaded] = createSignal(false);
  const stored = typeof localStorage !== "undefined" ? localStorage.getItem("opencode-review-view") : null;
  const [view, setViewSignal] = createSignal<ViewMode>(stored === "split" ? "split" : "unified");
  const [collapsed, setCollapsed] = createSignal<ReadonlySet<string>>(new Set());
  const [texts, setTexts] = createSignal<ReadonlyMap<string, readonly string[]>>(new Map());
  const [revealed, setRevealed] = createSignal<ReadonlyMap<string, readonly (readonly [number, number])[]>>(new Map());
  let generation = 0;

  async function load(): Promise<void> {
    const mine = ++generation;
    setLoading(true);
    const outcome = await client.diff(range());
    if (mine !== generation) return; // a newer range was chosen meanwhile
    // One update: outside a batch each write runs its effects at once, and whatever waits for `loaded`
    // (reopening the boxes left with unsent text) would see it before the files, with no file to open.
    batch(() => {
      setLoading(false);
      setLoaded(true);
      if (outcome.ok) setFiles([...outcome.value.files].sort(treeOrder));
    });
    if (!outcome.ok) notices.report(outcome.error);
  }
  createEffect(
    on(range, () => {
      setTexts(new Map());
      setRevealed(new Map());
      void load();
    }),
  );

  return {
    files,
    loading,
    loaded,
    reload: load,
    /**
     * The work tree changed under a diff that ends there: read it again, keeping the place, the folds and any
     * open box; the changed files' revealed lines are dropped, since their text is no longer what it was.
     */
    worktreeChanged: async (paths: readonly string[]): Promise<void> => {
      if (range().to !== "worktree") return;
      const changed = new Set(paths);
      const keep = <V,>(m: ReadonlyMap<string, V>) => (paths.some((p) => m.has(p)) ? new Map([...m].filter(([path]) => !changed.has(path))) : m);
      batch(() => {
        setTexts(keep);
        setRevealed(keep);
      });
      await load();
    },
    view,
    setView: (mode: ViewMode) => {
      setViewSignal(mode);
      if (typeof localStorage !== "undefined") localStorage.setItem("opencode-review-view", mode);
    },
    collapsed,
    toggleCollapsed: (path: string) =>
      setCollapsed((s) => {
        const next = new Set(s);
        if (next.has(path)) next.delete(path);
        else next.add(path);
        return next;
      }),
    /** Folds or unfolds a file (a file marked viewed folds). */
    setFolded: (path: string, folded: boolean) =>
      setCollapsed((s) => {
        if (s.has(path) === folded) return s;
        const next = new Set(s);
        if (folded) next.add(path);
        else next.delete(path);
        return next;
      }),
    texts,
    revealed,
    /** Loads a file the server held back as too large, when the person asks for it. */
    loadFull: async (path: string): Promise<void> => {
      const mine = generation;
      const outcome = await client.fullFileDiff(range(), path);
      if (mine !== generation) return;
      if (!outcome.ok) return void notices.report(outcome.error);
      const [file] = outcome.value.files;
      if (file) setFiles((all) => all.map((f) => (f.path === path ? file : f)));
    },
    /** Reveals hidden lines of a file, fetching its text at the diff's end once. */
    expand: async (path: string, gap: Gap, how: "all" | "up" | "down"): Promise<void> => {
      let lines = texts().get(path);
      if (!lines) {
        const outcome = await client.file(path, range().to);
        if (!outcome.ok) return void notices.report(outcome.error);
        const text = outcome.value.text;
        lines = (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
        const fetched = lines;
        setTexts((m) => new Map(m).set(path, fetched));
      }
      const add = revealRange(gap, how, lines.length);
      setRevealed((m) => new Map(m).set(path, [...(m.get(path) ?? []), add]));
    },
  };
}

export const DiffContext = createContext<Diff>();

/** The diff slice of the enclosing panel. */
export function useDiff(): Diff {
  const value = useContext(DiffContext);
  if (!value) throw new Error("useDiff outside DiffContext");
  return value;
}
