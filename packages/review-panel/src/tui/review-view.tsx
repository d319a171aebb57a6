/** @jsxImportSource @opentui/solid */
// The review over the conversation: every file's diff in one scroll with threads inline, driven by keys.
// Only the lines on screen are drawn; the rows and their layout are rebuilt when the review changes, never per key.
import { pathNow } from "@opencode-review/core";
import type { TuiPluginApi } from "@opencode-ai/plugin/tui";
import { TextAttributes, type RGBA, type TextareaRenderable } from "@opentui/core";
import { useTerminalDimensions } from "@opentui/solid";
import { createEffect, createMemo, createSignal, For, Index, on, onCleanup, Show } from "solid-js";
import { errorText, findingOf, type ApiError, type Thread, type Verdict } from "../state/review-client.js";
import { createCursor, fileOfRow } from "../state/cursor.js";
import type { CommentTarget, ViewMode } from "../state/diff-rows.js";
import { fileTree } from "../state/file-tree.js";
import { linkToPlace, placeOfRow } from "../state/link-place.js";
import { NO_SESSION_YET, pastReviewLines } from "../state/past-review-text.js";
import { followCursor } from "../state/viewport.js";
import { FileFinderOverlay } from "./file-finder-overlay.js";
import { terminalSafe, type MarkdownLine } from "./markdown-lines.js";
import { createKeptEditorText, type Editing } from "./kept-editor-text.js";
import type { ReviewBackend } from "./review-backend.js";
import { presetLabel, type ReviewModel } from "./review-model.js";
import { chooseRunModel } from "./run-model-pick.js";
import { layout, terminalRows, type ScreenLine, type Tone } from "./screen-lines.js";
import { syntaxTokens, type SyntaxTone } from "./syntax-tokens.js";
import { terminalKeys } from "./terminal-keys.js";
import { KEEP, wrapWords } from "./wrap-words.js";

export const VIEW_MODE = "opencode-review";
const EDIT_MODE = "opencode-review.edit";
const CONFIRM_MODE = "opencode-review.confirm";
const HELP_MODE = "opencode-review.help";
/** From this width the file tree sits beside the diff; narrower, it is behind `b`. */
const SPLIT_WIDTH = 160;
const TREE_WIDTH = 34;


/** The verdicts `tab` steps through in the release confirmation; null releases without one. */
const VERDICTS: readonly (Verdict | null)[] = [null, "comment", "approve", "changes"];
const VERDICT_LABEL: Record<Verdict, string> = { comment: "comment", approve: "approve", changes: "request changes" };

export interface ReviewViewProps {
  readonly api: TuiPluginApi;
  readonly backend: ReviewBackend;
  readonly model: ReviewModel;
  /** The session a release goes to: the one the person came from, else the latest. */
  readonly session: () => Promise<string | null>;
  readonly close: () => void;
}

function describeTarget(t: CommentTarget): string {
  if (t.start === null) return `${t.file} (whole file)`;
  const side = t.side === "old" ? " (deleted)" : "";
  return t.start === t.end ? `${t.file}:${t.start}${side}` : `${t.file}:${t.start}-${t.end}${side}`;
}

function placeName(e: Editing): string {
  if (e.kind === "comment") return describeTarget(e.target);
  if (e.kind === "summary") return "the overall comment";
  const where = e.thread.start === null ? pathNow(e.thread) : `${pathNow(e.thread)}:${e.thread.anchor.start ?? e.thread.start}`;
  return e.kind === "reply" ? `the reply on ${where}` : `the draft on ${where}`;
}

function lastDraft(thread: Thread) {
  return [...thread.messages].reverse().find((m) => m.author === "human" && m.delivery === "unsent") ?? null;
}

/**
 * The route's content: header, optional file tree, the diff window, and the editor or confirmation line.
 * @example api.route.register([{ name: "opencode-review", render: () => <ReviewView api={api} backend={b} model={m} session={s} close={c} /> }])
 */
export function ReviewView(props: ReviewViewProps) {
  const dims = useTerminalDimensions();
  const theme = () => props.api.theme.current;
  const model = props.model;
  const [view, setView] = createSignal<ViewMode>(props.api.kv.get<string>("opencode-review.view", "unified") === "split" ? "split" : "unified");
  const [collapsed, setCollapsed] = createSignal<ReadonlySet<string>>(new Set());
  const [treeOpen, setTreeOpen] = createSignal(false);
  // The list over the diff: the keys (`?`) or the past reviews (`h`); null when none is shown.
  const [help, setHelp] = createSignal<"keys" | "past" | null>(null);
  const [helpTop, setHelpTop] = createSignal(0);
  const [editing, setEditing] = createSignal<Editing | null>(null);
  const [confirm, setConfirm] = createSignal<{ readonly text: () => string; readonly run: () => Promise<void>; readonly release?: true } | null>(null);
  const [verdict, setVerdict] = createSignal<Verdict | null>(null);
  const [summary, setSummary] = createSignal("");
  const run = model.run;
  const setRun = model.showRun;
  // A viewed file folds (and one no longer viewed unfolds), whoever marked it: this view or another panel.
  const viewed = model.viewed;
  createEffect(
    on(viewed, (now, before) => {
      const was = before ?? new Set<string>();
      setCollapsed((set) => {
        const next = new Set(set);
        for (const path of now) if (!was.has(path)) next.add(path);
        for (const path of was) if (!now.has(path)) next.delete(path);
        return next;
      });
    }),
  );
  const { threads: threadActions, review: releases, viewed: viewedMarks, rounds: roundList, notices } = model.slices;
  const [status, setStatus] = createSignal<string>("? for keys · q to close");
  const [busy, setBusy] = createSignal(false);
  const [top, setTop] = createSignal(0);
  const [finding, setFinding] = createSignal(false);
  let editor: TextareaRenderable | undefined;
  const kept = createKeptEditorText(props.backend.unsentStorage, props.backend.where);
  // What the open editor started from (a draft's words, a suggestion's code): unchanged, there is nothing to keep.
  let baseline = "";
  const keepTyped = (e: Editing, text: string) => (text === baseline ? kept.drop(e) : kept.keep(e, text));

  // Past reviews newest first, as GitHub lists a pull request's reviews; text from the store, made safe to print.
  const overlayText = (): readonly string[] =>
    help() === "past"
      ? model.reviews().length === 0
        ? ["No review released on this branch yet."]
        : [...model.reviews()].sort((a, b) => b.releasedAt.localeCompare(a.releasedAt)).flatMap((r) => pastReviewLines(r).map(terminalSafe))
      : keys.help;
  // As wide as its longest line where the screen allows; narrower, each line wraps under its own text
  // (a key's words under the words, past the key column).
  const overlayWidth = () => Math.max(20, Math.min(dims().width - 4, Math.max(help() === "past" ? 60 : 40, ...overlayText().map((l) => l.length + 2))));
  const overlayLines = (): readonly string[] => {
    const inner = overlayWidth() - 2;
    const past = help() === "past";
    return overlayText().flatMap((line) => wrapWords(line, inner, past ? (line.match(/^ */)?.[0].length ?? 0) + 2 : 16));
  };
  // The `?` and past-reviews box opens under the header and its notice lines (which wrap to more than one row
  // on a narrow screen), so its title is never drawn over them.
  const overlayTop = () => 1 + headerLines().length + waitingLines().length + runLines().length + failedLines().length + sessionWaitLines().length;
  const helpRows = () => Math.max(1, Math.min(overlayLines().length, dims().height - overlayTop() - 4));
  const showTree = () => dims().width >= SPLIT_WIDTH || treeOpen();
  const diffWidth = () => Math.max(20, dims().width - (showTree() ? TREE_WIDTH + 1 : 0) - 2);
  const runLine = () => {
    const r = run();
    if (!r) return null;
    const live = r.status === "pending" || r.status === "running";
    const tail = live ? " · K cancels" : r.error ? `: ${r.error}` : r.status === "completed" ? `: ${r.findings} finding${r.findings === 1 ? "" : "s"}${r.verdict ? `, verdict ${r.verdict}` : ""}` : "";
    return `AI review (${r.model}): ${r.status}${tail}`;
  };
  // A release made with no session open waits for one; u sends it now to the session the view would release to.
  const sessionWaitLine = () => {
    const waiting = model.waitingForSession()[0];
    if (!waiting) return null;
    const n = waiting.messages;
    return `Released ${n} message${n === 1 ? "" : "s"}: ${NO_SESSION_YET} (u sends it to the current session)`;
  };
  const failedLine = () => {
    const failed = model.failed()[0];
    if (!failed) return null;
    const n = failed.messages;
    const others = model.failed().length - 1;
    // The keys first, where the eye starts; a long reason wraps below them. Several failures are one line,
    // and x dismisses them all, as the web panel's "Dismiss all".
    const keys = others > 0 ? `u retries · x dismisses all ${others + 1}` : "u retries · x dismisses";
    return `Delivery failed for the release of ${n} message${n === 1 ? "" : "s"}${others > 0 ? ` (+${others} earlier)` : ""} (${keys}): ${failed.delivery.error ?? "not delivered"}`;
  };

  // Every sentence wraps at words to the screen's width (nothing is cut at the edge); the diff takes what is left.
  const wrapped = (text: string | null | undefined, width = dims().width): readonly string[] => (text ? wrapWords(text, width) : []);
  const headerLines = createMemo(() => wrapped(header()));
  const waitingLines = createMemo(() => wrapped(model.waitingLine()));
  const runLines = createMemo(() => wrapped(runLine()));
  const failedLines = createMemo(() => wrapped(failedLine()));
  const sessionWaitLines = createMemo(() => wrapped(sessionWaitLine()));
  const confirmLines = createMemo(() => wrapped(confirm()?.text()));
  const statusLines = createMemo(() => wrapped(busy() ? "Working…" : status()));
  // The editor's box: its border, the hint (wrapped inside the border) and three lines to type in.
  const hintLines = createMemo(() => {
    const e = editing();
    if (!e) return [];
    return wrapped(e.kind === "summary" ? "Enter keeps it for the release · ctrl+j newline · Escape cancels" : "Enter saves the draft · ctrl+j newline · Escape puts it away (kept) · ctrl+g discards", dims().width - 2);
  });
  const editorHeight = () => (editing() ? 2 + hintLines().length + 3 : 0);
  const height = () =>
    Math.max(
      3,
      dims().height - headerLines().length - statusLines().length - editorHeight() - confirmLines().length - failedLines().length - waitingLines().length - sessionWaitLines().length - runLines().length,
    );

  const rows = createMemo(() => terminalRows({ files: model.files(), threads: model.inline(), range: model.range(), view: view(), collapsed: collapsed(), texts: model.texts() }));
  // Bodies read as Markdown once per text while the view is open, not once per layout (`pnpm bench tui`).
  const bodies = new Map<string, MarkdownLine[]>();
  const screen = createMemo(() => {
    if (bodies.size > 5000) bodies.clear();
    return layout(rows(), { width: diffWidth(), view: view(), collapsed: collapsed(), binaryLines: model.binaryLines(), bodies });
  });
  const cursor = createCursor(rows);
  const tree = createMemo(() => fileTree(model.files(), model.threads()));
  // The tree's entries as lines within its column: a long name wraps under itself, indented past its folder.
  const treeLines = createMemo(() =>
    tree().flatMap((entry) => {
      const name = entry.kind === "folder" ? `${entry.name}/` : `${entry.name}${entry.open > 0 ? ` (${entry.open})` : ""}${entry.unread ? " ●" : ""}`;
      const indent = "  ".repeat(entry.depth);
      return wrapWords(`${indent}${name}`, TREE_WIDTH - 2, indent.length + 2).map((text) => ({ entry, text }));
    }),
  );

  // The window follows the cursor's row; a thread block taller than the screen shows from its top.
  createEffect(() => {
    const s = screen();
    const at = s.starts[cursor.index()] ?? 0;
    setTop((t) => followCursor({ top: t, cursor: at, height: height(), total: s.total }));
  });
  const windowLines = createMemo(() => {
    const s = screen();
    const from = top();
    const out: { line: ScreenLine; owner: number; current: boolean; marked: boolean }[] = [];
    const mark = cursor.mark();
    const at = cursor.index();
    for (let i = from; i < Math.min(s.total, from + height()); i++) {
      const owner = s.ownerOf(i);
      out.push({ line: s.line(i), owner, current: owner === at, marked: mark !== null && owner >= Math.min(mark, at) && owner <= Math.max(mark, at) });
    }
    return out;
  });

  const tone = (t: Tone): RGBA => {
    const c = theme();
    switch (t) {
      case "add": return c.diffAdded;
      case "del": return c.diffRemoved;
      case "ctx": return c.diffContext;
      case "hunk": return c.diffHunkHeader;
      case "file": return c.primary;
      case "number": return c.diffLineNumber;
      case "muted": return c.textMuted;
      case "thread": return c.info;
      case "draft": return c.accent;
      case "agent": return c.secondary;
      case "human": return c.primary;
      case "warning": return c.warning;
      case "success": return c.success;
      case "accent": return c.accent;
      case "code": return c.markdownCode;
      case "link": return c.markdownLink;
      case "heading": return c.markdownHeading;
      case "quote": return c.markdownBlockQuote;
      default: return c.text;
    }
  };
  // Code takes the theme's syntax colours; its diff colour stays on the marker and the band behind it.
  const syntax = (t: SyntaxTone, line: Tone): RGBA => {
    const c = theme();
    switch (t) {
      case "comment": return c.syntaxComment;
      case "string": return c.syntaxString;
      case "number": return c.syntaxNumber;
      case "keyword": return c.syntaxKeyword;
      case "type": return c.syntaxType;
      case "function": return c.syntaxFunction;
      case "punctuation": return c.syntaxPunctuation;
      default: return line === "ctx" ? c.text : tone(line);
    }
  };
  const band = (b: "add" | "del" | undefined, current: boolean, marked: boolean): RGBA | undefined => {
    if (current || marked) return theme().backgroundElement;
    if (b === "add") return theme().diffAddedBg;
    if (b === "del") return theme().diffRemovedBg;
    return undefined;
  };

  // Every action reports its refusal as the status line; none throws into opencode. An action answers
  // false when a slice refused (its notice says why, as the web panel's notice bar does) or a refusal's text.
  const act = async (label: string, run: () => Promise<string | void | false | { readonly refused: string }>) => {
    if (busy()) return;
    setBusy(true);
    try {
      const said = await run();
      if (said === false) setStatus(`${label} failed: ${notices.list().at(-1)?.text ?? "refused"}`);
      else if (typeof said === "object") setStatus(`${label} failed: ${said.refused}`);
      else setStatus(said ?? label);
    } catch (error) {
      setStatus(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };
  /** A port answer's value, or the refusal the status line shows. */
  const refused = (error: ApiError) => ({ refused: errorText(error) });
  const session = async () => (await props.session()) ?? undefined;
  const threadHere = (): Thread | null => {
    const row = cursor.row();
    if (!row || !("threads" in row)) return null;
    // A reviewer's finding is triaged with a and X, not resolved or replied to like a thread.
    const own = row.threads.filter((t) => !findingOf(t));
    return own[own.length - 1] ?? null;
  };

  const openEditor = (next: Editing) => {
    baseline = next.initial;
    const { editing: opened, restored } = kept.withKept(next);
    setEditing(opened);
    kept.setOpen(opened);
    setHelp(null);
    if (restored) setStatus("Your unsaved words are back: Enter saves · Escape puts them away · ctrl+g discards them.");
  };
  /** Saved or discarded: the words go; put away: they stay kept for their place. */
  const closeEditor = (how: "saved" | "kept" | "discarded") => {
    const e = editing();
    if (!e) return;
    const text = editor?.plainText ?? "";
    if (how === "kept") keepTyped(e, text);
    else kept.drop(e);
    kept.setOpen(null);
    setEditing(null);
    if (how === "discarded") setStatus("Discarded.");
    if (how === "kept") setStatus(text.trim() === "" || text === baseline || e.kind === "summary" ? "Cancelled." : `Kept your words for ${placeName(e)}: c there brings them back; ctrl+g in the editor discards them.`);
  };
  const comment = (suggestion: boolean) => {
    const action = cursor.action();
    if (!action) return setStatus("Nothing to comment on here: move to a code line, a thread or a file header.");
    if (action.kind === "reply") {
      const thread = model.threads().find((t) => t.id === action.threadId);
      if (!thread) return;
      const draft = lastDraft(thread);
      // A thread that still is a draft takes its words in place; a released one gets a reply.
      if (thread.status === "draft" && draft) return openEditor({ kind: "edit", thread, messageId: draft.id, initial: draft.body });
      return openEditor({ kind: "reply", thread, initial: "" });
    }
    const t = action.target;
    const lines = suggestion && t.start !== null ? codeAt(t) : [];
    openEditor({ kind: "comment", target: t, suggestion: suggestion && t.start !== null, initial: lines.join("\n") });
    cursor.clearMark();
  };
  const codeAt = (t: CommentTarget): string[] => {
    const out: string[] = [];
    for (const row of rows()) {
      if (row.kind !== "line" || row.file !== t.file) continue;
      const n = t.side === "new" ? row.line.new : row.line.old;
      if (n !== null && t.start !== null && t.end !== null && n >= t.start && n <= t.end && (t.side === "new" ? row.line.kind !== "del" : row.line.kind !== "add")) out.push(row.line.text);
    }
    return out;
  };
  const save = () => {
    const e = editing();
    const text = editor?.plainText ?? "";
    if (!e) return;
    if (text.trim().length === 0) return setStatus("Write something first (Escape puts the editor away).");
    if (e.kind === "summary") {
      setSummary(text.trim());
      closeEditor("saved");
      return release();
    }
    void act("Saved", async () => {
      if (e.kind === "comment") {
        const suggestion = e.suggestion ? text.split("\n") : null;
        const body = e.suggestion ? "Suggested change:" : text;
        if (!(await threadActions.create({ file: e.target.file, side: e.target.side, start: e.target.start, end: e.target.end, body, suggestion }))) return false;
        closeEditor("saved");
        return `Draft saved on ${describeTarget(e.target)}: s releases it.`;
      }
      if (e.kind === "reply") {
        if (!(await threadActions.reply(e.thread.id, { body: text }))) return false;
        closeEditor("saved");
        return "Draft reply saved: s releases it.";
      }
      if (!(await threadActions.edit(e.messageId, { body: text }))) return false;
      closeEditor("saved");
      return "Draft updated.";
    });
  };

  const release = () => {
    const { drafts } = model.counts();
    if (drafts === 0) return setStatus("Nothing to release: write a comment with c first.");
    setConfirm({
      release: true,
      text: () => {
        const v = verdict();
        const words = summary();
        const said = `${v ? ` · verdict: ${VERDICT_LABEL[v]}` : ""}${words ? ` · overall: "${words.length > 40 ? `${words.slice(0, 39)}…` : words}"` : ""}`;
        return `Release ${drafts} draft${drafts === 1 ? "" : "s"} to the agent?${said} Enter sends · tab verdict · w overall comment · Escape cancels`;
      },
      run: () =>
        act("Released", async () => {
          const v = verdict();
          const words = summary();
          const answer = await props.backend.release(await session(), { ...(v ? { verdict: v } : {}), ...(words ? { summary: words } : {}) });
          if (!answer.ok) return refused(answer.error);
          const result = answer.value.review;
          setVerdict(null);
          setSummary("");
          await model.refresh();
          const prose = result.mode === "prose" ? " as prose" : "";
          const what = `Released ${result.messages} message${result.messages === 1 ? "" : "s"}`;
          if (result.delivery?.waitsFor === "session") return `${what}${prose}: ${NO_SESSION_YET}.`;
          const where = result.deliveredTo
            ? "to the session"
            : answer.value.waitsForAgentTurn
              ? "for the MCP client's agent: it reads them at its next turn"
              : "(no session to send to)";
          return `${what} ${where}${prose}.`;
        }),
    });
  };
  const resolveToggle = () => {
    const thread = threadHere();
    if (!thread) return setStatus("Move onto a thread to resolve or reopen it.");
    if (thread.status === "draft") return setStatus("A draft is not released yet: d deletes it, e edits it.");
    void act(thread.status === "resolved" ? "Reopened" : "Resolved", async () => {
      if (!(thread.status === "resolved" ? await threadActions.reopen(thread.id) : await threadActions.resolve(thread.id))) return false;
    });
  };
  const editDraft = () => {
    const thread = threadHere();
    const draft = thread ? lastDraft(thread) : null;
    if (!thread || !draft) return setStatus("No draft here to edit.");
    openEditor({ kind: "edit", thread, messageId: draft.id, initial: draft.body });
  };
  const deleteDraft = () => {
    const thread = threadHere();
    const draft = thread ? lastDraft(thread) : null;
    if (!thread || !draft) return setStatus("No draft here to delete.");
    void act("Draft deleted", async () => {
      if (!(await threadActions.deleteMessage(thread, draft.id))) return false;
    });
  };
  const seen = () => {
    const thread = threadHere();
    if (!thread) return setStatus("Move onto a thread to mark it seen.");
    void act("Marked seen", async () => (await threadActions.seen(thread.id)) && undefined);
  };
  const takeRound = () =>
    void act("Round taken", async () => {
      const round = await roundList.take();
      if (!round) return false;
      await model.refresh();
      return `Round ${round.ordinal} taken.`;
    });
  const webPanel = () =>
    void act("Web panel", async () => {
      const answer = await props.backend.panelUrl();
      if (!answer.ok) return refused(answer.error);
      const url = answer.value;
      if (!url) return "No web panel runs for this repository (the server half is not loaded): run opencode-review serve.";
      // The link names the place under the cursor, so the panel opens there.
      const row = cursor.row();
      const link = row ? linkToPlace(url, placeOfRow(row)) : url;
      const copied = props.api.renderer.copyToClipboardOSC52?.(link) ?? false;
      const browser = await props.backend.openInBrowser(link);
      props.api.ui.toast({ variant: "info", title: browser.opened ? "Review panel opened in the browser" : "Review panel", message: link, duration: 10_000 });
      if (browser.opened) return `Opened in the browser${copied ? " and copied" : ""}: ${link}`;
      // The link first: a narrow screen cuts the end of the line, and the reason matters less.
      return `${copied ? "Copied" : "Shown"}: ${link} · no browser opened: ${browser.reason}`;
    });
  // u: the newest failed release, else one waiting for a session, goes to the session this view names now.
  const retryDelivery = () => {
    const target = model.failed()[0] ?? model.waitingForSession()[0];
    if (!target) return setStatus("No release waits on a failed delivery.");
    void act("Retried", async () => {
      if (!(await releases.retryDelivery(target.id, await session()))) return false;
      await model.reloadReleases();
      const still = model.reviews().find((r) => r.id === target.id);
      if (still?.delivery.state === "delivered") return "Delivered to the session.";
      if (still?.delivery.waitsFor === "session") return `Not sent: ${NO_SESSION_YET}.`;
      return `Still not delivered: ${still?.delivery.error ?? "no reason given"}`;
    });
  };
  // x: every failed delivery at once (they are one line).
  const dismissDeliveries = () => {
    const failed = model.failed();
    if (failed.length === 0) return setStatus("No release waits on a failed delivery.");
    void act("Dismissed", async () => {
      if (!(await releases.dismissAllDeliveries())) return false;
      return failed.length === 1
        ? "Dismissed: the release stands; its delivery is no longer shown."
        : `Dismissed all ${failed.length}: the releases stand; their deliveries are no longer shown.`;
    });
  };
  const findingHere = () => {
    const row = cursor.row();
    if (!row || !("threads" in row)) return null;
    for (const t of [...row.threads].reverse()) {
      const f = findingOf(t);
      if (f) return f;
    }
    return null;
  };
  const acceptFinding = () => {
    const finding = findingHere();
    if (!finding) return setStatus("Move onto a reviewer's finding to accept it.");
    void act("Accepted", async () => {
      if (!(await threadActions.accept(finding.id))) return false;
      return `Accepted: the finding is your draft on ${finding.file}; e edits it, s releases it.`;
    });
  };
  const dismissFinding = () => {
    const finding = findingHere();
    if (!finding) return setStatus("Move onto a reviewer's finding to dismiss it.");
    void act("Dismissed", async () => {
      if (!(await threadActions.dismiss(finding.id))) return false;
      return "Finding dismissed.";
    });
  };
  const startRun = () => {
    if (busy()) return;
    void (async () => {
      const choice = await chooseRunModel(props.api, props.backend);
      if (choice.kind === "refused") return setStatus(`AI review failed: ${choice.text}`);
      if (choice.kind === "live") {
        setRun(choice.run);
        return setStatus(`An AI review runs already: ${choice.run.status}.`);
      }
      if (choice.kind === "closed") return setStatus("No AI review started (no model picked).");
      void act("AI review", async () => {
        const answer = await props.backend.startRun(choice.model, await session());
        if (!answer.ok) return refused(answer.error);
        const started = answer.value.run;
        setRun(started);
        return `AI review started (${started.model}); its findings show here when it releases them.`;
      });
    })();
  };
  const cancelRun = () =>
    void act("Cancel", async () => {
      const live = run();
      if (!live || (live.status !== "pending" && live.status !== "running")) return "No AI review runs now.";
      if (!(await model.slices.reviewer.cancel(live.id))) return false;
      return "AI review cancelled.";
    });
  // A run's status and its findings arrive through the model's poll of the change log, whoever started it.
  const fileHere = () => {
    const row = cursor.row();
    return row ? fileOfRow(row) : null;
  };
  const toggleViewed = () => {
    const path = fileHere();
    if (!path) return;
    const now = !viewed().has(path);
    void act(now ? "Viewed" : "Not viewed", async () => {
      await viewedMarks.toggle(path);
      if (viewedMarks.state(path) !== (now ? "viewed" : "unviewed")) return false;
      const at = rows().findIndex((r) => r.kind === "file" && r.file.path === path);
      if (at !== -1) cursor.go(at);
      return now ? `${path} viewed: folded; Y goes to the next file not viewed.` : `${path} not viewed.`;
    });
  };
  const nextUnviewed = () => {
    const files = model.files().map((f) => f.path);
    const here = fileHere();
    const from = here === null ? -1 : files.indexOf(here);
    const order = [...files.slice(from + 1), ...files.slice(0, from + 1)];
    const next = order.find((p) => !viewed().has(p));
    if (!next) return setStatus("Every file is viewed.");
    const at = rows().findIndex((r) => r.kind === "file" && r.file.path === next);
    if (at !== -1) cursor.go(at);
  };
  const cyclePreset = () => {
    const all = model.presets();
    const next = all[(all.indexOf(model.preset()) + 1) % all.length]!;
    model.setPreset(next);
    setStatus(`Showing ${presetLabel(next)}.`);
  };
  const fold = () => {
    const row = cursor.row();
    if (!row) return;
    const file = fileOfRow(row);
    setCollapsed((set) => {
      const next = new Set(set);
      if (next.has(file)) next.delete(file);
      else next.add(file);
      return next;
    });
  };
  const toggleView = () => {
    const next = view() === "split" ? "unified" : "split";
    setView(next);
    props.api.kv.set("opencode-review.view", next);
  };

  const loadAnyway = () => {
    const path = fileHere();
    const file = path === null ? undefined : model.files().find((f) => f.path === path);
    if (!file?.tooLarge) return setStatus("L loads a file too large to show; this one is shown already.");
    if (!file.tooLarge.canLoad) return setStatus(`${file.path} is over the most that can be loaded: open it from the work tree.`);
    void act("Loaded", async () => ((await model.loadAnyway(file.path)) ? `${file.path} loaded in full.` : `${file.path} is still held back.`));
  };
  const goToFile = (path: string) => {
    setFinding(false);
    const at = rows().findIndex((r) => r.kind === "file" && r.file.path === path);
    if (at !== -1) cursor.go(at);
    setStatus(`At ${path}.`);
  };
  // An editor still open when the view last went (opencode quit, another route took the screen) opens
  // again with its words, once the threads it may answer are listed.
  let reopened = false;
  createEffect(() => {
    if (reopened || !model.loaded() || editing()) return;
    reopened = true;
    const entry = kept.wasOpen();
    const place = entry?.place;
    if (!entry || !place) return;
    if (place.kind === "new") {
      const at = rows().findIndex((r) => r.kind === "line" && r.file === place.target.file && (place.target.side === "new" ? r.line.new : r.line.old) === place.target.end);
      if (at !== -1) cursor.go(at);
      return openEditor({ kind: "comment", target: place.target, suggestion: entry.suggestion !== null, initial: "" });
    }
    const thread = model.threads().find((t) => t.id === place.threadId);
    if (!thread) return;
    if (place.kind === "reply") return openEditor({ kind: "reply", thread, initial: "" });
    if (thread.messages.some((m) => m.id === place.messageId && m.delivery === "unsent")) openEditor({ kind: "edit", thread, messageId: place.messageId, initial: "" });
  });

  // Keys: one layer per mode, so typing in the editor never moves the cursor.
  const pops: (() => void)[] = [props.api.mode.push(VIEW_MODE)];
  const pushMode = (mode: string) => {
    const pop = props.api.mode.push(mode);
    return () => pop();
  };
  let popEdit: (() => void) | null = null;
  let popConfirm: (() => void) | null = null;
  let popHelp: (() => void) | null = null;
  createEffect(() => {
    const open = editing() !== null;
    if (open && !popEdit) popEdit = pushMode(EDIT_MODE);
    if (!open && popEdit) (popEdit(), (popEdit = null));
  });
  createEffect(() => {
    const open = confirm() !== null;
    if (open && !popConfirm) popConfirm = pushMode(CONFIRM_MODE);
    if (!open && popConfirm) (popConfirm(), (popConfirm = null));
  });
  createEffect(() => {
    const open = help() !== null;
    if (open && !popHelp) popHelp = pushMode(HELP_MODE);
    if (!open && popHelp) (popHelp(), (popHelp = null));
  });
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
    toggleView,
    comment: () => comment(false),
    suggest: () => comment(true),
    fileComment: () => {
      const row = cursor.row();
      if (row) openEditor({ kind: "comment", target: { file: fileOfRow(row), side: "new", start: null, end: null }, suggestion: false, initial: "" });
    },
    mark: () => {
      cursor.toggleMark();
      setStatus(cursor.mark() === null ? "Range cleared." : "Range started: move, then c comments on the lines between.");
    },
    editDraft,
    deleteDraft,
    resolve: resolveToggle,
    seen,
    release,
    takeRound,
    webPanel,
    rounds: cyclePreset,
    fold,
    tree: () => setTreeOpen((o) => !o),
    acceptFinding,
    dismissFinding,
    startRun,
    cancelRun,
    viewed: toggleViewed,
    nextUnviewed,
    retryDelivery,
    dismissDelivery: dismissDeliveries,
    refresh: () => void model.refresh().then(() => setStatus("Reloaded.")),
    findFile: () => (setHelp(null), setFinding(true)),
    loadAnyway,
    help: () => (setHelpTop(0), setHelp("keys")),
    pastReviews: () => (setHelpTop(0), setHelp("past")),
    close: () => props.close(),
  });
  const layers = [
    props.api.keymap.registerLayer({ mode: VIEW_MODE, bindings: keys.bindings }),
    props.api.keymap.registerLayer({
      mode: EDIT_MODE,
      bindings: [
        { key: "escape", cmd: () => closeEditor("kept"), desc: "Put the editor away, its words kept" },
        { key: "ctrl+g", cmd: () => closeEditor("discarded"), desc: "Discard the words" },
      ],
    }),
    props.api.keymap.registerLayer({
      mode: CONFIRM_MODE,
      bindings: [
        { key: "return", cmd: () => { const c = confirm(); setConfirm(null); void c?.run(); }, desc: "Confirm" },
        { key: "escape", cmd: () => void (setConfirm(null), setStatus("Not released.")), desc: "Cancel" },
        {
          key: "tab",
          cmd: () => {
            if (confirm()?.release) setVerdict((v) => VERDICTS[(VERDICTS.indexOf(v) + 1) % VERDICTS.length]!);
          },
          desc: "Next verdict",
        },
        {
          key: "w",
          cmd: () => {
            if (!confirm()?.release) return;
            setConfirm(null);
            openEditor({ kind: "summary", initial: summary() });
          },
          desc: "Overall comment",
        },
      ],
    }),
    props.api.keymap.registerLayer({
      mode: HELP_MODE,
      bindings: [
        ...["escape", "q", "?", "h", "return"].map((key) => ({ key, cmd: () => void setHelp(null), desc: "Close the list" })),
        ...["j", "down"].map((key) => ({ key, cmd: () => void setHelpTop((t) => Math.min(t + 1, Math.max(0, overlayLines().length - helpRows()))), desc: "Scroll the list" })),
        ...["k", "up"].map((key) => ({ key, cmd: () => void setHelpTop((t) => Math.max(0, t - 1)), desc: "Scroll the list" })),
      ],
    }),
  ];
  onCleanup(() => {
    for (const off of layers) off();
    popEdit?.();
    popConfirm?.();
    popHelp?.();
    for (const pop of pops) pop();
  });

  // While the view is open the work tree may change under it: the diff is re-read with the change log.
  model.setShowing(true);
  onCleanup(model.watchWorktree());
  onCleanup(() => model.setShowing(false));

  function header(): string {
    const { waiting, drafts } = model.counts();
    const files = model.files().length;
    const parts = [
      "Review",
      props.backend.where.branch,
      `${files} file${files === 1 ? "" : "s"}`,
      presetLabel(model.preset()),
      `${waiting} waiting on you`,
      `${drafts} draft${drafts === 1 ? "" : "s"}`,
      `${model.files().filter((f) => viewed().has(f.path)).length} of ${files} viewed`,
      view(),
    ];
    // A narrow screen breaks the header between its parts, never inside one ("0 of 2 viewed" stays whole).
    return parts.map((part, i) => `${part.replaceAll(" ", KEEP)}${i < parts.length - 1 ? `${KEEP}·` : ""}`).join(" ");
  }
  const emptyLine = () => {
    if (model.problem()) return model.problem()!;
    if (!model.loaded()) return "Loading the review…";
    if (model.files().length === 0) return model.preset() === "all" ? "No changes: the work tree matches the review's base." : `No changes in ${presetLabel(model.preset())}: T shows the next view (all changes first).`;
    return null;
  };

  return (
    <box flexDirection="column" width="100%" height="100%" backgroundColor={theme().background}>
      <For each={headerLines()}>{(line) => <text wrapMode="none" fg={theme().text} attributes={TextAttributes.BOLD}>{line}</text>}</For>
      <For each={waitingLines()}>{(line) => <text wrapMode="none" fg={theme().info}>{line}</text>}</For>
      <For each={runLines()}>{(line) => <text wrapMode="none" fg={theme().accent}>{line}</text>}</For>
      <For each={failedLines()}>{(line) => <text wrapMode="none" fg={theme().error}>{line}</text>}</For>
      <For each={sessionWaitLines()}>{(line) => <text wrapMode="none" fg={theme().info}>{line}</text>}</For>
      <box flexDirection="row" flexGrow={1}>
        <Show when={showTree()}>
          <box flexDirection="column" width={TREE_WIDTH} border={["right"]} borderColor={theme().border}>
            <For each={treeLines().slice(0, Math.max(1, height()))}>
              {({ entry, text }) => (
                <text
                  wrapMode="none"
                  onMouseDown={() => {
                    const at = rows().findIndex((r) => r.kind === "file" && r.file.path === entry.path);
                    if (at !== -1) cursor.go(at);
                  }}
                  fg={entry.kind === "folder" ? theme().textMuted : cursor.row() && fileOfRow(cursor.row()!) === entry.path ? theme().primary : theme().text}>
                  {text}
                </text>
              )}
            </For>
          </box>
        </Show>
        <box flexDirection="column" flexGrow={1}>
          <Show when={emptyLine()} fallback={
            <Index each={windowLines()}>
              {(entry) => (
                <text wrapMode="none" bg={band(entry().line.band, entry().current, entry().marked)} onMouseDown={() => cursor.go(entry().owner)}>
                  <span style={{ fg: theme().primary }}>{entry().current ? "›" : entry().marked ? "▍" : " "}</span>
                  <For each={entry().line.pieces}>
                    {(piece) =>
                      piece.code ? (
                        <For each={syntaxTokens(piece.text)}>{(token) => <span style={{ fg: syntax(token.tone, piece.tone) }}>{token.text}</span>}</For>
                      ) : (
                        // A span takes its attributes as style flags (OpenTUI's createTextAttributes), not as a bit mask.
                        <span style={{ fg: tone(piece.tone), bold: piece.bold === true, italic: piece.italic === true, strikethrough: piece.strike === true }}>{piece.text}</span>
                      )
                    }
                  </For>
                </text>
              )}
            </Index>
          }>
            <text fg={model.problem() ? theme().warning : theme().textMuted}>{emptyLine()}</text>
          </Show>
        </box>
      </box>
      <Show when={editing()}>
        {(e) => (
          <box border borderColor={theme().borderActive} height={editorHeight()} flexDirection="column" title={
            e().kind === "comment"
              ? `${(e() as Extract<Editing, { kind: "comment" }>).suggestion ? "Suggest for" : "Comment on"} ${describeTarget((e() as Extract<Editing, { kind: "comment" }>).target)}`
              : e().kind === "reply" ? "Reply" : e().kind === "summary" ? "Overall comment for the release" : "Edit draft"
          }>
            <For each={hintLines()}>{(line) => <text wrapMode="none" fg={theme().textMuted}>{line}</text>}</For>
            <textarea
              ref={(r: TextareaRenderable) => {
                editor = r;
                // Editing a draft goes on from the end of its words, not before them.
                queueMicrotask(() => {
                  if (editor === r) r.gotoBufferEnd();
                });
              }}
              focused
              initialValue={e().initial}
              keyBindings={[
                { name: "return", action: "submit" },
                { name: "j", ctrl: true, action: "newline" },
              ]}
              onSubmit={save}
              onContentChange={() => {
                const e = editing();
                if (e && editor) keepTyped(e, editor.plainText);
              }}
              textColor={theme().text}
              focusedTextColor={theme().text}
            />
          </box>
        )}
      </Show>
      <For each={confirmLines()}>{(line) => <text wrapMode="none" fg={theme().warning} attributes={TextAttributes.BOLD}>{line}</text>}</For>
      <For each={statusLines()}>{(line) => <text wrapMode="none" fg={theme().textMuted}>{line}</text>}</For>
      <Show when={finding()}>
        <FileFinderOverlay api={props.api} paths={model.files().map((f) => f.path)} width={dims().width} height={dims().height} pick={goToFile} close={() => setFinding(false)} />
      </Show>
      <Show when={help()}>
        <box position="absolute" top={overlayTop()} left={2} width={overlayWidth()} border borderColor={theme().borderActive} backgroundColor={theme().backgroundPanel} flexDirection="column" title={help() === "past" ? "Past reviews · Escape closes" : "Keys · Escape closes"} height={Math.min(overlayLines().length + 2, dims().height - overlayTop() - 1)}>
          <For each={overlayLines().slice(helpTop(), helpTop() + helpRows())}>{(line) => <text wrapMode="none" fg={theme().text}>{line}</text>}</For>
          <Show when={overlayLines().length > helpRows()}>
            <text wrapMode="none" fg={theme().textMuted}>j / k scroll this list</text>
          </Show>
        </box>
      </Show>
    </box>
  );
}
