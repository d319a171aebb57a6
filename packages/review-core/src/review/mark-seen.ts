import { compareTimes } from "./compare-times.js";
import type { ThreadState } from "./thread-state.js";
import { accept, type Transition } from "./transition.js";

/**
 * The person looked at the thread: what the agent wrote so far is no longer unread.
 * A look older than the one recorded changes nothing (events may arrive out of order).
 * @example markSeen(thread, "2026-01-01T15:00:00.000Z").next.seenAt // "2026-01-01T15:00:00.000Z"
 */
export function markSeen<T extends ThreadState>(thread: T, at: string): Transition<T> {
  if (thread.seenAt !== null && compareTimes(thread.seenAt, at) >= 0) return accept(thread);
  return accept({ ...thread, seenAt: at });
}
