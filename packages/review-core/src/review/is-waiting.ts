import type { Author, Awaiting, ThreadStatus } from "./types.js";

/**
 * Whether a thread counts as waiting in a listing. For the person: every open thread, since it
 * still needs their verdict. For the agent: open threads where it is the agent's turn.
 * @example isWaiting({ status: "open", awaiting: "human" }, "agent") // false
 */
export function isWaiting(
  thread: { readonly status: ThreadStatus; readonly awaiting: Awaiting },
  who: Author,
): boolean {
  if (thread.status !== "open") return false;
  return who === "human" || thread.awaiting === "agent";
}
