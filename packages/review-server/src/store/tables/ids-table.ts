import { sql, type RawBuilder } from "kysely";

/**
 * `ids` as one bound JSON parameter read back as a table, for `where(column, "in", idsTable(ids))`: a listing
 * asks for hundreds of ids at once, and Kysely builds (and SQLite prepares) one node and one variable per
 * literal id, where this is a single one (and no variable limit).
 * @example db.selectFrom("messages").selectAll().where("thread_id", "in", idsTable(threadIds))
 */
export function idsTable(ids: readonly string[]): RawBuilder<string> {
  return sql<string>`(select value from json_each(${JSON.stringify(ids)}))`;
}
