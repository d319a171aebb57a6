import type { Message } from "./types.js";
import { accept, type Transition } from "./transition.js";

/**
 * The agent was handed the thread (`review_list`): every sent human message becomes delivered.
 * Drafts stay drafts; the effects list what changed (none when nothing did).
 * @example markDelivered(thread).effects // [{ kind: "delivered", messageIds: ["m1"] }]
 */
export function markDelivered<T extends { readonly messages: readonly Message[] }>(thread: T): Transition<T> {
  const ids = thread.messages.filter((m) => m.author === "human" && m.delivery === "sent").map((m) => m.id);
  if (ids.length === 0) return accept(thread);
  return accept(
    {
      ...thread,
      messages: thread.messages.map((m) =>
        m.author === "human" && m.delivery === "sent" ? { ...m, delivery: "delivered" as const } : m,
      ),
    },
    [{ kind: "delivered", messageIds: ids }],
  );
}
