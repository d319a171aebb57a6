// The diff being read: its files, the view, folded files and the context revealed between hunks.
import { batch, createContext, createEffect, createSignal, on, useContext, type Accessor } from "solid-js";
import type { ReviewClient, DiffFile, DiffRange } from "../review-client.js";
import type { Gap, ViewMode } from "./diff-rows.js";
import { treeOrder } from "./file-tree.js";
import type { Notices } from "../conversation/notices.js";

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

/** Where the unified or split choice is kept between visits: the browser's storage, opencode's key-value store. */
export interface ViewModeStorage {
  read(): ViewMode | null;
  write(mode: ViewMode): void;
}

/** What one panel asks of the diff beyond what both need. */
export interface DiffOptions {
  readonly viewStorage?: ViewModeStorage;
  /**
   * Read, with every diff, the text of each file whose diff may stop before the file does: the terminal counts
   * the unchanged lines after the last hunk from it (it cannot unfold them), where the web reads a file's text
   * only when the person reveals its lines.
   */
  readonly readsTexts?: boolean;
  /**
   * Read nothing until the first `reload`, then follow the range: the terminal's first read waits for its
   * rounds and its kept branch pick, so that it is not read once for a range nobody chose.
   */
  readonly waitsForFirstRead?: boolean;
  /** Each diff read for the range now chosen, once on screen; `current` says whether it still is the newest. */
  readonly onRead?: (files: readonly DiffFile[], range: DiffRange, current: () => boolean) => void;
}

/**
 * The diff slice for the chosen range, one for both panels: the files (a file held back by the per-file
 * limits that the person loaded anyway stays loaded while the range stays), the view, folds, the texts and
 * revealed context. It reads the diff again whenever the range changes.
 * @example const diff = createDiff(api, rounds.range, notices, { viewStorage }); diff.files()
 */
export function createDiff(
  client: ReviewClient,
  range: Accessor<DiffRange>,
  notices: Notices,
  options: DiffOptions = {},
) {
  const [files, setFiles] = createSignal<readonly DiffFile[]>([]);
  const [loading, setLoading] = createSignal(true);
  // Whether the files are a diff's answer for the range now chosen: until then an empty list is not
  // "no changes" (a read overtaken by a newer one never says so).
  const [loaded, setLoaded] = createSignal(false);
  const [view, setViewSignal] = createSignal<ViewMode>(options.viewStorage?.read() ?? "unified");
  const [collapsed, setCollapsed] = createSignal<ReadonlySet<string>>(new Set());
  const [texts, setTexts] = createSignal<ReadonlyMap<string, readonly string[]>>(new Map());
  const [revealed, setRevealed] = createSignal<ReadonlyMap<string, readonly (readonly [number, number])[]>>(new Map());
  // Files over the per-file limits the person loaded anyway: read whole again whenever the diff is re-read.
  const loadedAnyway = new Set<string>();
  // Files the diff does not change that the person opened whole (go to file): kept beside the diff's files.
  const openedWhole = new Map<string, DiffFile>();
  let started = !options.waitsForFirstRead;
  let generation = 0;

  async function load(): Promise<void> {
    started = true;
    const mine = ++generation;
    const asked = range();
    setLoading(true);
    const outcome = await client.diff(asked);
    const listed = outcome.ok
      ? await Promise.all(
          outcome.value.files.map(async (f) =>
            f.tooLarge && loadedAnyway.has(f.path) ? ((await readWhole(asked, f.path)) ?? f) : f,
          ),
        )
      : null;
    if (mine !== generation) return; // a newer read (or range) came meanwhile
    // A file loaded anyway while this read was under way (its diff answered before the file was asked
    // for whole) keeps the whole version already on screen.
    const whole = new Map(
      files().flatMap((f) => (loadedAnyway.has(f.path) && !f.tooLarge ? [[f.path, f] as const] : [])),
    );
    const shown = listed?.map((f) => (f.tooLarge ? (whole.get(f.path) ?? f) : f));
    // One update: outside a batch each write runs its effects at once, and whatever waits for `loaded`
    // (reopening the boxes left with unsent text) would see it before the files, with no file to open.
    batch(() => {
      setLoading(false);
      setLoaded(true);
      if (shown)
        setFiles(
          [...shown, ...[...openedWhole.values()].filter((w) => !shown.some((f) => f.path === w.path))].sort(treeOrder),
        );
    });
    if (!outcome.ok) return void notices.report(outcome.error);
    const current = () => mine === generation;
    if (options.readsTexts) void readTexts(asked, shown!).then((read) => current() && setTexts(read));
    options.onRead?.(files(), asked, current);
  }

  async function readWhole(asked: DiffRange, path: string): Promise<DiffFile | null> {
    const outcome = await client.fullFileDiff(asked, path);
    if (!outcome.ok) {
      notices.report(outcome.error);
      return null;
    }
    return outcome.value.files.find((f) => f.path === path) ?? outcome.value.files[0] ?? null;
  }

  // Only files with lines on both sides can go on after their last hunk (an added or deleted file is all hunk).
  async function readTexts(
    asked: DiffRange,
    listed: readonly DiffFile[],
  ): Promise<ReadonlyMap<string, readonly string[]>> {
    const read = await Promise.all(
      listed
        .filter((f) => !f.binary && !f.tooLarge && f.hunks.length > 0 && f.status !== "added" && f.status !== "deleted")
        .map(async (f) => {
          const answer = await client.file(f.path, asked.to);
          return answer.ok ? ([f.path, linesOf(answer.value.text)] as const) : null;
        }),
    );
    return new Map(read.filter((entry) => entry !== null));
  }

  // A new range (the panel's accessor changes only when the person picks one) starts from the limits again.
  createEffect(
    on(range, (_now, before) => {
      loadedAnyway.clear();
      openedWhole.clear();
      batch(() => {
        setTexts(new Map());
        setRevealed(new Map());
        if (before) setLoaded(false);
      });
      if (started) void load();
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
      const keep = <V>(m: ReadonlyMap<string, V>) =>
        paths.some((p) => m.has(p)) ? new Map([...m].filter(([path]) => !changed.has(path))) : m;
      batch(() => {
        setTexts(keep);
        setRevealed(keep);
      });
      await load();
    },
    view,
    setView: (mode: ViewMode) => {
      setViewSignal(mode);
      options.viewStorage?.write(mode);
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
    /**
     * Loads a file the server held back as too large, when the person asks for it; it stays loaded while the
     * range stays. Answers whether the file now shows whole (false: refused, or still over the server's ceiling).
     */
    loadFull: async (path: string): Promise<boolean> => {
      const asked = range();
      const file = await readWhole(asked, path);
      // Only another range makes the answer moot: a re-read of this one (a live change) keeps the file whole.
      if (!file || range() !== asked) return false;
      loadedAnyway.add(path);
      setFiles((all) => all.map((f) => (f.path === path ? file : f)));
      if (options.readsTexts)
        void readTexts(asked, [file]).then(
          (read) => range() === asked && setTexts((known) => new Map([...known, ...read])),
        );
      return file.tooLarge === undefined;
    },
    /**
     * Opens a file of the work tree the diff does not show, whole, every line a context line, so it can be
     * read and commented on like any other; answers whether it is on screen now (a file of the diff already is).
     */
    openWhole: async (path: string): Promise<boolean> => {
      if (files().some((f) => f.path === path)) return true;
      const asked = range();
      const outcome = await client.file(path, "worktree");
      if (!outcome.ok) return (notices.report(outcome.error), false);
      if (range() !== asked) return false;
      const file = wholeFile(path, linesOf(outcome.value.text));
      openedWhole.set(path, file);
      setFiles((all) => (all.some((f) => f.path === path) ? all : [...all, file].sort(treeOrder)));
      return true;
    },
    /** Reveals hidden lines of a file, fetching its text at the diff's end once. */
    expand: async (path: string, gap: Gap, how: "all" | "up" | "down"): Promise<void> => {
      let lines = texts().get(path);
      if (!lines) {
        const outcome = await client.file(path, range().to);
        if (!outcome.ok) return void notices.report(outcome.error);
        const fetched = linesOf(outcome.value.text);
        lines = fetched;
        setTexts((m) => new Map(m).set(path, fetched));
      }
      const add = revealRange(gap, how, lines.length);
      setRevealed((m) => new Map(m).set(path, [...(m.get(path) ?? []), add]));
    },
  };
}

/** An unchanged file as a diff entry: one hunk of context lines, the whole file. */
function wholeFile(path: string, lines: readonly string[]): DiffFile {
  const count = lines.length === 1 && lines[0] === "" ? 0 : lines.length;
  return {
    path,
    oldPath: null,
    status: "modified",
    binary: false,
    unchanged: true,
    newLineCount: count,
    hunks:
      count === 0
        ? []
        : [
            {
              oldStart: 1,
              oldLines: count,
              newStart: 1,
              newLines: count,
              lines: lines.map((text, i) => ({ kind: "ctx" as const, old: i + 1, new: i + 1, text })),
            },
          ],
  };
}

/** A file's text as lines, without the empty one after a final newline. */
function linesOf(text: string): readonly string[] {
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}

export const DiffContext = createContext<Diff>();

/** The diff slice of the enclosing panel. */
export function useDiff(): Diff {
  const value = useContext(DiffContext);
  if (!value) throw new Error("useDiff outside DiffContext");
  return value;
}
