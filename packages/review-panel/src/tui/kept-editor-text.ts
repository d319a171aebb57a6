// The terminal's editor keeps what is typed into it, as the web panel's comment boxes do: per place, per
// repository and branch, in the backend's storage (a 0600 file beside the store), until it is saved or
// discarded. Escape puts the editor away with its words kept; `c` on the same place brings them back.
// An editor still open when the view went (opencode quit, another route) opens again with the view.
import type { Thread } from "../state/review-client.js";
import type { CommentTarget } from "../state/diff/diff-rows.js";
import { createUnsentText, type UnsentPlace, type UnsentStorage } from "../state/conversation/unsent-text.js";

/** What the editor is writing. */
export type Editing =
  | { readonly kind: "comment"; readonly target: CommentTarget; readonly suggestion: boolean; readonly initial: string }
  | { readonly kind: "reply"; readonly thread: Thread; readonly initial: string }
  | { readonly kind: "edit"; readonly thread: Thread; readonly messageId: string; readonly initial: string }
  | { readonly kind: "summary"; readonly initial: string };

/**
 * Where an editor's words go once saved, as the shared unsent-text state names places; the release's
 * overall comment has none (it is kept only until the release).
 * @example placeOf({ kind: "reply", thread, initial: "" }) // { kind: "reply", threadId: thread.id }
 */
export function placeOf(editing: Editing): UnsentPlace | null {
  switch (editing.kind) {
    case "comment":
      return { kind: "new", target: editing.target };
    case "reply":
      return { kind: "reply", threadId: editing.thread.id };
    case "edit":
      return { kind: "edit", threadId: editing.thread.id, messageId: editing.messageId };
    case "summary":
      return null;
  }
}

export type KeptEditorText = ReturnType<typeof createKeptEditorText>;

/**
 * The shared unsent texts of one repository and branch, as the terminal's one editor reads and writes them:
 * its one text is the body, or the suggested lines when it is writing a suggestion.
 * @example const kept = createKeptEditorText(backend.unsentStorage, backend.where); kept.withKept(next)
 */
export function createKeptEditorText(
  storage: UnsentStorage | null,
  where: { readonly workTree: string; readonly branch: string },
) {
  const unsent = createUnsentText(storage);
  unsent.setScope(where.workTree, where.branch);
  return {
    /** The editor as it should open: with the words kept for its place, if any (`restored` says so). */
    withKept: (editing: Editing): { readonly editing: Editing; readonly restored: boolean } => {
      const place = placeOf(editing);
      const entry = place ? unsent.get(place) : undefined;
      if (!entry) return { editing, restored: false };
      if (editing.kind === "comment") {
        const suggestion = editing.suggestion || entry.suggestion !== null;
        const initial = suggestion ? (entry.suggestion ?? entry.body) : entry.body;
        return {
          editing: { ...editing, suggestion: suggestion && editing.target.start !== null, initial },
          restored: true,
        };
      }
      return { editing: { ...editing, initial: entry.body }, restored: true };
    },
    /** Keeps what the editor holds now (called on every change); an empty editor keeps nothing. */
    keep: (editing: Editing, text: string) => {
      const place = placeOf(editing);
      if (!place) return;
      if (text === "") unsent.drop(place);
      else if (editing.kind === "comment" && editing.suggestion) unsent.put(place, "", text);
      else unsent.put(place, text, null);
    },
    /** Saved or discarded: the words are not kept any longer. */
    drop: (editing: Editing) => {
      const place = placeOf(editing);
      if (place) unsent.drop(place);
    },
    /** Notes which editor is open (null: none), so one still open when the view goes opens again with it. */
    setOpen: (editing: Editing | null) => unsent.setOpen(editing ? placeOf(editing) : null),
    wasOpen: unsent.wasOpen,
    list: unsent.list,
  };
}
