import { sql, type Kysely, type Migration } from "kysely";

/**
 * What came of an agent message's resolve claim, kept with the message so the person sees it on the
 * thread: `claim_accepted` 1 (the code under the thread changed) or 0 (refused, `claim_reason` says why in
 * the person's words), null when the message claimed nothing. Messages written before it claim nothing.
 */
export const messageClaims: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable("messages")
      .addColumn("claim_accepted", "integer", (c) => c.check(sql`claim_accepted IN (0, 1)`))
      .execute();
    await db.schema.alterTable("messages").addColumn("claim_reason", "text").execute();
  },
};
