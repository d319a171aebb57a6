import { compareTimes } from "./compare-times.js";
import type { Message } from "./types.js";

/**
 * True when the agent has written since the person last looked (`seenAt` null: never looked).
 * @example unreadByHuman([{ author: "agent", createdAt: "2026-01-01T12:00:00Z", ... }], "2026-01-01T11:00:00Z") // true
 */
export function unreadByHuman(messages: readonly Message[], seenAt: string | null): boolean {
  return messages.some((m) => m.author === "agent" && (seenAt === null || compareTimes(m.createdAt, seenAt) > 0));
}
