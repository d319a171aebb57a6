import type { Message } from "./types.js";
import type { ThreadState } from "./thread-state.js";
import { accept, refuse, type Refusal, type Transition } from "./transition.js";

/**
 * Releases a thread's drafts: they become sent, and it becomes the agent's turn. A draft thread
 * opens; a reply reopens a resolved thread. Released messages take the release time and move after
 * what was already sent, because that is when the agent first sees them (like a submitted review).
 * @example releaseThread(thread, "2026-01-01T11:00:00.000Z") // { ok: true, next: { status: "open", awaiting: "agent", ... } }
 */
export function releaseThread<T extends ThreadState>(thread: T, at: string): Transition<T> {
  const drafts = thread.messages.filter((m) => m.delivery === "unsent");
  if (drafts.length === 0) return refuse("conflict", "Nothing in this thread waits to be released.");
  const kept = thread.messages.filter((m) => m.delivery !== "unsent");
  const released: Message[] = drafts.map((m) => ({ ...m, delivery: "sent", createdAt: at }));
  return accept(
    {
      ...thread,
      status: "open",
      awaiting: "agent",
      resolvedAt: null,
      resolvedBy: null,
      messages: [...kept, ...released],
      updatedAt: at,
    },
    [{ kind: "checkpoint" }, { kind: "released", messageIds: released.map((m) => m.id) }],
  );
}

/** What one release of the person's batch changed. */
export interface ReleasedReview<T> {
  readonly ok: true;
  /** The threads that had drafts, in their new state, in the order given. Each needs a new checkpoint. */
  readonly threads: readonly T[];
  /** Every message released, in order. */
  readonly messageIds: readonly string[];
  /** The files of the released threads, each once, in order. */
  readonly files: readonly string[];
}

/**
 * Releases every draft in the given threads at once; threads without drafts are left out.
 * Nothing to release is a refusal, so a double click does not send an empty review.
 * @example releaseReview(threads, "2026-01-01T11:00:00.000Z") // { ok: true, threads, messageIds: ["m1", "m2"], files: ["src/a.ts"] }
 */
export function releaseReview<T extends ThreadState & { readonly file: string }>(
  threads: readonly T[],
  at: string,
): ReleasedReview<T> | Refusal {
  const next: T[] = [];
  const messageIds: string[] = [];
  const files: string[] = [];
  for (const thread of threads) {
    const step = releaseThread(thread, at);
    if (!step.ok) continue;
    next.push(step.next);
    for (const effect of step.effects) if (effect.kind === "released") messageIds.push(...effect.messageIds);
    if (!files.includes(thread.file)) files.push(thread.file);
  }
  if (next.length === 0) return refuse("conflict", "Nothing to release: there are no draft comments or replies.");
  return { ok: true, threads: next, messageIds, files };
}
