import type { Kysely } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";
import { idsTable } from "./ids-table.js";

/** `located_anchors` (migration 0011): the last place found for a thread's or finding's lines, and its key. */
export interface LocatedAnchorsTable {
  /** A thread's or a finding's id. */
  id: string;
  /** What the place was computed from (AnchorMemo's key, with the rules' version); it is reused only on an equal key. */
  memo_key: string;
  /** The place found, as JSON (core's Location). */
  anchor: string;
}

export interface LocatedAnchorRow {
  readonly id: string;
  readonly memo_key: string;
  readonly anchor: string;
}

// SQLite's default limit is 32,766 bound values; a few hundred keep each statement small.
const IDS_PER_QUERY = 500;
const ROWS_PER_INSERT = 300;

/**
 * The stored places of `ids`, by id; ids with none are left out.
 * @example (await locatedAnchorsOf(db, ["thr_a"])).get("thr_a")?.memo_key
 */
export async function locatedAnchorsOf(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, LocatedAnchorRow>> {
  const found = new Map<string, LocatedAnchorRow>();
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom("located_anchors")
      .selectAll()
      .where("id", "in", idsTable(ids.slice(i, i + IDS_PER_QUERY)))
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/**
 * Keeps these places, replacing any stored for the same ids.
 * @example await writeTransaction(db, (trx) => keepLocatedAnchors(trx, [{ id: "thr_a", memo_key, anchor: '{"state":"current",…}' }]))
 */
export async function keepLocatedAnchors(db: Kysely<Database>, rows: readonly LocatedAnchorRow[]): Promise<void> {
  requireWriteTransaction(db, "keepLocatedAnchors");
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto("located_anchors")
      .values(rows.slice(i, i + ROWS_PER_INSERT).map((row) => ({ ...row })))
      .onConflict((conflict) =>
        conflict
          .column("id")
          .doUpdateSet((eb) => ({ memo_key: eb.ref("excluded.memo_key"), anchor: eb.ref("excluded.anchor") })),
      )
      .execute();
  }
}
