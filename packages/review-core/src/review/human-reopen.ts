import { sentRemark } from "./sent-remark.js";
import type { NewMessage, ThreadState } from "./thread-state.js";
import { accept, refuse, type Transition } from "./transition.js";

/**
 * The person reopens a resolved thread: open, the agent's turn. The person spoke, so the effects
 * ask for a new checkpoint; a remark, if given, is sent with it at once.
 * @example humanReopen(thread, { at: "2026-01-01T14:00:00.000Z" })
 */
export function humanReopen<T extends ThreadState>(
  thread: T,
  event: { readonly at: string; readonly message?: NewMessage },
): Transition<T> {
  if (thread.status === "draft") return refuse("conflict", "A draft thread cannot be reopened: it is not released yet.");
  if (thread.status === "open") return refuse("conflict", "That thread is already open.");
  const remark = sentRemark(event.message);
  if (remark && !remark.ok) return refuse(remark.code, remark.reason);
  return accept(
    {
      ...thread,
      status: "open",
      awaiting: "agent",
      resolvedAt: null,
      resolvedBy: null,
      seenAt: event.at,
      messages: remark ? [...thread.messages, remark.message] : thread.messages,
      updatedAt: event.at,
    },
    [{ kind: "checkpoint" }],
  );
}
