import type { Message, ThreadStatus } from "./types.js";

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
