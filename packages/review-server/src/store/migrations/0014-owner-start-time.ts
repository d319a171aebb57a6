import type { Kysely, Migration } from "kysely";

/**
 * When the owner of a release or a run started (`owner_started`, its processStartTime), beside its pid: a
 * pid is reused once its process is gone, and a release whose owner died stayed `pending` for good when an
 * unrelated process (or this one, after a restart) came to hold the same pid. Null for rows made before.
 */
export const ownerStartTime: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("reviews").addColumn("owner_started", "text").execute();
    await db.schema.alterTable("runs").addColumn("owner_started", "text").execute();
  },
};
