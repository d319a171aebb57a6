import { createVirtualizer } from "@tanstack/solid-virtual";
import {
  createEffect,
  createMemo,
  createSignal,
  For,
  Match,
  on,
  onCleanup,
  onMount,
  Show,
  Switch,
  type JSX,
} from "solid-js";
import { describePlace, type DiffLine } from "@opencode-review/core";
import type { DiffFile, Thread } from "../api.js";
import {
  codeWidths,
  CodeScrollContext,
  createCodeScroll,
  useCodeScroll,
  type CodeWidth,
} from "../state/navigation/code-scroll.js";
import { useDiff } from "../state/diff/diff.js";
import { lineCounts } from "../state/diff/line-counts.js";
import { gapsOf, placeOf, type Row, type Rows } from "../state/diff/diff-rows.js";
import { useFocus } from "../state/navigation/focus.js";
import { useHighlight, type Token } from "../state/diff/highlight.js";
import { cutAtWords } from "../state/diff/word-pieces.js";
import { useSinceReview } from "../state/diff/since-review.js";
import { rangeText } from "../state/diff/range-text.js";
import { useRounds } from "../state/diff/rounds.js";
import { inRange } from "../state/navigation/selection.js";
import { useThreads } from "../state/conversation/threads.js";
import { useChanges } from "../state/diff/changes.js";
import { BinaryPreview } from "./binary-preview.js";
import { Composer } from "./composer.js";
import { ThreadCard } from "./thread-card.js";
import { ViewedToggle } from "./viewed-toggle.js";
import "./diff-view.css";

/** What the keyboard and file list need from the scrolling diff. */
export interface DiffScroll {
  readonly toRow: (index: number) => void;
  /** Scrolls only as far as needed to show the row (the cursor's moves). */
  readonly showRow: (index: number) => void;
  readonly firstVisibleRow: () => number;
}

const estimates: Readonly<Record<Row["kind"], number>> = {
  file: 52,
  outdated: 160,
  "file-threads": 140,
  notice: 44,
  gap: 28,
  hunk: 24,
  line: 20,
  pair: 20,
  threads: 150,
  composer: 170,
};

/** About the height of a file header pinned at the top of the pane (one row of controls). */
const pinnedHeight = 42;

/**
 * The whole diff as one virtualized list: only the rows on screen (and a few around) are in the DOM.
 * On a phone (`phone`) lines keep one line-number column and their code scrolls sideways per file instead of wrapping.
 */
export function DiffView(props: {
  readonly rows: Rows;
  readonly files: readonly DiffFile[];
  readonly phone: boolean;
  /** The key of the row the keyboard cursor is on, once the person moved it (j/k, n/p, ]/[, N/P). */
  readonly cursor?: string | null;
  readonly onReady: (scroll: DiffScroll) => void;
}) {
  const diff = useDiff();
  let scroller!: HTMLDivElement;
  const byPath = createMemo(() => new Map(props.files.map((f) => [f.path, f] as const)));
  const widths = createMemo(() => (props.phone ? codeWidths(props.rows.rows) : new Map<string, CodeWidth>()));
  const codeScroll = createCodeScroll(() => scroller);
  // The scroll position as a signal (the virtualizer keeps its own, not reactive): the pinned header follows it.
  const [scrollTop, setScrollTop] = createSignal(0);
  const [scrollbar, setScrollbar] = createSignal(0);
  // A jump to a row inside a file stops below the header pinned over the top of the pane, not under it; a
  // jump to a file's own header goes to the very top (no header is pinned over it there).
  // The pinned header's height as last drawn (two rows on a phone, where its controls wrap).
  let headerHeight = pinnedHeight;
  const [padStart, setPadStart] = createSignal(pinnedHeight);
  const aimAt = (index: number) => setPadStart(props.rows.rows[index]?.kind === "file" ? 0 : headerHeight);
  const virtualizer = createVirtualizer({
    get scrollPaddingStart() {
      return padStart();
    },
    get count() {
      return props.rows.rows.length;
    },
    getScrollElement: () => scroller,
    estimateSize: (i) => estimates[props.rows.rows[i]?.kind ?? "line"],
    getItemKey: (i) => props.rows.rows[i]?.key ?? i,
    overscan: 10,
  });
  // The comment box opens under the clicked line and takes the focus without scrolling (so reopening boxes
  // does not jump about); near the bottom of the screen it would sit below it, the person typing unseen.
  // Once drawn (the next frame), it is brought into view, by the least scroll that shows it.
  const focus = useFocus();
  createEffect(
    on(focus.composer, (target) => {
      if (target === null) return;
      requestAnimationFrame(() =>
        scroller.querySelector('[data-component="row-composer"]')?.scrollIntoView({ block: "nearest" }),
      );
    }),
  );
  // The file whose rows fill the top of the pane, once its own header has scrolled above it: its header is
  // pinned there. None while a real header is at the top (no copy over the real one).
  // As on GitHub, the next file's header pushes it up as it reaches it (`shift`, 0 or less).
  const pinned = createMemo((): { readonly file: DiffFile; readonly shift: number } | null => {
    const top = scrollTop();
    const items = virtualizer.getVirtualItems();
    const item = items.find((v) => v.end > top);
    const row = item ? props.rows.rows[item.index] : undefined;
    if (!item || !row || top <= 0) return null;
    if (row.kind === "file" && item.start >= top) return null;
    const file = byPath().get(rowFile(row));
    if (!file) return null;
    const next = items.find((v) => v.start > top && props.rows.rows[v.index]?.kind === "file");
    return { file, shift: next ? Math.min(0, next.start - top - pinnedHeight) : 0 };
  });
  const pinnedFile = createMemo(() => pinned()?.file ?? null);
  onMount(() =>
    props.onReady({
      toRow: (index) => (aimAt(index), virtualizer.scrollToIndex(index, { align: "start" })),
      showRow: (index) => (aimAt(index), virtualizer.scrollToIndex(index, { align: "auto" })),
      firstVisibleRow: () => virtualizer.getVirtualItems().find((v) => v.end > (scroller?.scrollTop ?? 0))?.index ?? 0,
    }),
  );

  return (
    <CodeScrollContext.Provider value={props.phone ? codeScroll : null}>
      <section data-component="diff-view" data-layout={props.phone ? "phone" : "desktop"} aria-label="Diff">
        <Show when={diff.loaded() && props.rows.rows.length === 0}>
          <div data-slot="empty">{diff.loading() ? "Loading the diff…" : "No changes in this range."}</div>
        </Show>
        <Show when={!diff.loaded()}>
          <div data-slot="empty">Loading the diff…</div>
        </Show>
        <Show when={pinnedFile()} keyed>
          {(file) => (
            <div
              data-slot="pinned"
              ref={(el) =>
                requestAnimationFrame(() => el.isConnected && (headerHeight = el.offsetHeight || pinnedHeight))
              }
              style={{ "--scrollbar": `${scrollbar()}px`, transform: `translateY(${pinned()?.shift ?? 0}px)` }}
            >
              <FileHeaderBar file={file} pinned />
            </div>
          )}
        </Show>
        <div
          data-slot="scroller"
          ref={scroller}
          onScroll={() => {
            setScrollTop(scroller.scrollTop);
            setScrollbar(scroller.offsetWidth - scroller.clientWidth);
          }}
        >
          <div style={{ height: `${virtualizer.getTotalSize()}px`, position: "relative", width: "100%" }}>
            <For each={virtualizer.getVirtualItems()}>
              {(item) => {
                const row = () => props.rows.rows[item.index];
                return (
                  <div
                    data-index={item.index}
                    data-cursor={props.cursor != null && props.cursor === row()?.key ? "true" : undefined}
                    ref={(el) => queueMicrotask(() => el.isConnected && virtualizer.measureElement(el))}
                    style={{
                      position: "absolute",
                      top: "0",
                      left: "0",
                      width: "100%",
                      transform: `translateY(${item.start}px)`,
                    }}
                  >
                    {/* Keyed by the row's key: a row that only changed content updates in place and keeps what is typed in it. */}
                    <Show when={row()?.key} keyed>
                      {(_key) => (
                        <RowView
                          row={row()!}
                          file={byPath().get(rowFile(row()!))}
                          width={widths().get(rowFile(row()!))}
                        />
                      )}
                    </Show>
                  </div>
                );
              }}
            </For>
          </div>
        </div>
      </section>
    </CodeScrollContext.Provider>
  );
}

function rowFile(row: Row): string {
  return row.kind === "file" ? row.file.path : row.file;
}

function RowView(props: {
  readonly row: Row;
  readonly file: DiffFile | undefined;
  readonly width: CodeWidth | undefined;
}): JSX.Element {
  const diff = useDiff();
  return (
    <Switch>
      <Match when={props.row.kind === "file" && props.row}>{(row) => <FileHeader file={row().file} />}</Match>
      <Match when={props.row.kind === "line" && props.row}>
        {(row) => <LineRow file={props.file} path={row().file} line={row().line} width={props.width} />}
      </Match>
      <Match when={props.row.kind === "pair" && props.row}>
        {(row) => <PairRow file={props.file} path={row().file} left={row().left} right={row().right} />}
      </Match>
      <Match when={props.row.kind === "hunk" && props.row}>{(row) => <HunkHeader row={row()} />}</Match>
      <Match when={props.row.kind === "gap" && props.row}>
        {(row) => <GapRow path={row().file} gap={row().gap} />}
      </Match>
      <Match when={props.row.kind === "notice" && props.file?.binary && props.file}>
        {(file) => <BinaryPreview file={file()} />}
      </Match>
      <Match when={props.row.kind === "notice" && props.row}>
        {(row) => (
          <div data-component="notice" data-state={row().load === undefined ? undefined : "too-large"}>
            {row().text}
            <Show when={row().load}>
              {" "}
              <button type="button" data-slot="action load-diff" onClick={() => void diff.loadFull(row().file)}>
                Load diff
              </button>
            </Show>
          </div>
        )}
      </Match>
      <Match when={props.row.kind === "threads" && props.row}>
        {(row) => (
          <div data-component="row-threads">
            <ThreadIds ids={row().threads.map((t) => t.id)} />
          </div>
        )}
      </Match>
      <Match when={props.row.kind === "outdated" && props.row}>
        {(row) => (
          <div data-component="outdated-banner" role="note">
            <div data-slot="title">
              {row().threads.length === 1 ? "1 outdated comment" : `${row().threads.length} outdated comments`}: the
              lines they talk about are gone.
            </div>
            <ThreadIds ids={row().threads.map((t) => t.id)} quote />
          </div>
        )}
      </Match>
      <Match when={props.row.kind === "file-threads" && props.row}>
        {(row) => <FileThreads file={props.file} path={row().file} threads={row().threads} />}
      </Match>
      <Match when={props.row.kind === "composer" && props.row}>
        {(row) => <NewThreadComposer file={props.file} target={row().target} />}
      </Match>
    </Switch>
  );
}

/**
 * Threads shown above a file's lines: comments on the whole file, and comments on lines this diff
 * hides (unchanged code, often where a thread moved to), each with a button that unfolds its lines.
 */
function FileThreads(props: {
  readonly file: DiffFile | undefined;
  readonly path: string;
  readonly threads: readonly Thread[];
}) {
  const diff = useDiff();
  const rounds = useRounds();
  const threads = useThreads();
  const place = (t: Thread) => placeOf(t, rounds.range());
  const whole = () => props.threads.filter((t) => place(t).start === null);
  // By id, as in ThreadIds: each answer about the threads brings new objects, and a list keyed by them
  // would rebuild every card here (dropping what it holds open) though nothing about them changed.
  const hidden = () => props.threads.filter((t) => place(t).start !== null).map((t) => t.id);
  const reveal = (t: Thread) => {
    const at = place(t);
    if (!props.file || at.start === null) return;
    const text = diff.texts().get(props.path);
    const gap = gapsOf(props.file, text ? text.length : null).find(
      ({ gap: g }) => at.start! >= g.newStart && (g.count === null || at.start! < g.newStart + g.count),
    );
    if (gap) void diff.expand(props.path, gap.gap, "all");
  };
  return (
    <div data-component="file-threads">
      <Show when={whole().length > 0}>
        <div data-slot="title">Comments on the file</div>
        <ThreadIds ids={whole().map((t) => t.id)} quote />
      </Show>
      <Show when={hidden().length > 0}>
        <div data-slot="title">Comments on lines this diff does not show</div>
        <div data-slot="why">
          These threads sit on lines of this file outside the changes shown here (their code moved, or was never changed
          in this diff); each one's quote is below, and Show lines unfolds them.
        </div>
        <For each={hidden()}>
          {(id) => (
            <Show when={threads.shown(id)}>
              {(t) => (
                <>
                  <Show when={t().side === "new"}>
                    <button type="button" data-slot="action show-lines" onClick={() => reveal(t())}>
                      Show {describePlace({ file: t().file, ...place(t()) }, { for: "web", file: false })} in the diff
                    </button>
                  </Show>
                  <ThreadIds ids={[id]} quote />
                </>
              )}
            </Show>
          )}
        </For>
      </Show>
    </div>
  );
}

/** A hunk's header, marked when the hunk changed since the person's last review. */
/** Threads by id, so an updated thread re-renders in place instead of being rebuilt. */
function ThreadIds(props: { readonly ids: readonly string[]; readonly quote?: boolean }) {
  const threads = useThreads();
  return (
    <For each={props.ids}>
      {(id) => (
        <Show when={threads.shown(id)}>{(thread) => <ThreadCard thread={thread()} showQuote={props.quote} />}</Show>
      )}
    </For>
  );
}

function FileHeader(props: { readonly file: DiffFile }) {
  const diff = useDiff();
  // An SVG is text to git, so its diff has lines; the picture it draws is shown above them too.
  const svg = () => !props.file.binary && /\.svg$/i.test(props.file.path) && !diff.collapsed().has(props.file.path);
  return (
    <>
      <FileHeaderBar file={props.file} />
      <Show when={svg()}>
        <BinaryPreview file={props.file} />
      </Show>
    </>
  );
}

/** A file's header; `pinned`: the copy held at the top of the pane, named apart so it is never taken for the row. */
function FileHeaderBar(props: { readonly file: DiffFile; readonly pinned?: boolean }) {
  const diff = useDiff();
  const since = useSinceReview();
  const focus = useFocus();
  const stats = createMemo(() => lineCounts(props.file));
  const status = () =>
    props.file.unchanged ? "unchanged" : props.file.binary ? `${props.file.status}, binary` : props.file.status;
  return (
    <header
      data-component={props.pinned ? "sticky-file-header" : "file-header"}
      data-path={props.file.path}
      data-focused={focus.file() === props.file.path ? "true" : "false"}
    >
      <button
        type="button"
        data-slot="fold"
        aria-label={diff.collapsed().has(props.file.path) ? "Unfold file" : "Fold file"}
        onClick={() => diff.toggleCollapsed(props.file.path)}
      >
        {diff.collapsed().has(props.file.path) ? "▸" : "▾"}
      </button>
      <span data-slot="path">
        <Show when={props.file.oldPath && props.file.oldPath !== props.file.path}>
          <span data-slot="old-path">{props.file.oldPath} → </span>
        </Show>
        {props.file.path}
      </span>
      <span data-slot="status" data-status={props.file.status}>
        {status()}
      </span>
      <Show when={since?.file(props.file.path)}>
        <span data-slot="since" title="Changed since your last review">
          new since your review
        </span>
      </Show>
      <span data-slot="stats">
        <span data-slot="adds">+{stats().adds}</span>
        <span data-slot="dels">−{stats().dels}</span>
      </span>
      <ViewedToggle path={props.file.path} />
      <button type="button" data-slot="action file-comment" onClick={() => focus.commentOnFile(props.file.path)}>
        Comment on file
      </button>
    </header>
  );
}

function Code(props: { readonly path: string; readonly side: "new" | "old"; readonly line: DiffLine }) {
  const highlight = useHighlight();
  const codeScroll = useCodeScroll();
  // A context line is the same text on both sides: one revealed beside the diff is coloured on the new side only.
  const tokens = () =>
    highlight.tokens(props.path, props.side, props.side === "new" ? props.line.new : props.line.old) ??
    (props.side === "old" && props.line.kind === "ctx" ? highlight.tokens(props.path, "new", props.line.new) : null);
  // The changed words of a paired line, cut over the syntax colours (or the plain text until they are ready).
  const pieces = createMemo(() =>
    cutAtWords<Token>(tokens() ?? [{ text: props.line.text, light: undefined, dark: undefined }], props.line.words),
  );
  let el!: HTMLSpanElement;
  onMount(() => {
    if (codeScroll) onCleanup(codeScroll.attach(el, props.path));
  });
  return (
    <span data-slot="code" ref={el}>
      {/* The text in its own box: on phones it is as wide as the file's longest line, so all lines scroll alike. */}
      <span data-slot="code-text">
        <Show when={tokens() || props.line.words} fallback={props.line.text}>
          <For each={pieces()}>
            {(p) => (
              <span data-word={p.changed ? "changed" : undefined} style={{ "--l": p.piece.light, "--d": p.piece.dark }}>
                {p.text}
              </span>
            )}
          </For>
        </Show>
      </span>
    </span>
  );
}

/** Click, shift-click or drag over line numbers to choose the lines of a new comment. */
function numberHandlers(path: string, side: "new" | "old", n: number | null) {
  const focus = useFocus();
  if (n === null) return {};
  return {
    onMouseDown: (e: MouseEvent) => {
      if (e.button !== 0) return;
      e.preventDefault();
      focus.press({ file: path, side, line: n, extend: e.shiftKey });
      window.addEventListener("mouseup", () => focus.release(), { once: true });
    },
    onMouseEnter: () => focus.drag({ file: path, side, line: n }),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      focus.pick({ file: path, side, line: n, extend: e.shiftKey });
    },
  };
}

function LineRow(props: {
  readonly file: DiffFile | undefined;
  readonly path: string;
  readonly line: DiffLine;
  readonly width?: CodeWidth | undefined;
}) {
  const focus = useFocus();
  const highlight = useHighlight();
  const diff = useDiff();
  // Again when the file changes under the open panel: its lines are new, and so are their colours; and with
  // the file's whole text once context was revealed, so revealed lines are coloured like the rest.
  createEffect(() => props.file && highlight.request(props.file, diff.texts().get(props.path)));
  // A deleted line is commented on its old side; context and added lines on the new side.
  const side = () => (props.line.kind === "del" ? "old" : "new");
  const n = () => (side() === "old" ? props.line.old : props.line.new);
  const selected = () => inRange(focus.selection()?.target ?? null, props.path, side(), n());
  const label = () => `Comment on ${side() === "old" ? "deleted " : ""}line ${n()}`;
  return (
    <div
      data-component="diff-line"
      data-file={props.path}
      data-kind={props.line.kind}
      data-side={side()}
      data-line={n()}
      data-selected={selected() ? "true" : "false"}
      style={props.width ? { "--code-ch": props.width.chars, "--num-ch": props.width.digits } : undefined}
    >
      {/* A phone has room for one number: the line's own (the old one on deleted lines), as the comment uses. */}
      <Show
        when={!props.width}
        fallback={
          <button
            type="button"
            data-slot="num"
            data-col="one"
            aria-label={label()}
            {...numberHandlers(props.path, side(), n())}
          >
            {n() ?? ""}
          </button>
        }
      >
        <button
          type="button"
          data-slot="num"
          data-col="old"
          aria-label={label()}
          {...numberHandlers(props.path, side(), n())}
        >
          {props.line.old ?? ""}
        </button>
        <button
          type="button"
          data-slot="num"
          data-col="new"
          aria-label={label()}
          tabIndex={-1}
          {...numberHandlers(props.path, side(), n())}
        >
          {props.line.new ?? ""}
        </button>
      </Show>
      <span data-slot="marker">{props.line.kind === "add" ? "+" : props.line.kind === "del" ? "-" : " "}</span>
      <Code path={props.path} side={side()} line={props.line} />
    </div>
  );
}

function Half(props: { readonly path: string; readonly side: "new" | "old"; readonly line: DiffLine | null }) {
  const focus = useFocus();
  // Context lines are commented on the new side even from the left column, as threads on them are.
  const side = () => (props.line?.kind === "ctx" ? "new" : props.side);
  const shown = () => (props.line ? (props.side === "old" ? props.line.old : props.line.new) : null);
  const n = () => (props.line ? (side() === "old" ? props.line.old : props.line.new) : null);
  const selected = () => inRange(focus.selection()?.target ?? null, props.path, side(), n());
  return (
    <div
      data-slot="half"
      data-file={props.path}
      data-kind={props.line?.kind ?? "none"}
      data-side={props.side}
      data-line={shown()}
      data-selected={selected() ? "true" : "false"}
    >
      <button
        type="button"
        data-slot="num"
        aria-label={`Comment on ${side() === "old" ? "deleted " : ""}line ${n()}`}
        disabled={n() === null}
        {...numberHandlers(props.path, side(), n())}
      >
        {shown() ?? ""}
      </button>
      <span data-slot="marker">{props.line?.kind === "add" ? "+" : props.line?.kind === "del" ? "-" : " "}</span>
      <Show when={props.line} fallback={<span data-slot="code" />}>
        {(line) => <Code path={props.path} side={props.side} line={line()} />}
      </Show>
    </div>
  );
}

function PairRow(props: {
  readonly file: DiffFile | undefined;
  readonly path: string;
  readonly left: DiffLine | null;
  readonly right: DiffLine | null;
}) {
  const highlight = useHighlight();
  const diff = useDiff();
  createEffect(() => props.file && highlight.request(props.file, diff.texts().get(props.path)));
  return (
    <div data-component="diff-pair">
      <Half path={props.path} side="old" line={props.left} />
      <Half path={props.path} side="new" line={props.right} />
    </div>
  );
}

function GapRow(props: { readonly path: string; readonly gap: import("../state/diff/diff-rows.js").Gap }) {
  const diff = useDiff();
  const label = () =>
    props.gap.count === null ? "Lines below" : `${props.gap.count} hidden line${props.gap.count === 1 ? "" : "s"}`;
  return (
    <div data-component="gap" data-file={props.path} data-gap-start={props.gap.newStart}>
      <span>⋯ {label()}</span>
      <button
        type="button"
        data-slot="action expand-down"
        onClick={() => void diff.expand(props.path, props.gap, "down")}
      >
        Show 20 below ↓
      </button>
      <Show when={props.gap.count !== null && props.gap.count > 20}>
        <button
          type="button"
          data-slot="action expand-up"
          onClick={() => void diff.expand(props.path, props.gap, "up")}
        >
          Show 20 above ↑
        </button>
      </Show>
      <button
        type="button"
        data-slot="action expand-all"
        onClick={() => void diff.expand(props.path, props.gap, "all")}
      >
        Show all
      </button>
    </div>
  );
}

function NewThreadComposer(props: {
  readonly file: DiffFile | undefined;
  readonly target: import("../state/diff/diff-rows.js").CommentTarget;
}) {
  const focus = useFocus();
  const threads = useThreads();
  const rounds = useRounds();
  const diff = useDiff();
  const t = () => props.target;
  const label = () => {
    if (t().start === null) return `Comment on ${t().file}`;
    return `Comment on ${describePlace(t(), { for: "web", file: false })}`;
  };
  const base = () => rangeText(props.file, t(), diff.texts().get(t().file));
  const changes = useChanges();
  return (
    <div data-component="row-composer">
      <Composer
        place={{ kind: "new", target: t() }}
        label={label()}
        labelExtra={
          <Show when={t().start !== null}>
            <Show when={changes.canChange()}>
              <button
                type="button"
                data-slot="action undo-selection"
                title="Put back the diff's start for the hunks these lines touch (restorable)"
                disabled={changes.busy()}
                onClick={async () => {
                  const target = t();
                  if (target.start === null) return;
                  const ok = await changes.undo({
                    file: target.file,
                    side: target.side,
                    start: target.start,
                    end: target.end ?? target.start,
                  });
                  if (ok) focus.closeComposer();
                }}
              >
                Undo selection
              </button>{" "}
            </Show>
            <span data-slot="stretch">
              <button
                type="button"
                data-slot="action"
                aria-label="Start one line earlier"
                onClick={() => focus.stretch("start", -1)}
              >
                ↑ start
              </button>{" "}
              <button
                type="button"
                data-slot="action"
                aria-label="End one line later"
                onClick={() => focus.stretch("end", 1)}
              >
                ↓ end
              </button>
            </span>
          </Show>
        }
        suggestionBase={t().start === null ? null : base()}
        submitLabel="Add draft comment"
        onCancel={() => focus.closeComposer()}
        onSubmit={async (body, suggestion) => {
          const to = rounds.range().to;
          const ok = await threads.create({
            file: t().file,
            side: t().side,
            start: t().start,
            end: t().end,
            ...(to !== "worktree" ? { roundId: to } : {}),
            body,
            ...(suggestion ? { suggestion } : {}),
          });
          if (ok) focus.closeComposer();
          return ok;
        }}
      />
    </div>
  );
}

/**
 * A hunk's header with what the person can do to it where the diff ends at the work tree: Undo (the lines go
 * back to the diff's start, restorable) and Keep (reviewed: it folds until its text changes).
 */
function HunkHeader(props: { readonly row: Extract<Row, { kind: "hunk" }> }) {
  const changes = useChanges();
  const rounds = useRounds();
  const since = useSinceReview();
  const fresh = () => props.row.at !== undefined && since?.hunk(props.row.file, props.row.at) === true;
  // A hunk that only deletes has no new-side lines: it is addressed by its old-side lines.
  const place = () => {
    const r = props.row.range;
    if (!r) return null;
    return r.newLines > 0
      ? { side: "new" as const, start: r.newStart, end: r.newStart + r.newLines - 1 }
      : { side: "old" as const, start: r.oldStart, end: r.oldStart + Math.max(r.oldLines, 1) - 1 };
  };
  const keepAt = () => {
    const r = props.row.range;
    if (!r) return null;
    const start = Math.max(r.newStart, 1);
    return { start, end: r.newLines > 0 ? r.newStart + r.newLines - 1 : start };
  };
  return (
    <div
      data-component="hunk-header"
      data-state={props.row.kept ? "kept" : undefined}
      data-since={fresh() ? "new" : undefined}
    >
      <span data-slot="header">{props.row.header}</span>
      <Show when={fresh()}>
        <span data-slot="since">new since your last review</span>
      </Show>
      <Show when={props.row.kept}>
        <span data-slot="kept">Kept{props.row.folded ? " · folded" : ""}</span>
        <button type="button" data-slot="action show-kept" onClick={() => changes.toggleShown(props.row.key)}>
          {props.row.folded ? "Show" : "Fold"}
        </button>
      </Show>
      <Show when={changes.canChange() && place()}>
        {(at) => (
          <span data-slot="hands">
            <Show when={!props.row.kept && rounds.range().from === "base"}>
              <button
                type="button"
                data-slot="action keep-hunk"
                title="Mark this hunk reviewed: it folds until its text changes"
                disabled={changes.busy()}
                onClick={() => {
                  const k = keepAt();
                  if (k) void changes.keep(props.row.file, k.start, k.end);
                }}
              >
                Keep
              </button>
            </Show>
            <button
              type="button"
              data-slot="action undo-hunk"
              title="Put this hunk back as the diff's start has it (restorable from the change list)"
              disabled={changes.busy()}
              onClick={() => void changes.undo({ file: props.row.file, ...at() })}
            >
              Undo
            </button>
          </span>
        )}
      </Show>
    </div>
  );
}
