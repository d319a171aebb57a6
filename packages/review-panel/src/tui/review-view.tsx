/** @jsxImportSource @opentui/solid */
// The review over the conversation: every file's diff in one scroll with threads inline, driven by keys.
// This file assembles the screen from its parts (view/: header and notices, file tree, diff window, editor,
// list over the diff) and forwards the keys to the actions (review-actions.ts, review-editing.ts,
// release-confirm.ts, list-overlay.ts), which hold no renderer. Only the lines on screen are drawn; the rows
// and their layout are rebuilt when the review changes, never per key.
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import type { TextareaRenderable } from "@opentui/core";
import { useTerminalDimensions } from "@opentui/solid";
import { createMemo, createSignal, onCleanup, Show } from "solid-js";
import { fileOfRow } from "../state/navigation/cursor.js";
import { fileTree } from "../state/diff/file-tree.js";
import { FileFinderOverlay } from "./file-finder-overlay.js";
import { ForgeSendOverlay } from "./forge-send-overlay.js";
import { createListOverlay } from "./list-overlay.js";
import { createReleaseConfirm } from "./release-confirm.js";
import { createReviewActions } from "./review-actions.js";
import type { ReviewBackend } from "./review-backend.js";
import { errorText } from "../state/review-client.js";
import { finderPaths } from "../state/diff/file-finder.js";
import { createReviewEditing, editorHint } from "./review-editing.js";
import type { ReviewModel } from "./review-model.js";
import { createReviewScreen } from "./review-screen.js";
import { emptyLine, failedLine, headerText, runLine, sessionWaitLine } from "./review-notices.js";
import { chooseRunModel } from "./run-model-pick.js";
import { terminalKeys } from "./terminal-keys.js";
import { DiffWindow } from "./view/diff-window.js";
import { EDITOR_ROWS, EditorBox } from "./view/editor-box.js";
import { FileTreeColumn, TREE_WIDTH } from "./view/file-tree-column.js";
import { registerKeyLayers } from "./view/key-layers.js";
import { ListOverlayBox } from "./view/list-overlay-box.js";
import { TextLines } from "./view/text-lines.js";
import { wrapWords } from "./wrap-words.js";
import { rowOfPlace } from "../state/navigation/link-place.js";
import { stepPlace } from "../state/tour/tour.js";
import { tourText } from "./tour-lines.js";

/** From this width the file tree sits beside the diff; narrower, it is behind `b`. */
const SPLIT_WIDTH = 160;

export interface ReviewViewProps {
  readonly api: TuiPluginApi;
  readonly backend: ReviewBackend;
  readonly model: ReviewModel;
  /** The session a release goes to: the one the person came from, else the latest. */
  readonly session: () => Promise<string | null>;
  readonly close: () => void;
  /** Opens another branch's review in this view (`B`, then Enter); the own branch's too. */
  readonly openBranch?: (branch: string) => void;
}

/**
 * The route's content: header, optional file tree, the diff window, and the editor or confirmation line.
 * @example api.route.register([{ name: "opencode-review", render: () => <ReviewView api={api} backend={b} model={m} session={s} close={c} /> }])
 */
export function ReviewView(props: ReviewViewProps) {
  const dims = useTerminalDimensions();
  const theme = () => props.api.theme.current;
  const model = props.model;
  const actions = createReviewActions({
    backend: props.backend,
    model,
    session: props.session,
    chooseRunModel: () => chooseRunModel(props.api, props.backend),
    copy: (text) => props.api.renderer.copyToClipboardOSC52?.(text) ?? false,
    toast: (toast) => props.api.ui.toast(toast),
  });
  const { cursor, rows, view, collapsed, status, setStatus, busy } = actions;
  const release = createReleaseConfirm({
    backend: props.backend,
    model,
    session: props.session,
    act: actions.act,
    say: setStatus,
  });
  const list = createListOverlay({
    reviews: model.reviews,
    changes: () => model.slices.changes.list(),
    keyHelp: () => keys.help,
    screen: dims,
    top: () => overlayTop(),
    branch: () => props.backend.where.branch,
    openBranch: (branch) => {
      if (branch.branch === props.backend.where.branch) return;
      setStatus(`Opening ${branch.branch}…`);
      props.openBranch?.(branch.branch);
    },
  });
  let editor: TextareaRenderable | undefined;
  const editing = createReviewEditing({
    backend: props.backend,
    model,
    actions,
    typed: () => editor?.plainText ?? "",
    onOpen: list.close,
    onSummary: release.keepSummary,
  });
  const [treeOpen, setTreeOpen] = createSignal(false);
  const [finding, setFinding] = createSignal(false);
  const [worktreePaths, setWorktreePaths] = createSignal<readonly string[]>([]);
  const [forgeOpen, setForgeOpen] = createSignal(false);

  // Every sentence wraps at words to the screen's width (nothing is cut at the edge); the diff takes what is left.
  const wrapped = (text: string | null | undefined, width = dims().width): readonly string[] =>
    text ? wrapWords(text, width) : [];
  const headerLines = createMemo(() => wrapped(headerText(model, props.backend.where.branch, view())));
  const waitingLines = createMemo(() => wrapped(model.waitingLine()));
  const runLines = createMemo(() => wrapped(runLine(model.run())));
  const failedLines = createMemo(() => wrapped(failedLine(model.failed())));
  const sessionWaitLines = createMemo(() => wrapped(sessionWaitLine(model.waitingForSession()[0])));
  const confirmLines = createMemo(() => wrapped(release.pending()?.text()));
  const statusLines = createMemo(() => wrapped(busy() ? "Working…" : status()));
  const tour = model.tour;
  const tourLines = createMemo(() =>
    tourText(tour.tour(), { active: tour.active(), index: tour.index() }).flatMap((line) => wrapped(line)),
  );
  // w opens the tour at its step, then goes a step on (W back); the cursor goes to the step's first line,
  // where c comments on it as on any line.
  const walkTour = (by: 1 | -1) => {
    if (!tour.active()) tour.start();
    else if (by === 1) tour.next();
    else tour.prev();
    const step = tour.step();
    if (!step || !tour.active()) return;
    const place = stepPlace(step);
    const at = rowOfPlace(
      rows(),
      place.start === null
        ? { kind: "file", file: place.file }
        : { kind: "line", file: place.file, side: "new", line: place.start },
    );
    if (at !== null) cursor.go(at);
  };
  // The `?` and past-reviews box opens under the header and its notice lines (which wrap to more than one row
  // on a narrow screen), so its title is never drawn over them.
  const overlayTop = () =>
    1 +
    headerLines().length +
    tourLines().length +
    waitingLines().length +
    runLines().length +
    failedLines().length +
    sessionWaitLines().length;
  // The editor's box: its border, the hint (wrapped inside the border) and three lines to type in.
  const hintLines = createMemo(() => {
    const e = editing.editing();
    return e ? wrapped(editorHint(e), dims().width - 2) : [];
  });
  const editorHeight = () => (editing.editing() ? EDITOR_ROWS + hintLines().length : 0);
  const height = () =>
    Math.max(
      3,
      dims().height -
        headerLines().length -
        tourLines().length -
        statusLines().length -
        editorHeight() -
        confirmLines().length -
        failedLines().length -
        waitingLines().length -
        sessionWaitLines().length -
        runLines().length,
    );
  const showTree = () => dims().width >= SPLIT_WIDTH || treeOpen();
  const diffWidth = () => Math.max(20, dims().width - (showTree() ? TREE_WIDTH + 1 : 0) - 2);

  const screen = createReviewScreen({ model, rows, width: diffWidth, view, collapsed });
  const tree = createMemo(() => fileTree(model.files(), model.threads()));

  const keys = terminalKeys({
    down: () => cursor.down(),
    up: () => cursor.up(),
    pageDown: () => cursor.down(Math.max(1, height() - 4)),
    pageUp: () => cursor.up(Math.max(1, height() - 4)),
    nextFile: () => cursor.nextFile(),
    prevFile: () => cursor.prevFile(),
    nextHunk: () => cursor.nextHunk(),
    prevHunk: () => cursor.prevHunk(),
    nextThread: () => cursor.nextThread(),
    prevThread: () => cursor.prevThread(),
    toggleView: actions.toggleView,
    ignoreWhitespace: actions.toggleWhitespace,
    comment: () => editing.comment(false),
    suggest: () => editing.comment(true),
    fileComment: editing.fileComment,
    mark: actions.mark,
    editDraft: editing.editDraft,
    deleteDraft: actions.deleteDraft,
    resolve: actions.resolveToggle,
    seen: actions.seen,
    release: release.ask,
    takeRound: actions.takeRound,
    webPanel: actions.webPanel,
    rounds: actions.cyclePreset,
    fold: actions.fold,
    tree: () => setTreeOpen((o) => !o),
    acceptFinding: actions.acceptFinding,
    dismissFinding: actions.dismissFinding,
    startRun: actions.startRun,
    cancelRun: actions.cancelRun,
    viewed: actions.toggleViewed,
    nextUnviewed: actions.nextUnviewed,
    retryDelivery: actions.retryDelivery,
    dismissDelivery: actions.dismissDeliveries,
    refresh: actions.refresh,
    findFile: () => {
      list.close();
      setFinding(true);
      void props.backend.worktreeFiles?.().then((answer) => answer.ok && setWorktreePaths(answer.value.files));
    },
    forge: () => (list.close(), setForgeOpen(true)),
    loadAnyway: actions.loadAnyway,
    help: () => list.open("keys"),
    pastReviews: () => list.open("past"),
    tour: () => walkTour(1),
    prevStep: () => walkTour(-1),
    // q closes the tour first, then the view.
    close: () => (tour.active() ? tour.stop() : props.close()),
    undoHunk: actions.undoHunk,
    keepHunk: actions.keepHunk,
    restoreChange: actions.restoreNewest,
    changeList: () => list.open("changes"),
    // Every branch, as the web's switcher lists them: read when the list opens.
    branches: () =>
      void props.backend.branches().then((answer) => {
        if (answer.ok) list.openBranches(answer.value.branches);
        else setStatus(errorText(answer.error));
      }),
  });
  registerKeyLayers(props.api, {
    view: keys.bindings,
    editOpen: () => editing.editing() !== null,
    confirmOpen: () => release.pending() !== null,
    listOpen: () => list.shown() !== null,
    edit: { putAway: () => editing.close("kept"), discard: () => editing.close("discarded") },
    confirm: {
      accept: release.confirm,
      cancel: release.cancel,
      nextVerdict: release.nextVerdict,
      togglePullRequest: release.togglePullRequest,
      overall: () => {
        const words = release.writeSummary();
        if (words !== null) editing.open({ kind: "summary", initial: words });
      },
    },
    list: { close: list.close, down: list.down, up: list.up, choose: list.choose },
  });

  // While the view is open the work tree may change under it: the diff is re-read with the change log.
  model.setShowing(true);
  onCleanup(model.watchWorktree());
  onCleanup(() => model.setShowing(false));

  return (
    <box flexDirection="column" width="100%" height="100%" backgroundColor={theme().background}>
      <TextLines lines={headerLines()} fg={theme().text} bold />
      <TextLines lines={tourLines()} fg={theme().accent} />
      <TextLines lines={waitingLines()} fg={theme().info} />
      <TextLines lines={runLines()} fg={theme().accent} />
      <TextLines lines={failedLines()} fg={theme().error} />
      <TextLines lines={sessionWaitLines()} fg={theme().info} />
      <box flexDirection="row" flexGrow={1}>
        <Show when={showTree()}>
          <FileTreeColumn
            tree={tree()}
            height={height()}
            current={cursor.row() ? fileOfRow(cursor.row()!) : null}
            theme={theme()}
            go={actions.goToFileRow}
          />
        </Show>
        <DiffWindow
          screen={screen()}
          cursor={cursor}
          height={height()}
          empty={emptyLine(model)}
          problem={Boolean(model.problem())}
          theme={theme()}
        />
      </box>
      <Show when={editing.editing()}>
        {(e) => (
          <EditorBox
            editing={e()}
            hint={hintLines()}
            height={editorHeight()}
            theme={theme()}
            bind={(area) => (editor = area)}
            isBound={(area) => editor === area}
            submit={editing.save}
            changed={() => {
              if (editor) editing.keepTyped();
            }}
          />
        )}
      </Show>
      <TextLines lines={confirmLines()} fg={theme().warning} bold />
      <TextLines lines={statusLines()} fg={theme().textMuted} />
      <Show when={finding()}>
        <FileFinderOverlay
          api={props.api}
          paths={finderPaths(
            model.files().map((f) => f.path),
            worktreePaths(),
          )}
          width={dims().width}
          height={dims().height}
          pick={(path) => {
            setFinding(false);
            // A file the diff does not change opens whole, then the cursor goes to it.
            void model.diff.openWhole(path).then((shown) => shown && queueMicrotask(() => actions.goToFile(path)));
          }}
          close={() => setFinding(false)}
        />
      </Show>
      <Show when={forgeOpen()}>
        <ForgeSendOverlay
          api={props.api}
          source={props.backend}
          threads={model.threads}
          top={overlayTop()}
          width={dims().width}
          height={dims().height}
          close={(said) => (setForgeOpen(false), said && setStatus(said))}
        />
      </Show>
      <Show when={list.shown()}>
        <ListOverlayBox list={list} top={overlayTop()} theme={theme()} />
      </Show>
    </box>
  );
}
