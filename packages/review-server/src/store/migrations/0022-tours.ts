import type { Kysely, Migration } from "kysely";

/**
 * The agent's tour of its change (`review_tour`), one per branch: a new tour replaces the last. Its steps
 * are one JSON column (each with the lines it quoted at its round, to follow the code as threads do): a
 * tour is written and read whole, never queried by step.
 */
export const tours: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("tours")
      .addColumn("branch", "text", (c) => c.primaryKey())
      .addColumn("id", "text", (c) => c.notNull())
      .addColumn("title", "text")
      .addColumn("round_id", "text", (c) => c.notNull())
      .addColumn("steps", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  },
};
