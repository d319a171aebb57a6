import { sentRemark } from "./sent-remark.js";
import type { NewMessage, ThreadState } from "./thread-state.js";
import { accept, refuse, type Transition } from "./transition.js";

/**
 * The person resolves an open thread: nobody's turn any more. A closing remark, if given, is sent
 * with it at once, since the state change it explains is not held back for the release either.
 * @example humanResolve(thread, { at: "2026-01-01T13:00:00.000Z" })
 */
export function humanResolve<T extends ThreadState>(
  thread: T,
  event: { readonly at: string; readonly message?: NewMessage },
): Transition<T> {
  if (thread.status === "draft") {
    return refuse("conflict", "A draft thread cannot be resolved: release it or delete it.");
  }
  if (thread.status === "resolved") return refuse("conflict", "That thread is already resolved.");
  const remark = sentRemark(event.message);
  if (remark && !remark.ok) return refuse(remark.code, remark.reason);
  return accept({
    ...thread,
    status: "resolved",
    awaiting: null,
    resolvedAt: event.at,
    resolvedBy: "human",
    seenAt: event.at,
    messages: remark ? [...thread.messages, remark.message] : thread.messages,
    updatedAt: event.at,
  });
}
