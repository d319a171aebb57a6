import { checkMessageBody } from "./message-body.js";
import type { NewMessage, ThreadState } from "./thread-state.js";
import { accept, refuse, type Transition } from "./transition.js";
import { writtenMessage } from "./written-message.js";

/**
 * What became of the agent's claim that the thread is resolved: `none` when it made no claim;
 * `accepted`/`refused` as the checked resolve (decided elsewhere, against the checkpoint) said.
 */
export type ResolveVerdict = "none" | "accepted" | "refused";

/**
 * The agent answers a thread; it becomes the person's turn. An accepted resolve resolves it; a
 * refused one leaves it open. The agent cannot answer a thread it cannot see: an unknown one
 * (`undefined`/`null`) or a draft.
 * @example agentReply(thread, { id: "m3", body: "Fixed: now 2.", at: "2026-01-01T12:00:00.000Z" }, "accepted")
 */
export function agentReply<T extends ThreadState>(
  thread: T | null | undefined,
  message: NewMessage,
  verdict: ResolveVerdict,
): Transition<T> {
  if (!thread) return refuse("not_found", "No such thread. Call review_list to see the threads and their ids.");
  if (thread.status === "draft") {
    return refuse(
      "conflict",
      "That thread is not released yet: the reviewer is still writing it. Call review_list to see the threads waiting for you.",
    );
  }
  const body = checkMessageBody(message.body);
  if (!body.ok) return refuse(body.code, body.reason);
  const resolves = verdict === "accepted" && thread.status !== "resolved";
  return accept({
    ...thread,
    // An answer on a resolved thread leaves it resolved: only the person reopens.
    status: resolves ? "resolved" : thread.status,
    awaiting: "human",
    resolvedAt: resolves ? message.at : thread.resolvedAt,
    resolvedBy: resolves ? "agent" : thread.resolvedBy,
    messages: [
      ...thread.messages,
      writtenMessage(message, "agent", "sent"),
    ],
    updatedAt: message.at,
  });
}
