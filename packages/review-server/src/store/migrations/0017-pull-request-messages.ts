import type { Kysely, Migration } from "kysely";

/**
 * How many comments a release sent to the pull request (`pr: true`) carried there: its drafts are taken
 * off once the forge has them (a pull brings them back as forge threads), so no stored message points at
 * the release and past reviews would count none. Additive: one nullable column, null for releases to the
 * agent (their messages are counted) and for pull-request releases made before it.
 */
export const pullRequestMessages: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("reviews").addColumn("pr_messages", "integer").execute();
  },
};
