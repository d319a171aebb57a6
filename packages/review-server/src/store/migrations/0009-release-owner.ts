import { sql, type Kysely, type Migration } from "kysely";

/**
 * Who delivers a release: the process that made it (`owner_pid`), and whether its message waits for the
 * agent's next turn instead of being pushed (`waits_for_turn`: an MCP server's releases). A release left
 * `pending` by a process that is gone (it crashed between the commit and the doorbell) can then be told
 * from one a live process is delivering right now, and from an MCP release waiting by design. Releases made
 * before this migration have no owner (null).
 */
export const releaseOwner: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("reviews").addColumn("owner_pid", "integer").execute();
    await db.schema
      .alterTable("reviews")
      .addColumn("waits_for_turn", "integer", (c) => c.notNull().defaultTo(0).check(sql`waits_for_turn IN (0, 1)`))
      .execute();
  },
};
