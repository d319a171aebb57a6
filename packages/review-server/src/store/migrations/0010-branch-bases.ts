import type { Kysely, Migration } from "kysely";

/**
 * The diff's start the person picked for a branch (`branch:<name>`, its pull request's view), per
 * repository and branch, so every browser, a panel on another port and the terminal start from it.
 * Additive: a new table, nothing earlier changes.
 */
export const branchBases: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("branch_bases")
      .addColumn("repository", "text", (c) => c.notNull())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("from_ref", "text", (c) => c.notNull())
      .addColumn("picked_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("branch_bases_pk", ["repository", "branch"])
      .execute();
  },
};
