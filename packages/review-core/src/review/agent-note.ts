import { checkMessageBody } from "./message-body.js";
import type { NewMessage, ThreadState } from "./thread-state.js";
import { accept, refuse, type Transition } from "./transition.js";
import { writtenMessage } from "./written-message.js";

/**
 * The agent opens a thread of its own (`review_open`): open at once, the person's turn, unread.
 * The effects ask for a checkpoint, the code under the thread as it was opened.
 * @example agentNote({ id: "m1", body: "This retry loop is a guess; please check.", at: "2026-01-01T12:00:00.000Z" })
 */
export function agentNote(message: NewMessage): Transition<ThreadState> {
  const body = checkMessageBody(message.body);
  if (!body.ok) return refuse(body.code, body.reason);
  return accept(
    {
      status: "open",
      awaiting: "human",
      origin: "agent",
      resolvedAt: null,
      resolvedBy: null,
      seenAt: null,
      messages: [writtenMessage(message, "agent", "sent")],
      updatedAt: message.at,
    },
    [{ kind: "checkpoint" }],
  );
}
