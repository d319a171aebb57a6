import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import type { ReviewRow } from "./tables/reviews.table.js";
import type { RoundRow } from "./tables/rounds.table.js";

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
  /**
   * The branch's viewed marks (with how many hunks are kept, and when last: a kept hunk folds as a viewed
   * file does) and base pick as they read (paths, blob ids and times; the picked ref and when):
   * these tables keep no change log, and a branch holds few rows, so what they read is compared whole.
   */
  readonly viewed: string;
  readonly base: string;
  /** The branch's tour id: another process's review_tour changes it. */
  readonly tour: string;
}

/** Whose viewed marks and base pick a position reads. */
export interface PositionScope {
  readonly branch: string;
  /** The repository's common git dir, as branch bases are keyed. */
  readonly repository: string;
}

/**
 * The store's position now; read it in the same read transaction as what is compared with it.
 * @example const at = await storePosition(db, { branch: "main", repository: repo.commonDir }); // { threadChange: 812, ..., viewed: "a.ts…", base: "" }
 */
export async function storePosition(db: Kysely<Database>, scope: PositionScope): Promise<StorePosition> {
  const { rows } = await sql<{
    thread_change: number | null;
    reviewer_change: number | null;
    round: number | null;
    review: number | null;
    viewed: string | null;
    base: string | null;
    tour: string | null;
  }>`
    select (select seq from sqlite_sequence where name = 'thread_changes') as thread_change,
           (select seq from sqlite_sequence where name = 'reviewer_changes') as reviewer_change,
           (select max(rowid) from rounds) as round,
           (select max(rowid) from reviews) as review,
           coalesce((select group_concat(path || char(0) || content_hash || char(0) || viewed_at, char(1))
              from (select * from viewed_files where branch = ${scope.branch} order by path)), '')
             || coalesce((select char(2) || count(*) || char(0) || max(kept_at) from kept_hunks
              where branch = ${scope.branch} having count(*) > 0), '') as viewed,
           (select from_ref || char(0) || picked_at from branch_bases where repository = ${scope.repository} and branch = ${scope.branch}) as base,
           (select id from tours where branch = ${scope.branch}) as tour`.execute(db);
  const row = rows[0];
  return {
    threadChange: Number(row?.thread_change ?? 0),
    reviewerChange: Number(row?.reviewer_change ?? 0),
    round: Number(row?.round ?? 0),
    review: Number(row?.review ?? 0),
    viewed: row?.viewed ?? "",
    base: row?.base ?? "",
    tour: row?.tour ?? "",
  };
}

/**
 * The branch's rounds recorded after `position.round`, oldest first.
 * @example const rounds = await roundsAfter(db, "main", before)
 */
export async function roundsAfter(db: Kysely<Database>, branch: string, position: StorePosition): Promise<RoundRow[]> {
  return db
    .selectFrom("rounds")
    .selectAll()
    .where("branch", "=", branch)
    .where(sql<number>`rowid`, ">", position.round)
    .orderBy(sql`rowid`)
    .execute();
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
      eb
        .selectFrom("messages")
        .select((m) => m.fn.countAll<number>().as("n"))
        .whereRef("messages.review_id", "=", "reviews.id")
        .as("messages"),
    )
    .where("branch", "=", branch)
    .where(sql<number>`reviews.rowid`, ">", position.review)
    .orderBy(sql`reviews.rowid`)
    .execute();
  return rows.map((row) => ({ ...row, messages: Number(row.messages ?? 0) }));
}
