import { sql, type Kysely, type Migration } from "kysely";

/**
 * The `servers` table held each panel's link with its token, readable by anyone who could read the
 * repository. Tokens now live in 0600 files beside the store (panel-tokens.ts); rows that still carry one
 * are deleted (their servers register again, without it, on their next heartbeat if they are this version),
 * and secure_delete (set on every connection) overwrites their bytes rather than leaving them in free pages.
 */
export const serversWithoutToken: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`PRAGMA secure_delete = ON`.execute(db);
    await db.deleteFrom("servers").where("url", "like", "%token=%").execute();
  },
};
