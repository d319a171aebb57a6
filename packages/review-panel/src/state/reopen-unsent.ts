// After a reload, the comment boxes that held unsent text open again where they were.
import type { Focus } from "./focus.js";
import type { UnsentEntry } from "./unsent-text.js";

export interface ReopenPlaces {
  /** Whether the diff shows this file now. */
  readonly hasFile: (path: string) => boolean;
  /** Whether this thread is shown now. */
  readonly hasThread: (id: string) => boolean;
  /** Brings the open new-comment box, or a thread, into view. */
  readonly showComposer: () => void;
  readonly showThread: (id: string) => void;
}

/**
 * Opens the most recently typed new-comment box and reply box again (the panel shows one of each at a
 * time); edits reopen in their own thread cards. Other kept texts wait until their box is opened.
 * @example reopenUnsent(unsent.list(), focus, { hasFile, hasThread, showComposer, showThread })
 */
export function reopenUnsent(entries: readonly UnsentEntry[], focus: Focus, places: ReopenPlaces): void {
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
