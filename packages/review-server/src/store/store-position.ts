import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import type { ReviewRow } from "./reviews.table.js";
import type { RoundRow } from "./rounds.table.js";

/**
 * Where the store stands, whichever process wrote it: the newest entries of the thread change log
 * (migration 0002) and of the reviewer's (0008), and the newest round and release in insertion order (SQLite's rowid, which only grows
 * while no row is deleted, and rounds and releases never are).
 */
export interface StorePosition {
  readonly threadChange: number;
  readonly reviewerChange: number;
  readonly round: number;
  readonly review: number;
}

/**
 * The store's position now; read it in the same read transaction as what is compared with it.
 * @example const at = await storePosition(db); // { threadChange: 812, reviewerChange: 9, round: 4, review: 2 }
 */
export async function storePosition(db: Kysely<Database>): Promise<StorePosition> {
  const { rows } = await sql<{ thread_change: number | null; reviewer_change: number | null; round: number | null; review: number | null }>`
    select (select seq from sqlite_sequence where name = 'thread_changes') as thread_change,
           (select seq from sqlite_sequence where name = 'reviewer_changes') as reviewer_change,
           (select max(rowid) from rounds) as round,
           (select max(rowid) from reviews) as review`.execute(db);
  const row = rows[0];
  return {
    threadChange: Number(row?.thread_change ?? 0),
    reviewerChange: Number(row?.reviewer_change ?? 0),
    round: Number(row?.round ?? 0),
    review: Number(row?.review ?? 0),
  };
}

/**
 * The branch's rounds recorded after `position.round`, oldest first.
 * @example const rounds = await roundsAfter(db, "main", before)
 */
export async function roundsAfter(db: Kysely<Database>, branch: string, position: StorePosition): Promise<RoundRow[]> {
  return db.selectFrom("rounds").selectAll().where("branch", "=", branch).where(sql<number>`rowid`, ">", position.round).orderBy(sql`rowid`).execute();
}

/**
 * The branch's releases recorded after `position.review`, oldest first, each with how many messages it sent.
 * @example const releases = await reviewsAfter(db, "main", before)
 */
export async function reviewsAfter(
  db: Kysely<Database>,
  branch: string,
  position: StorePosition,
): Promise<(ReviewRow & { readonly messages: number })[]> {
  const rows = await db
    .selectFrom("reviews")
    .selectAll("reviews")
    .select((eb) =>
      eb.selectFrom("messages").select((m) => m.fn.countAll<number>().as("n")).whereRef("messages.review_id", "=", "reviews.id").as("messages"),
    )
    .where("branch", "=", branch)
    .where(sql<number>`reviews.rowid`, ">", position.review)
    .orderBy(sql`reviews.rowid`)
    .execute();
  return rows.map((row) => ({ ...row, messages: Number(row.messages ?? 0) }));
}
