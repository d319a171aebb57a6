import { checkMessageBody } from "./message-body.js";
import type { NewMessage, ThreadState } from "./thread-state.js";
import { accept, refuse, type Transition } from "./transition.js";
import { writtenMessage } from "./written-message.js";

/**
 * The person starts a thread: a draft nobody else sees until the review is released.
 * @example draftThread({ id: "m1", body: "Why three?", at: "2026-01-01T10:00:00.000Z" })
 */
export function draftThread(message: NewMessage): Transition<ThreadState> {
  const body = checkMessageBody(message.body);
  if (!body.ok) return refuse(body.code, body.reason);
  return accept({
    status: "draft",
    awaiting: null,
    origin: "human",
    resolvedAt: null,
    resolvedBy: null,
    // The author has obviously seen what they just wrote.
    seenAt: message.at,
    messages: [writtenMessage(message, "human", "unsent")],
    updatedAt: message.at,
  });
}
