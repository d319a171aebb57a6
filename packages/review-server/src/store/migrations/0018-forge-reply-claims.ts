import type { Kysely, Migration } from "kysely";

/**
 * A push claims a reply before it sends it: `claimed_until` is the end of its lease (null: nobody holds it).
 * Two pushes at once (two panels, `pr push`, the automatic push, in any processes) cannot both send it; a
 * claim whose lease ran out (a pusher that died) is taken over, after a look on the forge for the reply.
 * Additive: nullable columns (and `forge_pulls.can_resolve`: whether the forge's API resolves threads).
 */
export const forgeReplyClaims: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("forge_messages").addColumn("claimed_until", "text").execute();
    // Whether the forge's API can resolve a thread, as the last pull found its dialect (null before one).
    await db.schema.alterTable("forge_pulls").addColumn("can_resolve", "integer").execute();
  },
};
