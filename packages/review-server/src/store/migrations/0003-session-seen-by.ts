import type { Kysely, Migration } from "kysely";

/**
 * Which review service (one per opencode process) last saw each session. Several opencode processes on one
 * repository share the database, and a plugin's doorbell reaches only its own process's sessions: a
 * release from its panel goes to the latest session that process saw, not to one another process saw later.
 */
export const sessionSeenBy: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("sessions").addColumn("seen_by", "text").execute();
  },
};
