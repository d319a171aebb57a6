// What a thread reads as, derived from its state: whether the agent wrote since the person looked, whether it
// waits on someone, and what of it the agent may see. No transitions here: those are in thread-machine.ts.
import { compareTimes } from "./thread-machine.js";
import type { Author, Awaiting, Message, ThreadStatus } from "./types.js";

/**
 * True when the agent has written since the person last looked (`seenAt` null: never looked).
 * @example unreadByHuman([{ author: "agent", createdAt: "2026-01-01T12:00:00Z", ... }], "2026-01-01T11:00:00Z") // true
 */
export function unreadByHuman(messages: readonly Message[], seenAt: string | null): boolean {
  return messages.some((m) => m.author === "agent" && (seenAt === null || compareTimes(m.createdAt, seenAt) > 0));
}

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

/**
 * The thread as the agent may see it: null for a draft thread, and never a draft message.
 * @example agentView(draftThread) // null
 */
export function agentView<T extends { readonly status: ThreadStatus; readonly messages: readonly Message[] }>(
  thread: T,
): T | null {
  if (thread.status === "draft") return null;
  if (thread.messages.every((m) => m.delivery !== "unsent")) return thread;
  return { ...thread, messages: thread.messages.filter((m) => m.delivery !== "unsent") };
}
