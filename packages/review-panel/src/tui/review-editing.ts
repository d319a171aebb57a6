// The terminal's editor without its box: what it writes (a comment, a suggestion, a reply, a draft's new
// words, the release's overall comment), the words it keeps when put away, and what saving it stores.
// The view draws the box and hands over what is typed in it (`typed`).
import { describePlace } from "@opencode-review/core";
import { createEffect, createSignal } from "solid-js";
import { fileOfRow } from "../state/navigation/cursor.js";
import type { CommentTarget } from "../state/diff/diff-rows.js";
import { createKeptEditorText, type Editing } from "./kept-editor-text.js";
import { lastDraft, type ReviewActions } from "./review-actions.js";
import type { ReviewBackend } from "./review-backend.js";
import type { ReviewModel } from "./review-model.js";

function placeName(e: Editing): string {
  if (e.kind === "comment") return describePlace(e.target, { for: "terminal" });
  if (e.kind === "summary") return "the overall comment";
  const where = describePlace(e.thread, { for: "terminal" });
  return e.kind === "reply" ? `the reply on ${where}` : `the draft on ${where}`;
}

/**
 * The box's title for what it writes.
 * @example editorTitle({ kind: "reply", thread, initial: "" }) // "Reply"
 */
export function editorTitle(e: Editing): string {
  if (e.kind === "comment")
    return `${e.suggestion ? "Suggest for" : "Comment on"} ${describePlace(e.target, { for: "terminal" })}`;
  return e.kind === "reply" ? "Reply" : e.kind === "summary" ? "Overall comment for the release" : "Edit draft";
}

/**
 * The keys the box names above its text.
 * @example editorHint({ kind: "summary", initial: "" }) // "Enter keeps it for the release · ctrl+j newline · Escape cancels"
 */
export function editorHint(e: Editing): string {
  return e.kind === "summary"
    ? "Enter keeps it for the release · ctrl+j newline · Escape cancels"
    : "Enter saves the draft · ctrl+j newline · Escape puts it away (kept) · ctrl+g discards";
}

export type ReviewEditing = ReturnType<typeof createReviewEditing>;

/**
 * The editor's state and its actions: opened by c, C, e and w, put away, saved as a draft.
 * @example const editing = createReviewEditing({ backend, model, actions, typed: () => box.plainText, onOpen, onSummary }); editing.comment(false)
 */
export function createReviewEditing(input: {
  readonly backend: ReviewBackend;
  readonly model: ReviewModel;
  readonly actions: ReviewActions;
  /** What the box holds now. */
  readonly typed: () => string;
  /** An editor opened: lists over the diff close. */
  readonly onOpen: () => void;
  /** The overall comment written (Enter): its words go to the release. */
  readonly onSummary: (words: string) => void;
}) {
  const { backend, model, actions } = input;
  const threads = model.slices.threads;
  const { cursor, rows, setStatus } = actions;
  const [editing, setEditing] = createSignal<Editing | null>(null);
  const kept = createKeptEditorText(backend.unsentStorage, backend.where);
  // What the open editor started from (a draft's words, a suggestion's code): unchanged, there is nothing to keep.
  let baseline = "";
  const keepTyped = (e: Editing, text: string) => (text === baseline ? kept.drop(e) : kept.keep(e, text));

  const open = (next: Editing) => {
    baseline = next.initial;
    const { editing: opened, restored } = kept.withKept(next);
    setEditing(opened);
    kept.setOpen(opened);
    input.onOpen();
    if (restored) setStatus("Your unsaved words are back: Enter saves · Escape puts them away · ctrl+g discards them.");
  };
  /** Saved or discarded: the words go; put away: they stay kept for their place. */
  const close = (how: "saved" | "kept" | "discarded") => {
    const e = editing();
    if (!e) return;
    const text = input.typed();
    if (how === "kept") keepTyped(e, text);
    else kept.drop(e);
    kept.setOpen(null);
    setEditing(null);
    if (how === "discarded") setStatus("Discarded.");
    if (how === "kept")
      setStatus(
        text.trim() === "" || text === baseline || e.kind === "summary"
          ? "Cancelled."
          : `Kept your words for ${placeName(e)}: c there brings them back; ctrl+g in the editor discards them.`,
      );
  };
  const codeAt = (t: CommentTarget): string[] => {
    const out: string[] = [];
    for (const row of rows()) {
      if (row.kind !== "line" || row.file !== t.file) continue;
      const n = t.side === "new" ? row.line.new : row.line.old;
      if (
        n !== null &&
        t.start !== null &&
        t.end !== null &&
        n >= t.start &&
        n <= t.end &&
        (t.side === "new" ? row.line.kind !== "del" : row.line.kind !== "add")
      )
        out.push(row.line.text);
    }
    return out;
  };
  const comment = (suggestion: boolean) => {
    const action = cursor.action();
    if (!action) return setStatus("Nothing to comment on here: move to a code line, a thread or a file header.");
    if (action.kind === "reply") {
      const thread = model.threads().find((t) => t.id === action.threadId);
      if (!thread) return;
      const draft = lastDraft(thread);
      // A thread that still is a draft takes its words in place; a released one gets a reply.
      if (thread.status === "draft" && draft)
        return open({ kind: "edit", thread, messageId: draft.id, initial: draft.body });
      return open({ kind: "reply", thread, initial: "" });
    }
    const t = action.target;
    const lines = suggestion && t.start !== null ? codeAt(t) : [];
    open({ kind: "comment", target: t, suggestion: suggestion && t.start !== null, initial: lines.join("\n") });
    cursor.clearMark();
  };
  const fileComment = () => {
    const row = cursor.row();
    if (row)
      open({
        kind: "comment",
        target: { file: fileOfRow(row), side: "new", start: null, end: null },
        suggestion: false,
        initial: "",
      });
  };
  const editDraft = () => {
    const thread = actions.threadHere();
    const draft = thread ? lastDraft(thread) : null;
    if (!thread || !draft) return setStatus("No draft here to edit.");
    open({ kind: "edit", thread, messageId: draft.id, initial: draft.body });
  };
  const save = () => {
    const e = editing();
    const text = input.typed();
    if (!e) return;
    if (text.trim().length === 0) return setStatus("Write something first (Escape puts the editor away).");
    if (e.kind === "summary") {
      const words = text.trim();
      close("saved");
      return input.onSummary(words);
    }
    void actions.act("Saved", async () => {
      if (e.kind === "comment") {
        const suggestion = e.suggestion ? text.split("\n") : null;
        const body = e.suggestion ? "Suggested change:" : text;
        if (
          !(await threads.create({
            file: e.target.file,
            side: e.target.side,
            start: e.target.start,
            end: e.target.end,
            body,
            suggestion,
          }))
        )
          return false;
        close("saved");
        return `Draft saved on ${describePlace(e.target, { for: "terminal" })}: s releases it.`;
      }
      if (e.kind === "reply") {
        if (!(await threads.reply(e.thread.id, { body: text }))) return false;
        close("saved");
        return "Draft reply saved: s releases it.";
      }
      if (!(await threads.edit(e.messageId, { body: text }))) return false;
      close("saved");
      return "Draft updated.";
    });
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
      const at = rows().findIndex(
        (r) =>
          r.kind === "line" &&
          r.file === place.target.file &&
          (place.target.side === "new" ? r.line.new : r.line.old) === place.target.end,
      );
      if (at !== -1) cursor.go(at);
      return open({ kind: "comment", target: place.target, suggestion: entry.suggestion !== null, initial: "" });
    }
    const thread = model.threads().find((t) => t.id === place.threadId);
    if (!thread) return;
    if (place.kind === "reply") return open({ kind: "reply", thread, initial: "" });
    if (thread.messages.some((m) => m.id === place.messageId && m.delivery === "unsent"))
      open({ kind: "edit", thread, messageId: place.messageId, initial: "" });
  });

  return {
    /** What the editor writes, or null when it is closed. */
    editing,
    open,
    close,
    /** Keeps what the box holds as it changes, for its place. */
    keepTyped: () => {
      const e = editing();
      if (e) keepTyped(e, input.typed());
    },
    comment,
    fileComment,
    editDraft,
    save,
  };
}
