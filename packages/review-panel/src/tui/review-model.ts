// The review as the terminal half holds it: threads, rounds and the diff of the chosen range, kept fresh by
// polling the store's change log, so what the agent or a web panel writes shows here within a second.
import { createSignal } from "solid-js";
import { asThread, type DiffFile, type DiffRange, type Finding, type ParentBranch, type PastReview, type Round, type Run, type Thread } from "../api.js";
import { treeOrder } from "../state/file-tree.js";
import { binaryLine } from "./binary-line.js";
import { rangeFor, type RangePreset } from "../state/rounds.js";
import type { ReviewBackend } from "./review-backend.js";

export type ReviewModel = ReturnType<typeof createReviewModel>;

/** What the view compares: one of the round views, or the branch against a parent branch (`branch:<name>`). */
export type ViewPreset = RangePreset | `branch:${string}`;

const ROUND_PRESETS: readonly RangePreset[] = ["all", "since-last", "round"];
const ROUND_LABEL: Record<RangePreset, string> = { all: "all changes", "since-last": "since last round", round: "last round only" };

/** @example presetLabel("branch:main") // "against main" */
export function presetLabel(preset: ViewPreset): string {
  return isBranchPreset(preset) ? `against ${preset.slice("branch:".length)}` : ROUND_LABEL[preset];
}

function isBranchPreset(preset: string): preset is `branch:${string}` {
  return preset.startsWith("branch:");
}

/** Counts for the sidebar line: threads whose turn is the person's, and drafts not yet released. */
export function waitingCounts(threads: readonly Thread[]): { readonly waiting: number; readonly drafts: number } {
  let waiting = 0;
  let drafts = 0;
  for (const t of threads) {
    if (t.status === "open" && t.awaiting === "human") waiting++;
    drafts += t.messages.filter((m) => m.author === "human" && m.delivery === "unsent").length;
  }
  return { waiting, drafts };
}

/**
 * Releases whose message never reached the agent and that the person has not dismissed, newest first.
 * @example failedDeliveries(reviews) // [{ id: "v_1", delivery: { state: "failed", error: "No agent session..." } }]
 */
export function failedDeliveries(reviews: readonly PastReview[]): readonly PastReview[] {
  return reviews.filter((r) => r.delivery.state === "failed" && r.delivery.dismissed !== true);
}

/**
 * Agent messages that were not in the previous listing, for the toast shown while the view is closed.
 * @example newAgentMessages(before, after) // [{ thread, body }]
 */
export function newAgentMessages(before: readonly Thread[], after: readonly Thread[]): { readonly thread: Thread; readonly body: string }[] {
  const known = new Set(before.flatMap((t) => t.messages.map((m) => m.id)));
  return after.flatMap((thread) =>
    thread.messages.filter((m) => m.author === "agent" && !known.has(m.id)).map((m) => ({ thread, body: m.body })),
  );
}

/**
 * The model slice: loads through the backend, reloads what the change log says changed, and reports
 * failures as one readable line instead of throwing into opencode's TUI.
 * @example const model = createReviewModel(backend, { onAgentMessage }); await model.refresh();
 */
export function createReviewModel(
  backend: ReviewBackend,
  hooks: { readonly onAgentMessage?: (message: { readonly thread: Thread; readonly body: string }) => void } = {},
) {
  const [threads, setThreads] = createSignal<readonly Thread[]>([]);
  const [rounds, setRounds] = createSignal<readonly Round[]>([]);
  const [files, setFiles] = createSignal<readonly DiffFile[]>([]);
  const [preset, setPreset] = createSignal<ViewPreset>("all");
  // Files marked viewed and still reading as they did then (here, in a web panel or another process).
  const [viewed, setViewed] = createSignal<ReadonlySet<string>>(new Set());
  const [bases, setBases] = createSignal<{ readonly branches: readonly ParentBranch[]; readonly picked: string | null }>({ branches: [], picked: null });
  // The store's pick is where a view starts, once: after that the person's own `t` decides.
  let pickApplied = false;
  let basesRead = false;
  const [problem, setProblem] = createSignal<string | null>(null);
  const [loaded, setLoaded] = createSignal(false);
  const [reviews, setReviews] = createSignal<readonly PastReview[]>([]);
  const [waitingLine, setWaitingLine] = createSignal<string | null>(null);
  const [findings, setFindings] = createSignal<readonly Finding[]>([]);
  // A binary file's one line (type, dimensions, sizes, changed share), by path, once its sides are read.
  const [binaryLines, setBinaryLines] = createSignal<ReadonlyMap<string, string>>(new Map());
  // The text of each file whose diff may stop before the file does, by path, as lines: how many unchanged
  // lines follow the last hunk is known only from it. A file not read (yet) claims no lines after its hunks.
  const [texts, setTexts] = createSignal<ReadonlyMap<string, readonly string[]>>(new Map());
  // Files over the per-file limits the person loaded anyway: loaded again whenever the diff is re-read.
  const loadedAnyway = new Set<string>();
  const [run, setRun] = createSignal<Run | null>(null);
  let listed = false;
  let generation = 0;

  const range = (): DiffRange => {
    const now = preset();
    return isBranchPreset(now) ? { from: now, to: "worktree" } : rangeFor(now, rounds());
  };
  const say = (error: unknown) => setProblem(error instanceof Error ? error.message : String(error));

  const loadThreads = async () => {
    const next = await backend.threads();
    const found = await backend.findings().catch(() => findings());
    if (listed) for (const message of newAgentMessages(threads(), next)) hooks.onAgentMessage?.(message);
    listed = true;
    setThreads(next);
    setFindings(found);
  };
  // Past releases and an MCP panel's waiting line change with the threads a release or a tool read touches.
  // Polls overlap (asking a panel takes a moment): only the newest answer is kept, never an older one after it.
  let releasesAsked = 0;
  const loadReleases = async () => {
    const mine = ++releasesAsked;
    const [past, waiting] = await Promise.all([backend.reviews(), backend.waitingForTurn().catch(() => null)]);
    if (mine !== releasesAsked) return;
    setReviews(past);
    setWaitingLine(waiting);
  };
  const loadViewed = async () => {
    const marks = await backend.viewed();
    setViewed(new Set(marks.filter((m) => m.state === "viewed").map((m) => m.path)));
  };
  const loadRounds = async () => setRounds([...(await backend.rounds())].sort((a, b) => a.ordinal - b.ordinal));
  // A repository with no parent branch (or a backend that cannot say) simply offers no branch views.
  const loadBases = async () => {
    const known = await backend.bases().then(
      (read) => ((basesRead = true), read),
      // Tried again at the next poll; meanwhile `t` offers the round views only.
      () => ({ branches: [], picked: null }),
    );
    setBases(known);
    if (!pickApplied && known.picked !== null && isBranchPreset(known.picked)) setPreset(known.picked);
    pickApplied = true;
  };
  const loadDiff = async () => {
    const mine = ++generation;
    const asked = range();
    const listedFiles = await backend.diff(asked);
    const next = await Promise.all(
      listedFiles.map(async (f) => (f.tooLarge && loadedAnyway.has(f.path) ? ((await backend.fullDiff(asked, f.path).catch(() => null)) ?? f) : f)),
    );
    if (mine !== generation) return;
    setFiles([...next].sort(treeOrder));
    void describeBinaries(mine, asked, next.filter((f) => f.binary));
    void readTexts(asked, next).then((read) => mine === generation && setTexts(read));
  };
  // Only files with lines on both sides can go on after their last hunk (an added or deleted file is all hunk).
  const readTexts = async (asked: DiffRange, listed: readonly DiffFile[]): Promise<ReadonlyMap<string, readonly string[]>> => {
    const read = await Promise.all(
      listed
        .filter((f) => !f.binary && !f.tooLarge && f.hunks.length > 0 && f.status !== "added" && f.status !== "deleted")
        .map(async (f) => {
          const text = await backend.fileText(asked.to, f.path).catch(() => null);
          return text === null ? null : ([f.path, (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n")] as const);
        }),
    );
    return new Map(read.filter((entry) => entry !== null));
  };
  // Read after the diff is on screen, so a large image never holds up the first frame; a side that cannot
  // be read says why on the file's line instead. Type and sizes show at once; each share of pixels changed
  // replaces "comparing pixels…" when the backend's decode (off this thread) answers.
  const describeBinaries = async (mine: number, asked: DiffRange, binaries: readonly DiffFile[]) => {
    const lines = new Map<string, string>();
    const comparisons: Promise<void>[] = [];
    // The lines of this diff only, and never an older diff's after a newer one (the range may have changed).
    const show = (path: string, line: string) => {
      lines.set(path, line);
      if (mine === generation) setBinaryLines(new Map(lines));
    };
    for (const file of binaries) {
      const read = await backend.binaryVersions(file, asked).catch((error: unknown) => error instanceof Error ? error : new Error(String(error)));
      if (read instanceof Error) {
        lines.set(file.path, `Binary file: ${read.message}`);
        continue;
      }
      const { comparison, ...sides } = read;
      lines.set(file.path, binaryLine(sides, comparison ? "pending" : null));
      if (comparison) {
        comparisons.push(
          comparison.then(
            (answer) => show(file.path, binaryLine(sides, answer)),
            (error: unknown) => show(file.path, binaryLine(sides, { state: "not-compared", why: `no pixel share (${error instanceof Error ? error.message : String(error)})` })),
          ),
        );
      }
    }
    if (mine === generation) setBinaryLines(new Map(lines));
    await Promise.all(comparisons);
  };

  // The newest run is the one shown: a change to an older one (a late cancel) does not replace it.
  const showRun = (next: Run) => {
    const now = run();
    if (now === null || now.id === next.id || next.createdAt >= now.createdAt) setRun(next);
  };

  return {
    threads,
    rounds,
    files,
    preset,
    range,
    problem,
    loaded,
    setProblem,
    reviews,
    failed: () => failedDeliveries(reviews()),
    /** Releases that wait for a session to go to (none was open when they were made), newest first. */
    waitingForSession: () => reviews().filter((r) => r.delivery.state === "pending" && r.delivery.waitsFor === "session"),
    waitingLine,
    findings,
    binaryLines,
    /** Files' lines at the range's end, for the unchanged lines after the last hunk (see `terminalRows`). */
    texts,
    /**
     * Loads a file held back by the per-file limits, as the web panel's Load diff does; it stays loaded
     * while the range stays.
     */
    loadAnyway: async (path: string): Promise<boolean> => {
      const asked = range();
      const file = await backend.fullDiff(asked, path);
      const now = range();
      if (!file || asked.from !== now.from || asked.to !== now.to) return false;
      loadedAnyway.add(path);
      setFiles((all) => all.map((f) => (f.path === path ? file : f)));
      const mine = generation;
      void readTexts(asked, [file]).then((read) => mine === generation && setTexts((known) => new Map([...known, ...read])));
      return file.tooLarge === undefined;
    },
    /** The newest AI review run this view knows of (started here, in a web panel or by another process). */
    run,
    showRun,
    /** Threads and open findings together, as the diff lays them out (a finding anchors like a thread). */
    inline: () => [...threads(), ...findings().map(asThread)],
    dropFinding: (id: string) => setFindings((list) => list.filter((f) => f.id !== id)),
    reloadReleases: () => loadReleases().catch(say),
    counts: () => waitingCounts(threads()),
    /** Everything again: on open, after a refusal, or on request. */
    refresh: async () => {
      try {
        await loadRounds();
        await loadBases();
        // The run shown from the start: one may be going already (started from the web panel).
        void backend.latestRun().then((latest) => latest && showRun(latest)).catch(() => {});
        await Promise.all([loadThreads(), loadDiff(), loadReleases()]);
        setProblem(null);
      } catch (error) {
        say(error);
      } finally {
        setLoaded(true);
      }
    },
    /** One look at the change log; `withDiff` also re-reads the diff (the view is open, the work tree may have moved). */
    poll: async (withDiff: boolean) => {
      try {
        const changed = await backend.changes();
        // A new round can come with a branch made or moved: the branch views follow.
        if (changed.rounds) await Promise.all([loadRounds(), loadBases()]);
        else if (!basesRead) await loadBases();
        if (changed.threads || !listed) await Promise.all([loadThreads(), loadReleases()]);
        if (changed.run) showRun(changed.run);
        // Another panel marked files viewed or picked the diff's start: this view follows.
        if (changed.viewed) await loadViewed();
        if (changed.bases) await loadBases();
        if (withDiff && (changed.rounds || changed.threads)) await loadDiff();
      } catch (error) {
        say(error);
      }
    },
    reloadDiff: () => loadDiff().catch(say),
    /** The files marked viewed; `loadViewed` reads them, `markViewed` records what this view just set. */
    viewed,
    loadViewed: () => loadViewed().catch(() => {}),
    markViewed: (path: string, now: boolean) =>
      setViewed((set) => {
        const next = new Set(set);
        if (now) next.add(path);
        else next.delete(path);
        return next;
      }),
    /**
     * While the view is open, the work tree's changes are read as they land: the diff (a new file too) and the
     * anchors of the threads on it; another process's store writes come through the poll. Returns the stop.
     */
    watchWorktree: () =>
      backend.watchWorktree(() => {
        if (range().to === "worktree") void Promise.all([loadDiff(), loadThreads()]).catch(say);
      }),
    /** What `t` cycles through: the three round views, then the branch against each parent branch, nearest first. */
    presets: (): readonly ViewPreset[] => [...ROUND_PRESETS, ...bases().branches.map((b): ViewPreset => `branch:${b.name}`)],
    setPreset: (next: ViewPreset) => {
      setPreset(next);
      loadedAnyway.clear();
      void loadDiff().catch(say);
      // The branch picked (or its end) is kept in the store, so the web panel and the next view agree.
      const picked = isBranchPreset(next) ? next : null;
      if (picked !== bases().picked) {
        setBases((known) => ({ ...known, picked }));
        void backend.pickBase(picked).catch(say);
      }
    },
    /** Puts a thread the backend just answered into the list without waiting for the next poll. */
    put: (thread: Thread) => setThreads((list) => (list.some((t) => t.id === thread.id) ? list.map((t) => (t.id === thread.id ? thread : t)) : [...list, thread])),
    drop: (id: string) => setThreads((list) => list.filter((t) => t.id !== id)),
  };
}
