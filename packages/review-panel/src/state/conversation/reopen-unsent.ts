// After a reload, the comment boxes that held unsent text open again where they were.
import type { Focus } from "../navigation/focus.js";
import type { Thread } from "../review-client.js";
import type { UnsentEntry } from "./unsent-text.js";

/** Whether the box's place is still there: a reply's thread, an edit's message while it is a draft. */
function stillThere(entry: UnsentEntry, thread: (id: string) => Thread | undefined): boolean {
  const place = entry.place;
  if (place.kind === "new") return true;
  const found = thread(place.threadId);
  if (place.kind === "reply") return found !== undefined;
  return found?.messages.some((m) => m.id === place.messageId && m.delivery === "unsent") ?? false;
}

export interface ReopenPlaces {
  /** Whether the diff shows this file now. */
  readonly hasFile: (path: string) => boolean;
  /** Whether this thread is shown now. */
  readonly hasThread: (id: string) => boolean;
  /** A thread as the store has it (any range), to tell whether a reply's or an edit's place is still there. */
  readonly thread: (id: string) => Thread | undefined;
  readonly drop: (entry: UnsentEntry) => void;
  /** Brings the open new-comment box, or a thread, into view. */
  readonly showComposer: () => void;
  readonly showThread: (id: string) => void;
}

/**
 * Opens the most recently typed new-comment box and reply box again (the panel shows one of each at a
 * time); edits reopen in their own thread cards. Other kept texts wait until their box is opened.
 * @example reopenUnsent(unsent.list(), focus, { hasFile, hasThread, showComposer, showThread })
 */
export function reopenUnsent(all: readonly UnsentEntry[], focus: Focus, places: ReopenPlaces): void {
  // Text for a thread that is gone, or an edit of a message released since, has nowhere to go.
  const there = (entry: UnsentEntry) => stillThere(entry, places.thread);
  for (const entry of all) if (!there(entry)) places.drop(entry);
  const entries = all.filter(there);
  const fresh = entries.find((e) => e.place.kind === "new" && places.hasFile(e.place.target.file));
  const reply = entries.find((e) => e.place.kind === "reply" && places.hasThread(e.place.threadId));
  if (fresh?.place.kind === "new") {
    const { file, side, start, end } = fresh.place.target;
    if (start === null) focus.commentOnFile(file);
    else {
      focus.pick({ file, side, line: start, extend: false });
      if (end !== null && end !== start) focus.pick({ file, side, line: end, extend: true });
    }
    places.showComposer();
  }
  if (reply?.place.kind === "reply") {
    focus.setThread(reply.place.threadId);
    focus.setReplyTo(reply.place.threadId);
    if (!fresh) places.showThread(reply.place.threadId);
  }
}
