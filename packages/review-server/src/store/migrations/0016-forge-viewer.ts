import type { Kysely, Migration } from "kysely";

/**
 * The token's account as the forge named it at the last pull (`forge_pulls.login`): both panels' Send list
 * says whose name the replies go under before the person sends them. Null until a pull sees it.
 */
export const forgeViewer: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("forge_pulls").addColumn("login", "text").execute();
  },
};
