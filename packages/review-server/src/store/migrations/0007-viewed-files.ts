import type { Kysely, Migration } from "kysely";

/**
 * The files the person marked viewed, per branch, with the content they saw (its git blob id): a mark
 * whose file reads differently now is "changed since viewed" rather than viewed, as on GitHub.
 */
export const viewedFiles: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("viewed_files")
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("content_hash", "text", (c) => c.notNull())
      .addColumn("viewed_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("viewed_files_pk", ["branch", "path"])
      .execute();
  },
};
