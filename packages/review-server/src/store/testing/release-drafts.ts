import type { Kysely } from "kysely";
import type { Database } from "../database.js";
import { draftsOfBranch } from "../drafts.js";
import { updateMessage } from "../tables/messages.table.js";
import { updateThread } from "../tables/threads.table.js";
import { requireWriteTransaction } from "../write-transaction.js";

/**
 * Releases a branch's drafts for the store cases, row by row with the store's own writes as the service's
 * release does (it writes each thread's core transition): every unsent message becomes sent in `reviewId`,
 * every thread that had one becomes open and awaits the agent. Resolves to how many messages it released.
 * @example await writeTransaction(db, (trx) => releaseDraftsForTest(trx, { branch: "main", reviewId, at }));
 */
export async function releaseDraftsForTest(
  trx: Kysely<Database>,
  release: { readonly branch: string; readonly reviewId: string; readonly at: string },
): Promise<number> {
  requireWriteTransaction(trx, "releaseDraftsForTest");
  const { threads, messages } = await draftsOfBranch(trx, release.branch);
  for (const message of messages)
    await updateMessage(trx, message.id, { delivery: "sent", review_id: release.reviewId });
  const released = new Set([...threads.map((t) => t.id), ...messages.map((m) => m.thread_id)]);
  for (const id of released)
    await updateThread(trx, id, {
      status: "open",
      awaiting: "agent",
      resolved_at: null,
      resolved_by: null,
      updated_at: release.at,
    });
  return messages.length;
}
