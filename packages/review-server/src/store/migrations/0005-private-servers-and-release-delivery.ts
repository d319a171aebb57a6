import { sql, type Kysely, type Migration } from "kysely";

/**
 * Two hardening steps in one migration (the number this work was given):
 *
 * - The `servers` table held each panel's link with its token, readable by anyone who could read the
 *   repository. Tokens now live in 0600 files beside the store (panel-tokens.ts); rows that still carry one
 *   are deleted (a server of this version registers again, without it, on its next heartbeat), and
 *   secure_delete overwrites their bytes rather than leaving them in free pages.
 * - A release keeps, with the review and in its own transaction, the whole review as prose, the message
 *   sent to the agent (to send it again), the person's summary and verdict, and the delivery's state
 *   (`pending`, `delivered`, `failed` with its reason), the attempts made, and whether the person dismissed
 *   a failure. Reviews released before this are marked as they were known: delivered when a session took
 *   them, otherwise failed and already dismissed (nothing can be retried for them).
 */
export const privateServersAndReleaseDelivery: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`PRAGMA secure_delete = ON`.execute(db);
    await db.deleteFrom("servers").where("url", "like", "%token=%").execute();

    await db.schema.alterTable("reviews").addColumn("summary", "text").execute();
    await db.schema
      .alterTable("reviews")
      .addColumn("verdict", "text", (c) =>
        c.check(sql`verdict IS NULL OR verdict IN ('comment', 'approve', 'changes')`),
      )
      .execute();
    await db.schema.alterTable("reviews").addColumn("message_text", "text").execute();
    await db.schema
      .alterTable("reviews")
      .addColumn("delivery_state", "text", (c) =>
        c.notNull().defaultTo("pending").check(sql`delivery_state IN ('pending', 'delivered', 'failed')`),
      )
      .execute();
    await db.schema.alterTable("reviews").addColumn("delivery_error", "text").execute();
    await db.schema
      .alterTable("reviews")
      .addColumn("delivery_attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("reviews").addColumn("dismissed_at", "text").execute();
    await sql`UPDATE reviews SET delivery_state = CASE WHEN delivered_to IS NOT NULL THEN 'delivered' ELSE 'failed' END,
      delivery_error = CASE WHEN delivered_to IS NULL THEN 'released before delivery was recorded' END,
      dismissed_at = CASE WHEN delivered_to IS NULL THEN released_at END`.execute(db);
  },
};
