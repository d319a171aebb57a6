import type { Kysely } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";

/** `list_cursors` (migration 0012): one `review_list` page's cursor and the threads the pages before it returned. */
export interface ListCursorsTable {
  /** The cursor as the agent passes it. */
  id: string;
  /** The branch key the listing is of. */
  branch: string;
  /** How many pages came before the one this cursor reads. */
  page: number;
  /** The ids of every thread those pages returned, as a JSON array. */
  returned: string;
  created_at: string;
}

export interface ListCursorRow {
  readonly id: string;
  readonly branch: string;
  readonly page: number;
  readonly returned: string;
  readonly created_at: string;
}

/**
 * The cursor `id`, or undefined when the store has none by that name.
 * @example await listCursorById(db, "p2_mia0x1_Ab3d")
 */
export async function listCursorById(db: Kysely<Database>, id: string): Promise<ListCursorRow | undefined> {
  return db.selectFrom("list_cursors").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Keeps a cursor, and drops those created before `dropBefore` (their time is over).
 * @example await writeTransaction(db, (trx) => keepListCursor(trx, row, "2026-11-24T00:00:00.000Z"))
 */
export async function keepListCursor(db: Kysely<Database>, row: ListCursorRow, dropBefore: string): Promise<void> {
  requireWriteTransaction(db, "keepListCursor");
  await db.deleteFrom("list_cursors").where("created_at", "<", dropBefore).execute();
  await db
    .insertInto("list_cursors")
    .values({ ...row })
    .onConflict((c) => c.column("id").doNothing())
    .execute();
}
