import type { NewMessage } from "./thread-state.js";
import type { Author, Delivery, Message } from "./types.js";

/**
 * A message about to be written, as the thread will hold it.
 * @example writtenMessage({ id: "m1", body: "Why?", at: "2026-01-01T10:00:00.000Z" }, "human", "unsent")
 */
export function writtenMessage(message: NewMessage, author: Author, delivery: Delivery): Message {
  return {
    id: message.id,
    author,
    body: message.body,
    suggestion: message.suggestion ?? null,
    createdAt: message.at,
    delivery,
  };
}
