import { createEffect, createMemo, createSignal, on, onCleanup, onMount, Show } from "solid-js";
import { BranchSwitcher } from "./branch-switcher.js";
import type { Api, Health, LiveState } from "../api.js";
import { applyLiveChange } from "../state/live-changes.js";
import { ApiContext } from "../state/api-context.js";
import { BranchBasesContext } from "../state/diff/branch-bases.js";
import { SinceReviewContext } from "../state/diff/since-review.js";
import { DiffContext, type ViewModeStorage } from "../state/diff/diff.js";
import { buildRows } from "../state/diff/diff-rows.js";
import { createCursor, fileOfRow, isStop } from "../state/navigation/cursor.js";
import { createHere } from "../state/navigation/here.js";
import { createFocus, FocusContext } from "../state/navigation/focus.js";
import { placeFromLink, rowOfPlace } from "../state/navigation/link-place.js";
import { createHighlight, HighlightContext } from "../state/diff/highlight.js";
import { keyAction } from "../state/navigation/keymap.js";
import { createMarkdown, MarkdownContext } from "../state/conversation/markdown.js";
import { NoticesContext } from "../state/conversation/notices.js";
import { ReviewContext } from "../state/conversation/review.js";
import { describeRange, pickOf, rangeOfPick, RoundsContext } from "../state/diff/rounds.js";
import { finderPaths } from "../state/diff/file-finder.js";
import { reopenUnsent } from "../state/conversation/reopen-unsent.js";
import { ThreadsContext } from "../state/conversation/threads.js";
import { ReviewerContext } from "../state/conversation/reviewer.js";
import { ReviewerBar } from "./reviewer-bar.js";
import { createUnsentText, UnsentTextContext } from "../state/conversation/unsent-text.js";
import { ViewedContext } from "../state/diff/viewed.js";
import { createReviewSlices } from "../state/review-slices.js";
import { ChangesContext, createChanges } from "../state/diff/changes.js";
import { DiffView, type DiffScroll } from "./diff-view.js";
import { FileFinder } from "./file-finder.js";
import { FileList } from "./file-list.js";
import { HelpOverlay } from "./help-overlay.js";
import { NoticeList } from "./notice-list.js";
import { ReleaseBar } from "./release-bar.js";
import { createForgeQueue, ForgeQueueContext } from "../state/conversation/forge-queue.js";
import { RoundPicker } from "./round-picker.js";
import { ThemeChoice } from "./theme-choice.js";
import { ViewedProgress } from "./viewed-toggle.js";
import { stepPlace, TourContext, type StepPlace } from "../state/tour/index.js";
import { TourBar } from "./tour-bar.js";
import "./app.css";

function createMediaQuery(query: string) {
  const list = typeof matchMedia === "undefined" ? null : matchMedia(query);
  const [matches, setMatches] = createSignal(list?.matches ?? false);
  const listener = (e: MediaQueryListEvent) => setMatches(e.matches);
  list?.addEventListener("change", listener);
  onCleanup(() => list?.removeEventListener("change", listener));
  return matches;
}

/** The page's localStorage, or null where the browser refuses it (some private modes throw on access). */
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The unified or split choice, kept in the browser for every review of this panel's address. */
function browserViewStorage(storage: Storage | null): ViewModeStorage {
  const key = "opencode-review-view";
  return {
    read: () => (storage?.getItem(key) === "split" ? "split" : null),
    write: (mode) => storage?.setItem(key, mode),
  };
}

/** The review panel: the state slices, live updates, keyboard, and the layout. */
export function App(props: { readonly api: Api }) {
  const api = props.api;
  const { notices, rounds, review, threads, diff, since, viewed, bases, reviewer, tour } = createReviewSlices(api, {
    threadsInRange: true,
    diff: { viewStorage: browserViewStorage(localStorageOrNull()) },
  });
  const forge = createForgeQueue(api);
  const focus = createFocus();
  const highlight = createHighlight();
  const markdown = createMarkdown(window);
  const unsent = createUnsentText(localStorageOrNull());
  // Undo, keep, apply: each reads the changed file's diff again at once (the watcher's event may come later).
  const changes = createChanges(api, rounds.range, diff.files, (paths) => diff.worktreeChanged(paths), notices);
  const [readyToReopen, setReadyToReopen] = createSignal(false);
  const [health, setHealth] = createSignal<Health | null>(null);
  const [live, setLive] = createSignal<LiveState>("connecting");
  const narrow = createMediaQuery("(max-width: 760px)");
  // Phones keep the round picker behind one header button, to leave the screen to the diff.
  const [roundsOpen, setRoundsOpen] = createSignal(false);
  const [finding, setFinding] = createSignal(false);
  const short = (ref: string) =>
    ref === "worktree" ? "now" : ref === "base" ? "base" : rounds.label(ref).replace("round ", "R");
  let scroll: DiffScroll | null = null;

  // Phones get the unified view: two columns of code do not fit 390 pixels.
  const view = () => (narrow() ? "unified" : diff.view());
  const rows = createMemo(() =>
    buildRows({
      files: diff.files(),
      threads: threads.inRange().filter(reviewer.shows),
      range: rounds.range(),
      view: view(),
      collapsed: diff.collapsed(),
      shownKept: changes.shownKept(),
      texts: diff.texts(),
      revealed: diff.revealed(),
      composer: focus.composer(),
    }),
  );
  createEffect(on(rounds.range, () => highlight.reset(), { defer: true }));

  // A file opened before the threads arrived is aimed at again once they are laid out: their cards are
  // inserted above it and pushed it down, out of the rendered rows (a CI run never saw line 24 of src/app.ts).
  let openedEarly: string | null = null;
  const openFile = (path: string) => {
    const index = rows().fileIndex.get(path);
    focus.setFile(path);
    focus.setDrawer(false);
    if (index !== undefined) scroll?.toRow(index);
    openedEarly = threads.loaded() ? null : path;
  };
  createEffect(
    on(
      threads.loaded,
      (loaded) => {
        if (!loaded || openedEarly === null) return;
        const index = rows().fileIndex.get(openedEarly);
        openedEarly = null;
        if (index !== undefined) queueMicrotask(() => scroll?.toRow(index));
      },
      { defer: true },
    ),
  );
  // The keyboard cursor is the terminal's (state/cursor.ts) over the same rows: it shows once a move key is
  // pressed, starting from the first row on screen, and the focused file and thread follow it.
  const cursor = createCursor(() => rows().rows);
  const [cursorShown, setCursorShown] = createSignal(false);
  const move = (step: () => void) => {
    if (!cursorShown()) {
      cursor.go(scroll?.firstVisibleRow() ?? 0);
      if (cursor.row() && !isStop(cursor.row()!)) cursor.down();
      setCursorShown(true);
    }
    step();
    const row = cursor.row();
    if (!row) return;
    focus.setFile(fileOfRow(row));
    if (row.kind === "threads" || row.kind === "outdated" || row.kind === "file-threads") {
      const last = row.threads[row.threads.length - 1];
      if (last) focus.setThread(last.id);
    }
    scroll?.showRow(cursor.index());
  };
  const moveThread = (by: 1 | -1) => move(by === 1 ? cursor.nextThread : cursor.prevThread);
  // What the keys act on: the thread at the cursor, else the one last focused (the shared "here" slice).
  const here = createHere({ row: () => (cursorShown() ? cursor.row() : undefined), focused: focus.thread, threads });
  const replyTo = (id: string) => {
    focus.setReplyTo(id);
    const index = rows().threadIndex.get(id);
    if (index !== undefined) scroll?.toRow(index);
  };
  const commentHere = () => {
    if (cursorShown()) {
      const action = cursor.action();
      if (action?.kind === "reply") return replyTo(action.threadId);
      if (action?.kind === "comment") {
        const { target } = action;
        if (target.start === null) return focus.commentOnFile(target.file);
        return focus.pick({ file: target.file, side: target.side, line: target.start, extend: false });
      }
    }
    const selection = focus.selection();
    if (selection) return void focus.pick({ ...selection.target, line: selection.target.end ?? 1, extend: false });
    const focused = focus.thread();
    if (focused) return replyTo(focused);
    // Without a chosen line, the first changed line of the focused file.
    const file = diff.files().find((f) => f.path === focus.file()) ?? diff.files()[0];
    const line = file?.hunks.flatMap((h) => h.lines).find((l) => l.kind !== "ctx");
    if (!file || !line) return file && focus.commentOnFile(file.path);
    const side = line.kind === "del" ? "old" : "new";
    focus.pick({ file: file.path, side, line: (side === "old" ? line.old : line.new) ?? 1, extend: false });
  };
  // The agent's tour: a step is shown in the diff (its first line near the top), and commented on as any lines are.
  const showPlace = (place: StepPlace) => {
    const index = rowOfPlace(
      rows().rows,
      place.start === null
        ? { kind: "file", file: place.file }
        : { kind: "line", file: place.file, side: "new", line: place.start },
    );
    focus.setFile(place.file);
    if (index !== null) scroll?.toRow(Math.max(0, index - 2));
  };
  const walkTour = (by: 1 | -1) => {
    if (!tour.active()) tour.start();
    else if (by === 1) tour.next();
    else tour.prev();
    const step = tour.step();
    if (step && tour.active()) showPlace(stepPlace(step));
  };
  const commentOnStep = (place: StepPlace) => {
    if (place.start === null) focus.commentOnFile(place.file);
    else {
      focus.pick({ file: place.file, side: "new", line: place.start, extend: false });
      if ((place.end ?? place.start) > place.start)
        focus.pick({ file: place.file, side: "new", line: place.end!, extend: true });
    }
    queueMicrotask(() => {
      const index = rows().rows.findIndex((row) => row.kind === "composer");
      if (index !== -1) scroll?.toRow(Math.max(0, index - 3));
    });
  };
  const resolveHere = () => {
    const toggle = here.resolveToggle();
    if (toggle.kind === "resolve" || toggle.kind === "reopen") void toggle.run();
  };
  // A release asks first, as in the terminal: `s` opens "Finish your review" with the release button focused.
  const askRelease = () => {
    focus.setFinishing(true);
    queueMicrotask(() =>
      document.querySelector<HTMLButtonElement>('[data-component="release-bar"] [data-slot="release"]')?.focus(),
    );
  };

  const onKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    const action = keyAction({
      key: e.key,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      altKey: e.altKey,
      targetTag: target?.tagName,
      targetEditable: target?.isContentEditable,
    });
    if (!action) return;
    e.preventDefault();
    switch (action) {
      case "down":
        return move(() => cursor.down());
      case "up":
        return move(() => cursor.up());
      case "nextFile":
        return move(cursor.nextFile);
      case "prevFile":
        return move(cursor.prevFile);
      case "nextHunk":
        return move(cursor.nextHunk);
      case "prevHunk":
        return move(cursor.prevHunk);
      case "nextThread":
        return moveThread(1);
      case "prevThread":
        return moveThread(-1);
      case "comment":
        return commentHere();
      case "resolve":
        return resolveHere();
      case "release":
        return askRelease();
      case "findFile":
        return findFile();
      case "ignoreWhitespace":
        return void rounds.setIgnoreWhitespace(!rounds.ignoreWhitespace());
      case "help":
        return void focus.setHelp(!focus.help());
      case "tour":
        return walkTour(1);
      case "prevStep":
        return walkTour(-1);
      case "close":
        focus.setHelp(false);
        focus.setDrawer(false);
        focus.setFinishing(false);
        tour.stop();
        return;
    }
  };

  // The diff's start, when it is a branch, is kept in the store for this repository and branch (once the
  // picked one is restored, so restoring it does not write it back).
  const [rememberBase, setRememberBase] = createSignal(false);
  createEffect(
    on(
      () => pickOf(rounds.range()),
      (from) => {
        if (rememberBase()) void bases.remember(from);
      },
      { defer: true },
    ),
  );

  // Once the repository, the threads, the picked base and that range's diff are known, boxes left with
  // unsent text open again (before the picked base's diff, a box on a file only it shows would stay shut).
  let reopened = false;
  createEffect(() => {
    if (reopened || !readyToReopen() || !diff.loaded() || diff.loading()) return;
    reopened = true;
    const paths = new Set(diff.files().map((f) => f.path));
    reopenUnsent(unsent.list(), focus, {
      hasFile: (path) => paths.has(path),
      hasThread: (id) => threads.shown(id) !== undefined,
      thread: (id) => threads.get(id),
      drop: (entry) => unsent.drop(entry.place),
      showComposer: () =>
        queueMicrotask(() => {
          const index = rows().rows.findIndex((row) => row.kind === "composer");
          if (index !== -1) scroll?.toRow(Math.max(0, index - 3));
        }),
      showThread: (id) =>
        queueMicrotask(() => {
          const index = rows().threadIndex.get(id);
          if (index !== undefined) scroll?.toRow(index);
        }),
    });
  });

  // A link opened from the terminal names the place the person was at (file, line or thread): shown once loaded.
  const linked = placeFromLink(window.location.hash);
  let landed = linked === null;
  createEffect(() => {
    if (landed || !diff.loaded() || !readyToReopen()) return;
    const index = rowOfPlace(rows().rows, linked!);
    if (index === null) return;
    landed = true;
    focus.setFile(linked!.file);
    if (linked!.kind === "thread") focus.setThread(linked!.id);
    // The line is marked, as GitHub marks a line address, so the eye finds it on the screen.
    if (linked!.kind === "line") focus.markLine({ file: linked!.file, side: linked!.side, line: linked!.line });
    queueMicrotask(() => scroll?.toRow(index));
  });

  // Go to file offers every file of the work tree; one the diff does not change opens whole.
  const [worktreePaths, setWorktreePaths] = createSignal<readonly string[]>([]);
  const findFile = () => {
    setFinding(true);
    void api.worktreeFiles?.().then((answer) => answer.ok && setWorktreePaths(answer.value.files));
  };
  const openAnyFile = (path: string) =>
    void diff.openWhole(path).then((shown) => shown && queueMicrotask(() => openFile(path)));

  let connected = false;
  onMount(() => {
    const healthy = api.health().then((h) => {
      if (!h.ok) return (notices.report(h.error), false);
      setHealth(h.value);
      unsent.setScope(h.value.repo, h.value.branch);
      return true;
    });
    void rounds.load();
    // A branch base picked earlier, in any browser or panel (the branch against its parent), is the diff's start again.
    const settled = bases.load().then((from) => {
      const picked = from === null ? null : rangeOfPick(from);
      if (picked) rounds.setRange(picked);
      setRememberBase(true);
    });
    void Promise.all([healthy, threads.load(), settled]).then(([ok]) => ok && setReadyToReopen(true));
    void review.refresh();
    void reviewer.load();
    void forge.load();
    void tour.load();
    void changes.load();
    const close = api.events(
      (event) =>
        // The agent wrote files: their diff, and the anchors of the threads on them, are read again.
        applyLiveChange({ threads, review, rounds, viewed, bases, reviewer, forge, tour, changes }, event, {
          worktree: (paths) => {
            // The tour's steps follow the code, and what no step explains changes with the diff.
            if (tour.tour() !== null) void tour.load();
            if (rounds.range().to === "worktree") void Promise.all([diff.worktreeChanged(paths), threads.load()]);
          },
        }),
      (state) => {
        // Whatever happened while the stream was down is read again on reconnect (not on the first
        // connection: the first load is already under way, and a second one redraws a big diff again).
        if (state === "open" && live() !== "open" && connected)
          void Promise.all([threads.load(), reviewer.load(), forge.load(), tour.load()]);
        if (state === "open") connected = true;
        setLive(state);
      },
    );
    window.addEventListener("keydown", onKey);
    onCleanup(() => {
      close();
      window.removeEventListener("keydown", onKey);
    });
  });

  return (
    <ApiContext.Provider value={api}>
      <NoticesContext.Provider value={notices}>
        <RoundsContext.Provider value={rounds}>
          <ThreadsContext.Provider value={threads}>
            <ReviewContext.Provider value={review}>
              <ReviewerContext.Provider value={reviewer}>
                <ForgeQueueContext.Provider value={forge}>
                  <DiffContext.Provider value={diff}>
                    <FocusContext.Provider value={focus}>
                      <HighlightContext.Provider value={highlight}>
                        <MarkdownContext.Provider value={markdown}>
                          <UnsentTextContext.Provider value={unsent}>
                            <ViewedContext.Provider value={viewed}>
                              <BranchBasesContext.Provider value={bases}>
                                <ChangesContext.Provider value={changes}>
                                  <SinceReviewContext.Provider value={since}>
                                    <TourContext.Provider value={tour}>
                                      <main data-component="app" data-view={view()}>
                                        <header data-slot="header">
                                          <button
                                            type="button"
                                            data-slot="action files-button"
                                            onClick={() => focus.setDrawer(true)}
                                          >
                                            Files ({diff.files().length})
                                          </button>
                                          <span data-slot="title">
                                            <span
                                              data-slot="live"
                                              data-state={live()}
                                              title={live() === "open" ? "Live" : "Not connected"}
                                            />
                                            {health()?.repo ? health()!.repo.split("/").pop() : "opencode-review"}
                                            <BranchSwitcher current={health()?.branch ?? ""} />
                                          </span>
                                          {/* A stopped server must not look like a quiet one: say so, while the stream keeps retrying. */}
                                          <Show when={live() === "lost" || live() === "refused"}>
                                            <span
                                              data-slot="connection"
                                              data-state={live()}
                                              role="status"
                                              title={
                                                live() === "lost"
                                                  ? "The review server does not answer; the panel reconnects by itself when it is back."
                                                  : "The server answers but not to this link: it was started again with a new token. opencode-review url prints the new link."
                                              }
                                            >
                                              {live() === "lost"
                                                ? "Disconnected · reconnecting…"
                                                : "Disconnected · open the new link"}
                                            </span>
                                          </Show>
                                          <ViewedProgress current={focus.file()} onOpen={openFile} />
                                          <button
                                            type="button"
                                            data-slot="action prev-thread"
                                            aria-label="Previous thread"
                                            title="Previous thread (P)"
                                            onClick={() => moveThread(-1)}
                                          >
                                            ↑<span data-slot="word"> thread</span>
                                          </button>
                                          <button
                                            type="button"
                                            data-slot="action next-thread"
                                            aria-label="Next thread"
                                            title="Next thread (N)"
                                            onClick={() => moveThread(1)}
                                          >
                                            ↓<span data-slot="word"> thread</span>
                                          </button>
                                          <button
                                            type="button"
                                            data-slot="action rounds-button"
                                            aria-label={`${describeRange(rounds.range(), rounds.label, bases.commits())}: choose the diff`}
                                            aria-expanded={roundsOpen()}
                                            onClick={() => setRoundsOpen(!roundsOpen())}
                                          >
                                            {rounds.range().view?.replace(/^commit:(.{7}).*$/, "$1") ??
                                              `${short(rounds.range().from)}→${short(rounds.range().to)}`}{" "}
                                            {roundsOpen() ? "▴" : "▾"}
                                          </button>
                                          <span data-slot="view-toggle" role="group" aria-label="View">
                                            <button
                                              type="button"
                                              data-slot="action"
                                              aria-pressed={view() === "unified"}
                                              onClick={() => diff.setView("unified")}
                                            >
                                              Unified
                                            </button>{" "}
                                            <button
                                              type="button"
                                              data-slot="action"
                                              aria-pressed={view() === "split"}
                                              onClick={() => diff.setView("split")}
                                            >
                                              Split
                                            </button>
                                          </span>
                                          <ThemeChoice />
                                          <button
                                            type="button"
                                            data-slot="action help"
                                            aria-label="Keyboard shortcuts"
                                            onClick={() => focus.setHelp(true)}
                                          >
                                            ?
                                          </button>
                                        </header>
                                        <RoundPicker
                                          state={roundsOpen() ? "open" : "closed"}
                                          onPicked={() => setRoundsOpen(false)}
                                        />
                                        <TourBar onShow={showPlace} onComment={commentOnStep} />
                                        <div data-slot="body">
                                          <div
                                            data-slot="scrim"
                                            data-state={focus.drawer() ? "open" : "closed"}
                                            onClick={() => focus.setDrawer(false)}
                                          />
                                          <FileList onOpen={openFile} />
                                          <DiffView
                                            rows={rows()}
                                            files={diff.files()}
                                            phone={narrow()}
                                            cursor={cursorShown() ? (cursor.row()?.key ?? null) : null}
                                            onReady={(s) => (scroll = s)}
                                          />
                                        </div>
                                        <ReviewerBar />
                                        <ReleaseBar />
                                      </main>
                                      <Show when={focus.help()}>
                                        <HelpOverlay onClose={() => focus.setHelp(false)} />
                                      </Show>
                                      <Show when={finding()}>
                                        <FileFinder
                                          paths={finderPaths(
                                            diff.files().map((f) => f.path),
                                            worktreePaths(),
                                          )}
                                          onOpen={openAnyFile}
                                          onClose={() => setFinding(false)}
                                        />
                                      </Show>
                                      <NoticeList />
                                    </TourContext.Provider>
                                  </SinceReviewContext.Provider>
                                </ChangesContext.Provider>
                              </BranchBasesContext.Provider>
                            </ViewedContext.Provider>
                          </UnsentTextContext.Provider>
                        </MarkdownContext.Provider>
                      </HighlightContext.Provider>
                    </FocusContext.Provider>
                  </DiffContext.Provider>
                </ForgeQueueContext.Provider>
              </ReviewerContext.Provider>
            </ReviewContext.Provider>
          </ThreadsContext.Provider>
        </RoundsContext.Provider>
      </NoticesContext.Provider>
    </ApiContext.Provider>
  );
}
