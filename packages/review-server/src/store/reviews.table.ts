import type { Kysely, Selectable } from "kysely";
import type { Database } from "./database.js";
import { newId } from "./new-id.js";
import { requireWriteTransaction } from "./write-transaction.js";

/** How a released review reached the agent: a pointer to the tools, or the whole review as prose. */
export type ReviewMode = "tools" | "prose";

/** `reviews`: each batch the person released. */
export interface ReviewsTable {
  id: string;
  branch: string;
  released_at: string;
  /** The agent session it was sent to; null when none was known. */
  session_id: string | null;
  mode: ReviewMode;
  /** Where it was delivered (e.g. the session's title or server), once it was. */
  delivered_to: string | null;
  /** The prose sent, in `prose` mode. */
  prose: string | null;
  /** The round taken just before the release. */
  round_id: string;
}

export type ReviewRow = Readonly<Selectable<ReviewsTable>>;

/** A review to record; id and time are made when absent, session, delivery and prose default to null. */
export type NewReview = Pick<ReviewRow, "branch" | "mode" | "round_id"> &
  Partial<Pick<ReviewRow, "id" | "released_at" | "session_id" | "delivered_to" | "prose">>;

/** What may be filled in after the release (delivery happens after the transaction). */
export type ReviewPatch = Partial<Pick<ReviewRow, "session_id" | "delivered_to" | "prose" | "mode">>;

/**
 * Records a released review (insert it before releaseDrafts, which points messages at it).
 * @example const review = await insertReview(trx, { branch: "main", mode: "tools", round_id })
 */
export async function insertReview(db: Kysely<Database>, review: NewReview): Promise<ReviewRow> {
  requireWriteTransaction(db, "insertReview");
  return db
    .insertInto("reviews")
    .values({
      id: review.id ?? newId("review"),
      branch: review.branch,
      released_at: review.released_at ?? new Date().toISOString(),
      session_id: review.session_id ?? null,
      mode: review.mode,
      delivered_to: review.delivered_to ?? null,
      prose: review.prose ?? null,
      round_id: review.round_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Fills in how a review was delivered; undefined when there is no such review.
 * @example await updateReview(trx, review.id, { delivered_to: session.id })
 */
export async function updateReview(db: Kysely<Database>, id: string, patch: ReviewPatch): Promise<ReviewRow | undefined> {
  requireWriteTransaction(db, "updateReview");
  if (Object.keys(patch).length === 0) return reviewById(db, id);
  return db.updateTable("reviews").set(patch).where("id", "=", id).returningAll().executeTakeFirst();
}

/**
 * One review by id, or undefined.
 * @example const review = await reviewById(db, "v_...")
 */
export async function reviewById(db: Kysely<Database>, id: string): Promise<ReviewRow | undefined> {
  return db.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The branch's reviews, newest first.
 * @example const [last] = await reviewsByBranch(db, "main")
 */
export async function reviewsByBranch(db: Kysely<Database>, branch: string): Promise<ReviewRow[]> {
  return db.selectFrom("reviews").selectAll().where("branch", "=", branch).orderBy("released_at", "desc").execute();
}
