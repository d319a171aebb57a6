import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import { decodeMessage, type MessageRow } from "./tables/messages.table.js";
import { decodeThread, type ThreadRow } from "./tables/threads.table.js";
import { requireWriteTransaction } from "./write-transaction.js";

/** The pending review of a branch: draft threads, and every unsent message (on draft threads or replies on released ones). */
export interface Drafts {
  readonly threads: readonly ThreadRow[];
  readonly messages: readonly MessageRow[];
}

/** What a release changed. */
export interface Released {
  readonly threadIds: readonly string[];
  readonly messageIds: readonly string[];
}

/**
 * The branch's pending review, oldest first.
 * @example const { threads, messages } = await draftsOfBranch(db, "main")
 */
export async function draftsOfBranch(db: Kysely<Database>, branch: string): Promise<Drafts> {
  const threads = await db
    .selectFrom("threads")
    .selectAll()
    .where("branch", "=", branch)
    .where("status", "=", "draft")
    .orderBy("created_at", "asc")
    .orderBy(sql`rowid`, "asc")
    .execute();
  const messages = await db
    .selectFrom("messages")
    .selectAll("messages")
    .innerJoin("threads", "threads.id", "messages.thread_id")
    .where("threads.branch", "=", branch)
    .where("messages.delivery", "=", "unsent")
    .orderBy("messages.created_at", "asc")
    .orderBy(sql`messages.rowid`, "asc")
    .execute();
  return { threads: threads.map(decodeThread), messages: messages.map(decodeMessage) };
}

/**
 * Releases the branch's pending review in one statement set: every unsent message becomes
 * `sent` and belongs to `reviewId` (insert the review first), and every thread that received
 * one, or was a draft, becomes open and awaits the agent (a released reply reopens a resolved thread).
 * Checkpoints are the service's to set in the same transaction.
 * @example await writeTransaction(db, async (trx) => { const review = await insertReview(trx, ...); return releaseDrafts(trx, { branch: "main", reviewId: review.id }) })
 */
export async function releaseDrafts(
  db: Kysely<Database>,
  release: { readonly branch: string; readonly reviewId: string; readonly at: string },
): Promise<Released> {
  requireWriteTransaction(db, "releaseDrafts");
  const { at } = release;
  const messages = await db
    .updateTable("messages")
    .set({ delivery: "sent", review_id: release.reviewId })
    .where("delivery", "=", "unsent")
    .where("thread_id", "in", (eb) => eb.selectFrom("threads").select("id").where("branch", "=", release.branch))
    .returning(["id"])
    .execute();
  const threads = await db
    .updateTable("threads")
    .set({ status: "open", awaiting: "agent", resolved_at: null, resolved_by: null, updated_at: at })
    .where("branch", "=", release.branch)
    .where((eb) =>
      eb.or([
        eb("status", "=", "draft"),
        eb("id", "in", eb.selectFrom("messages").select("thread_id").where("review_id", "=", release.reviewId)),
      ]),
    )
    .returning(["id"])
    .execute();
  return { threadIds: threads.map((t) => t.id), messageIds: messages.map((m) => m.id) };
}
