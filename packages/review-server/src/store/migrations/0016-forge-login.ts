import type { Kysely, Migration } from "kysely";

/**
 * The forge account the token belongs to, as the last pull of a pull request found it (GitHub's `viewer`):
 * the panels' Send list says under whose name the agent's replies go, without asking the forge each time.
 * Additive: one nullable column, null until the next pull.
 */
export const forgeLogin: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("forge_pulls").addColumn("login", "text").execute();
  },
};
