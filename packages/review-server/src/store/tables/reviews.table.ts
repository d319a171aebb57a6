import type { Kysely, Selectable } from "kysely";
import type { Database } from "../database.js";
import { newId } from "../new-id.js";
import { requireWriteTransaction } from "../write-transaction.js";

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
  /** The person's overall comment, if any (migration 0005). */
  summary: string | null;
  verdict: ReviewVerdict | null;
  /** What was (or is to be) sent to the agent: the notice in `tools` mode, the prose in `prose` mode. */
  message_text: string | null;
  delivery_state: DeliveryState;
  /** Why the last attempt failed. */
  delivery_error: string | null;
  delivery_attempts: number;
  /** When the person dismissed a failed delivery; null while it is shown. */
  dismissed_at: string | null;
  /** The process that delivers it (migration 0009); null for releases made before that. */
  owner_pid: number | null;
  /** When that process started (migration 0012), so a reused pid is not taken for it; null when unknown. */
  owner_started: string | null;
  /** 1: it waits for the agent's next turn (an MCP server's release), never pushed. */
  waits_for_turn: number;
  /** A release sent to a pull request as a review (migration 0012): its address there. */
  forge_url: string | null;
  /** How many comments a release to a pull request carried there (migration 0017); null for a release to the agent. */
  pr_messages: number | null;
  /**
   * The work tree whose agent it goes to, when it was released from a panel serving another one (migration
   * 0021): any process working in that work tree delivers it. Null: its owner delivers it.
   */
  worktree: string | null;
}

/** The person's verdict on a release, as GitHub has it. */
export type ReviewVerdict = "comment" | "approve" | "changes";

/** Where a release's message to the agent is: sent to a session, waiting for an attempt, or failed. */
export type DeliveryState = "pending" | "delivered" | "failed";

export type ReviewRow = Readonly<Selectable<ReviewsTable>>;

/** A review to record; id and time are made when absent, session, delivery and prose default to null. */
export type NewReview = Pick<ReviewRow, "branch" | "mode" | "round_id" | "released_at"> &
  Partial<
    Pick<
      ReviewRow,
      | "id"
      | "session_id"
      | "delivered_to"
      | "prose"
      | "summary"
      | "verdict"
      | "message_text"
      | "delivery_state"
      | "owner_pid"
      | "owner_started"
      | "waits_for_turn"
      | "forge_url"
      | "pr_messages"
      | "worktree"
    >
  >;

/** What may be filled in after the release (delivery happens after the transaction). */
export type ReviewPatch = Partial<
  Pick<
    ReviewRow,
    | "session_id"
    | "delivered_to"
    | "prose"
    | "mode"
    | "summary"
    | "verdict"
    | "message_text"
    | "delivery_state"
    | "delivery_error"
    | "delivery_attempts"
    | "dismissed_at"
  >
>;

/**
 * Records a released review (insert it before the released messages, which point at it).
 * @example const review = await insertReview(trx, { branch: "main", mode: "tools", round_id })
 */
export async function insertReview(db: Kysely<Database>, review: NewReview): Promise<ReviewRow> {
  requireWriteTransaction(db, "insertReview");
  return db
    .insertInto("reviews")
    .values({
      id: review.id ?? newId("review"),
      branch: review.branch,
      released_at: review.released_at,
      session_id: review.session_id ?? null,
      mode: review.mode,
      delivered_to: review.delivered_to ?? null,
      prose: review.prose ?? null,
      round_id: review.round_id,
      summary: review.summary ?? null,
      verdict: review.verdict ?? null,
      message_text: review.message_text ?? null,
      delivery_state: review.delivery_state ?? "pending",
      delivery_error: null,
      delivery_attempts: 0,
      dismissed_at: null,
      owner_pid: review.owner_pid ?? null,
      owner_started: review.owner_started ?? null,
      waits_for_turn: review.waits_for_turn ?? 0,
      forge_url: review.forge_url ?? null,
      pr_messages: review.pr_messages ?? null,
      worktree: review.worktree ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Fills in how a review was delivered; undefined when there is no such review.
 * @example await updateReview(trx, review.id, { delivered_to: session.id })
 */
export async function updateReview(
  db: Kysely<Database>,
  id: string,
  patch: ReviewPatch,
): Promise<ReviewRow | undefined> {
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

/**
 * How many messages each review released, by review id (reviews with none are absent).
 * @example await messageCountsOfReviews(db, ["v_1"]) // Map { "v_1" => 3 }
 */
export async function messageCountsOfReviews(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("messages")
    .select(["review_id", db.fn.countAll<number>().as("n")])
    .where("review_id", "in", [...ids])
    .groupBy("review_id")
    .execute();
  return new Map(rows.map((row) => [row.review_id!, Number(row.n)]));
}

/**
 * Releases of any branch still `pending` and not dismissed, oldest first: the delivering process looks at
 * those of owners that are gone.
 * @example await pendingReviews(db) // [{ id: "v_1", owner_pid: 4242, waits_for_turn: 0, ... }]
 */
export async function pendingReviews(db: Kysely<Database>): Promise<ReviewRow[]> {
  return db
    .selectFrom("reviews")
    .selectAll()
    .where("delivery_state", "=", "pending")
    .where("dismissed_at", "is", null)
    .orderBy("released_at")
    .execute();
}

/**
 * Makes this process the one delivering a pending release, if it still is pending and still has the owner
 * that was seen (two processes starting at once claim it once); undefined when someone else was first.
 * @example await claimPendingReview(trx, row.id, row.owner_pid, process.pid, processStartTime(process.pid))
 */
export async function claimPendingReview(
  db: Kysely<Database>,
  id: string,
  seenOwner: number | null,
  pid: number,
  started: string | null = null,
): Promise<ReviewRow | undefined> {
  requireWriteTransaction(db, "claimPendingReview");
  return db
    .updateTable("reviews")
    .set({ owner_pid: pid, owner_started: started })
    .where("id", "=", id)
    .where("delivery_state", "=", "pending")
    .where("owner_pid", seenOwner === null ? "is" : "=", seenOwner)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Takes a release that waits for a session (pending, none named) for `sessionId`, if it still waits: of two
 * halves or processes that see the same new session, one delivers it. Undefined when it no longer waits.
 * @example await claimWaitingReview(trx, "v_1", "ses_1", process.pid)
 */
export async function claimWaitingReview(
  db: Kysely<Database>,
  id: string,
  sessionId: string,
  pid: number,
  started: string | null = null,
): Promise<ReviewRow | undefined> {
  requireWriteTransaction(db, "claimWaitingReview");
  return db
    .updateTable("reviews")
    .set({ session_id: sessionId, owner_pid: pid, owner_started: started })
    .where("id", "=", id)
    .where("delivery_state", "=", "pending")
    .where("session_id", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Reviews that wait for an agent's turn (MCP) and whose released messages an agent's tool has now all
 * returned: they become delivered, to `to`. Returns the reviews that changed.
 * @example await markReviewsRead(trx, deliveredMessageIds, "mcp:claude-code")
 */
export async function markReviewsRead(
  db: Kysely<Database>,
  messageIds: readonly string[],
  to: string | null,
): Promise<ReviewRow[]> {
  requireWriteTransaction(db, "markReviewsRead");
  if (messageIds.length === 0) return [];
  const reviewIds = (
    await db
      .selectFrom("messages")
      .select("review_id")
      .distinct()
      .where("id", "in", [...messageIds])
      .where("review_id", "is not", null)
      .execute()
  ).map((row) => row.review_id!);
  if (reviewIds.length === 0) return [];
  return db
    .updateTable("reviews")
    .set({ delivery_state: "delivered", delivered_to: to, delivery_error: null })
    .where("id", "in", reviewIds)
    .where("delivery_state", "=", "pending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("messages")
            .select("messages.id")
            .whereRef("messages.review_id", "=", "reviews.id")
            .where("messages.delivery", "=", "sent"),
        ),
      ),
    )
    .returningAll()
    .execute();
}
