import { sql, type Kysely } from "kysely";
import type { Database } from "../database.js";

/** The log of changed threads (migration 0002): each entry names a thread whose row or messages changed. */
export interface ThreadChangesTable {
  seq: number;
  thread_id: string;
}

/**
 * The number of the newest change to any thread or message (0 before the first): equal numbers, the same
 * threads and messages. Read from sqlite_sequence, which keeps the largest number ever handed out.
 * @example const seq = await latestThreadChange(db);
 */
export async function latestThreadChange(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'thread_changes'`.execute(
    db,
  );
  return Number(rows[0]?.seq ?? 0);
}

/**
 * The threads changed after change `seq` (up to `limit` of them), or null when the log no longer
 * reaches back that far or more than `limit` threads changed: the caller then reads everything.
 * @example await threadsChangedSince(db, kept.seq, 64) // ["thr_…"] after one reply
 */
export async function threadsChangedSince(db: Kysely<Database>, seq: number, limit: number): Promise<string[] | null> {
  const oldest = await sql<{ seq: number | null }>`select min(seq) as seq from thread_changes`.execute(db);
  const first = oldest.rows[0]?.seq;
  if (first !== null && first !== undefined && Number(first) > seq + 1) return null;
  const { rows } = await sql<{
    thread_id: string;
  }>`select distinct thread_id from thread_changes where seq > ${seq} limit ${limit + 1}`.execute(db);
  return rows.length > limit ? null : rows.map((r) => r.thread_id);
}
