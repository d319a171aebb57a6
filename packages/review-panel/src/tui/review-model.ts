// The review as the terminal half holds it: the shared state slices (threads, review and releases, rounds,
// viewed files, branch bases, reviewer runs) built over the in-process client, kept live by the store's
// change log, plus what only the terminal keeps: the round or branch view picked with `t`, and the binary
// files' lines a terminal draws instead of images.
import { createMemo, createSignal } from "solid-js";
import type { ViewModeStorage } from "../state/diff/diff.js";
import { createChanges } from "../state/diff/changes.js";
import { applyLiveChange } from "../state/live-changes.js";
import { findingOf, type DiffRange, type DiffViewName, type Finding, type Thread } from "../state/review-client.js";
import { DIFF_VIEWS, describeRange, rangeFor, rangeOfPick, type RangePreset } from "../state/diff/rounds.js";
import { createReviewSlices } from "../state/review-slices.js";
import { createBinaryLines } from "./binary-line.js";
import type { ReviewBackend } from "./review-backend.js";

export type ReviewModel = ReturnType<typeof createReviewModel>;

/**
 * What the view compares: one of the round views, the branch against a parent branch (`branch:<name>`), or
 * a view of GET /api/diff (`view:uncommitted`, `view:staged`, `view:since-review`, `view:commit:<sha>`).
 */
export type ViewPreset = RangePreset | `branch:${string}` | `view:${DiffViewName}`;

const ROUND_PRESETS: readonly RangePreset[] = ["all", "since-last", "round"];
const ROUND_LABEL: Record<RangePreset, string> = {
  all: "all changes",
  "since-last": "since last round",
  round: "last round only",
};

/** @example presetLabel("branch:main") // "against main" */
export function presetLabel(preset: ViewPreset): string {
  if (isViewPreset(preset)) {
    const view = preset.slice("view:".length);
    if (view.startsWith("commit:")) return `commit ${view.slice("commit:".length, "commit:".length + 7)}`;
    return DIFF_VIEWS.find((v) => v.view === view)?.label.toLowerCase() ?? view;
  }
  return isBranchPreset(preset) ? `against ${preset.slice("branch:".length)}` : ROUND_LABEL[preset];
}

function isViewPreset(preset: string): preset is `view:${DiffViewName}` {
  return preset.startsWith("view:");
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
 * Agent messages that were not in the previous listing, for the toast shown while the view is closed.
 * @example newAgentMessages(before, after) // [{ thread, body }]
 */
export function newAgentMessages(
  before: readonly Thread[],
  after: readonly Thread[],
): { readonly thread: Thread; readonly body: string }[] {
  const known = new Set(before.flatMap((t) => t.messages.map((m) => m.id)));
  return after.flatMap((thread) =>
    thread.messages.filter((m) => m.author === "agent" && !known.has(m.id)).map((m) => ({ thread, body: m.body })),
  );
}

/**
 * The terminal's model: the shared slices over the backend, live from its change log while the plugin runs,
 * and failures kept as one readable line (the newest notice) instead of thrown into opencode's TUI.
 * @example const model = createReviewModel(backend, { onAgentMessage }); await model.refresh();
 */
export function createReviewModel(
  backend: ReviewBackend,
  hooks: {
    readonly onAgentMessage?: (message: { readonly thread: Thread; readonly body: string }) => void;
    /** Where the unified or split choice is kept (opencode's key-value store). */
    readonly viewStorage?: ViewModeStorage;
  } = {},
) {
  const [preset, setPreset] = createSignal<ViewPreset>("all");
  // A binary file's one line (type, dimensions, sizes, changed share), read after every diff.
  const binaries = createBinaryLines(backend);
  const {
    notices,
    rounds,
    range,
    review,
    threads: threadSlice,
    diff,
    since,
    viewed,
    bases,
    reviewer,
    tour,
  } = createReviewSlices(backend, {
    range: (rounds) => {
      // One value per view picked, as the web's range signal: rounds listed again with the same range are not
      // a new range (the diff keeps its files loaded anyway), a new pick is.
      const picked = createMemo(
        (): { readonly preset: ViewPreset; readonly range: DiffRange } => {
          const now = preset();
          const chosen =
            isBranchPreset(now) || isViewPreset(now) ? rangeOfPick(now)! : rangeFor(now as RangePreset, rounds.list());
          return { preset: now, range: rounds.ignoreWhitespace() ? { ...chosen, ignoreWhitespace: true } : chosen };
        },
        undefined,
        {
          equals: (a, b) =>
            a.preset === b.preset &&
            a.range.from === b.range.from &&
            a.range.to === b.range.to &&
            a.range.ignoreWhitespace === b.range.ignoreWhitespace,
        },
      );
      return () => picked().range;
    },
    // The web panel's diff slice; the terminal reads the files' texts with every diff (it counts the lines after
    // the last hunk instead of unfolding them) and its first read waits for the rounds and the kept branch pick.
    diff: {
      viewStorage: hooks.viewStorage,
      readsTexts: true,
      waitsForFirstRead: true,
      onRead: (files, asked, current) => void binaries.describe(current, asked, files),
    },
  });
  const files = diff.files;
  // The store's pick is where a view starts, once: after that the person's own `t` decides.
  let pickApplied = false;
  const [loaded, setLoaded] = createSignal(false);
  const [waitingLine, setWaitingLine] = createSignal<string | null>(null);
  // Whether the view is open: then the diff follows what the change log says, as the work tree may move.
  let showing = false;

  const threads = createMemo(() => threadSlice.list().filter((t) => !findingOf(t)));
  // The reviewer's released findings still waiting for the person (accepted ones are the person's drafts).
  const findings = createMemo(() =>
    threadSlice.list().flatMap((t) => (findingOf(t)?.status === "open" ? [findingOf(t)!] : [])),
  );
  const problem = () =>
    notices
      .list()
      .filter((n) => n.tone === "error")
      .at(-1)?.text ?? null;

  // An MCP panel's waiting line changes with the threads a release or a tool read touches; polls overlap
  // (asking a panel takes a moment): only the newest answer is kept, never an older one after it.
  let waitingAsked = 0;
  const loadReleases = async () => {
    const mine = ++waitingAsked;
    const [, waiting] = await Promise.all([review.refresh(), backend.waitingForTurn()]);
    if (mine === waitingAsked) setWaitingLine(waiting.ok ? waiting.value : null);
  };
  // A repository with no parent branch simply offers no branch views; the pick kept in the store opens the view once.
  const loadBases = async () => {
    const picked = await bases.load();
    if (!pickApplied && picked !== null && (isBranchPreset(picked) || isViewPreset(picked)))
      setPreset(picked as ViewPreset);
    pickApplied = true;
  };
  const loadThreads = async () => {
    const before = threads();
    if (!(await threadSlice.load())) return;
    if (listed) for (const message of newAgentMessages(before, threads())) hooks.onAgentMessage?.(message);
    listed = true;
  };
  let listed = false;
  // The change log's events of one read arrive together: the diff is read again once for all of them.
  let diffDue = false;
  // Undo, keep, apply and restore, as in the web panel; each reads the diff again once written.
  const changes = createChanges(backend, range, files, () => diff.reload(), notices);
  const liveSlices = { threads: threadSlice, review, rounds, viewed, bases, reviewer, tour, changes };
  const stopLive = backend.events((event) => {
    const before = event.type === "thread" ? threadSlice.get(event.thread.id) : undefined;
    applyLiveChange(liveSlices, event);
    if (event.type === "thread" && listed && !findingOf(event.thread)) {
      for (const message of newAgentMessages(before ? [before] : [], [event.thread])) hooks.onAgentMessage?.(message);
    }
    // A delivery's state and an MCP panel's waiting line move with the threads a release or a tool read touches.
    if (event.type === "thread" || event.type === "review") void loadReleases();
    // A new round can come with a branch made or moved: the branch views follow.
    if (event.type === "round") void loadBases();
    if (showing && (event.type === "thread" || event.type === "round" || event.type === "review") && !diffDue) {
      diffDue = true;
      queueMicrotask(() => {
        diffDue = false;
        void diff.reload();
      });
    }
  });

  return {
    /** The shared slices, the same the web panel builds: the view's actions go through them. */
    slices: { ...liveSlices, notices },
    threads,
    rounds: rounds.list,
    files,
    preset,
    range,
    /** The newest refusal, as one line; null once a reload succeeded. */
    problem,
    loaded,
    /** The diff slice the web panel uses too: view, folds, and whether the files answer the view picked. */
    diff,
    /** Files and hunks changed since the person's last review. */
    since,
    reviews: review.past,
    failed: () => review.failedDeliveries(),
    /** Releases that wait for a session to go to (none was open when they were made), newest first. */
    waitingForSession: () => review.waitingForSession(),
    waitingLine,
    findings: findings as () => readonly Finding[],
    binaryLines: binaries.lines,
    /** Files' lines at the range's end, for the unchanged lines after the last hunk (see `terminalRows`). */
    texts: diff.texts,
    /** The newest AI review run this view knows of (started here, in a web panel or by another process). */
    run: reviewer.latest,
    showRun: reviewer.upsert,
    /** Threads and open findings together, as the diff lays them out (a finding anchors like a thread). */
    inline: () => [...threads(), ...findings().map((f) => f as unknown as Thread)],
    reloadReleases: () => loadReleases(),
    counts: () => waitingCounts(threads()),
    /** Everything again: on open, after a refusal, or on request. */
    refresh: async () => {
      for (const n of notices.list()) notices.dismiss(n.id);
      await rounds.load();
      await loadBases();
      // The run shown from the start: one may be going already (started from the web panel).
      void reviewer.load();
      void tour.load();
      void changes.load();
      await Promise.all([loadThreads(), diff.reload(), loadReleases()]);
      setLoaded(true);
    },
    /** The view opens or closes: while open, the diff follows the change log and the work tree. */
    setShowing: (open: boolean) => {
      showing = open;
    },
    /** The files marked viewed (and still reading as they did then) here, in a web panel or another process. */
    viewed: createMemo<ReadonlySet<string>>(
      () => new Set(files().flatMap((f) => (viewed.state(f.path) === "viewed" ? [f.path] : []))),
    ),
    /**
     * While the view is open, the work tree's changes are read as they land: the diff (a new file too) and the
     * anchors of the threads on it; another process's store writes come through the change log. Returns the stop.
     */
    watchWorktree: () =>
      // The diff is read again whole: the texts read with it replace the old ones (dropping a changed file's
      // text first, as the web's worktreeChanged does for its revealed lines, would only unsettle the rows).
      backend.watchWorktree(() => {
        if (range().to === "worktree") void Promise.all([diff.reload(), loadThreads()]);
        // The tour's steps follow the code, and what no step explains changes with the diff.
        if (tour.tour() !== null) void tour.load();
      }),
    /** What `t` cycles through: the three round views, then the branch against each parent branch, nearest first. */
    presets: (): readonly ViewPreset[] => [
      ...ROUND_PRESETS,
      ...DIFF_VIEWS.map((v): ViewPreset => `view:${v.view}`),
      ...bases.branches().map((b): ViewPreset => `branch:${b.name}`),
      ...bases.commits().map((c): ViewPreset => `view:commit:${c.sha}`),
    ],
    /** What the diff shows, in words, for the view's header. */
    describe: () => describeRange(range(), rounds.label, bases.commits()),
    setPreset: (next: ViewPreset) => {
      // A new range: the diff slice reads it, from the per-file limits again.
      setPreset(next);
      // The branch picked (or its end) is kept in the store, so the web panel and the next view agree.
      void bases.remember(next);
    },
    /** The agent's tour of its change, walked with w / W (the web panel's slice). */
    tour,
    /** Stops hearing the change log (the plugin is going). */
    close: stopLive,
  };
}
