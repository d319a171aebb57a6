import type { Kysely, Migration } from "kysely";

/**
 * The `review_list` cursors handed out, so a cursor works in any process on the same store and after a
 * restart (an MCP client, or an opencode that restarted mid-way through a long listing). Each row is
 * one page's cursor: the threads the pages before it returned. Additive: a new table.
 */
export const listCursors: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("list_cursors")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("page", "integer", (c) => c.notNull())
      .addColumn("returned", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("list_cursors_created_at").on("list_cursors").column("created_at").execute();
  },
};
