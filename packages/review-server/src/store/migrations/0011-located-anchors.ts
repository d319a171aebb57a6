import { sql, type Kysely, type Migration } from "kysely";

/**
 * Where each thread's (or finding's) lines were last found in the work tree, with what that was computed
 * from (see AnchorMemo): a process that starts after the files last changed reads these instead of
 * locating every thread again. A cache, never the truth: rows are replaced whenever a thread is located
 * anew, and deleted with their thread or finding. Additive: a new table and two triggers.
 */
export const locatedAnchors: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("located_anchors")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("memo_key", "text", (c) => c.notNull())
      .addColumn("anchor", "text", (c) => c.notNull())
      .execute();
    // No foreign key: the id is a thread's or a finding's. Triggers drop a row with its owner instead.
    for (const table of ["threads", "findings"]) {
      await sql
        .raw(
          `create trigger ${table}_drop_located after delete on ${table} begin delete from located_anchors where id = old.id; end`,
        )
        .execute(db);
    }
  },
};
