import { checkMessageBody } from "./message-body.js";
import type { ThreadState } from "./thread-state.js";
import { accept, refuse, type Transition } from "./transition.js";

export interface MessageEdit {
  readonly body?: string;
  /** `null` removes the suggestion; absent leaves it. */
  readonly suggestion?: readonly string[] | null;
  readonly at: string;
}

/**
 * Edits a draft message. A released one is refused (`conflict`): the agent may have read it.
 * @example editMessage(thread, "m2", { body: "Use two.", at: "2026-01-01T10:06:00.000Z" })
 */
export function editMessage<T extends ThreadState>(thread: T, messageId: string, edit: MessageEdit): Transition<T> {
  const message = thread.messages.find((m) => m.id === messageId);
  if (!message) return refuse("not_found", `No message ${messageId} in this thread.`);
  if (message.delivery !== "unsent") {
    return refuse("conflict", "That message is already released, so it can no longer be edited. Write a reply instead.");
  }
  if (edit.body !== undefined) {
    const body = checkMessageBody(edit.body);
    if (!body.ok) return refuse(body.code, body.reason);
  }
  const edited = {
    ...message,
    body: edit.body ?? message.body,
    suggestion: edit.suggestion === undefined ? message.suggestion : edit.suggestion,
  };
  return accept({
    ...thread,
    messages: thread.messages.map((m) => (m.id === messageId ? edited : m)),
    updatedAt: edit.at,
  });
}
