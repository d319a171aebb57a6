import type { ThreadState } from "./thread-state.js";
import { accept, refuse, type Transition } from "./transition.js";

/**
 * Deletes a draft message; deleting the only message of a draft thread deletes the thread
 * (`next` is null and the effects say `thread_deleted`). A released message is refused (`conflict`).
 * @example deleteMessage(thread, "m2", "2026-01-01T10:07:00.000Z")
 */
export function deleteMessage<T extends ThreadState>(thread: T, messageId: string, at: string): Transition<T | null> {
  const message = thread.messages.find((m) => m.id === messageId);
  if (!message) return refuse("not_found", `No message ${messageId} in this thread.`);
  if (message.delivery !== "unsent") {
    return refuse("conflict", "That message is already released, so it can no longer be deleted. Write a reply instead.");
  }
  const messages = thread.messages.filter((m) => m.id !== messageId);
  if (thread.status === "draft" && messages.length === 0) {
    return accept(null, [{ kind: "thread_deleted" }]);
  }
  return accept({ ...thread, messages, updatedAt: at });
}
