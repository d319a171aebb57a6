import type { Message, ThreadState } from "@opencode-review/core";
import type { Kysely } from "kysely";
import {
  deleteMessageRow,
  insertMessage,
  updateMessage,
  updateThread,
  type Database,
  type ThreadChanges,
} from "../../store/index.js";

/**
 * Writes what a core transition changed: the thread's conversation fields and every message added,
 * edited or removed. Call it inside `writeTransaction`, so a transition is stored whole or not at all.
 * @example await applyThreadState(trx, id, before, step.next, { reviewId });
 */
export async function applyThreadState(
  trx: Kysely<Database>,
  threadId: string,
  before: ThreadState,
  after: ThreadState,
  options: { readonly reviewId?: string; readonly patch?: ThreadChanges } = {},
): Promise<void> {
  await updateThread(trx, threadId, {
    status: after.status,
    awaiting: after.awaiting,
    resolved_at: after.resolvedAt,
    resolved_by: after.resolvedBy,
    human_seen_at: after.seenAt,
    updated_at: after.updatedAt,
    ...options.patch,
  });
  const old = new Map(before.messages.map((m) => [m.id, m]));
  for (const message of after.messages) {
    const was = old.get(message.id);
    old.delete(message.id);
    if (was === undefined) {
      await insertMessage(trx, {
        id: message.id,
        thread_id: threadId,
        author: message.author,
        body: message.body,
        suggestion: message.suggestion,
        created_at: message.createdAt,
        delivery: message.delivery,
        review_id: releasedBy(was, message, options.reviewId),
        ...(message.claim === undefined
          ? {}
          : { claim_accepted: message.claim.accepted ? 1 : 0, claim_reason: message.claim.reason ?? null }),
      });
    } else if (changed(was, message)) {
      await updateMessage(trx, message.id, {
        body: message.body,
        suggestion: message.suggestion,
        delivery: message.delivery,
        created_at: message.createdAt,
        ...(releasedBy(was, message, options.reviewId) === null ? {} : { review_id: options.reviewId! }),
      });
    }
  }
  for (const gone of old.keys()) await deleteMessageRow(trx, gone);
}

// A message belongs to the review that took it from draft to sent.
function releasedBy(was: Message | undefined, now: Message, reviewId: string | undefined): string | null {
  if (reviewId === undefined || now.author !== "human") return null;
  return (was === undefined || was.delivery === "unsent") && now.delivery === "sent" ? reviewId : null;
}

function changed(a: Message, b: Message): boolean {
  return (
    a.body !== b.body ||
    a.delivery !== b.delivery ||
    a.createdAt !== b.createdAt ||
    JSON.stringify(a.suggestion) !== JSON.stringify(b.suggestion)
  );
}
