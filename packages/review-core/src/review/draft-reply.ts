import { checkMessageBody } from "./message-body.js";
import type { NewMessage, ThreadState } from "./thread-state.js";
import { accept, refuse, type Transition } from "./transition.js";
import { writtenMessage } from "./written-message.js";

/**
 * The person drafts a reply. Status and turn stay as they are until the release: the agent
 * must not see a thread change because of words it cannot read yet.
 * @example draftReply(thread, { id: "m2", body: "Still wrong.", at: "2026-01-01T10:05:00.000Z" })
 */
export function draftReply<T extends ThreadState>(thread: T, message: NewMessage): Transition<T> {
  const body = checkMessageBody(message.body);
  if (!body.ok) return refuse(body.code, body.reason);
  return accept({
    ...thread,
    seenAt: message.at,
    messages: [
      ...thread.messages,
      writtenMessage(message, "human", "unsent"),
    ],
    updatedAt: message.at,
  });
}
