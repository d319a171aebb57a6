import type { Kysely, Migration } from "kysely";

/**
 * The person's changes to the work tree from the review (undo, applied suggestion), each with the bytes it
 * replaced, so every one can be restored after a crash or a restart; and the hunks the person kept
 * (reviewed), by their text, so a hunk stays kept only until its text changes.
 */
export const changes: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("changes")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("file", "text", (c) => c.notNull())
      .addColumn("start", "integer")
      .addColumn("end", "integer")
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("restored_at", "text")
      .addColumn("told_at", "text")
      .addColumn("round_id", "text")
      .addColumn("before", "blob")
      .addColumn("before_mode", "text")
      .addColumn("written", "blob", (c) => c.notNull())
      .addColumn("after_blob", "text", (c) => c.notNull())
      .addColumn("before_start", "integer", (c) => c.notNull())
      .addColumn("before_lines", "integer", (c) => c.notNull())
      .addColumn("after_start", "integer", (c) => c.notNull())
      .addColumn("after_lines", "integer", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("changes_branch_at").on("changes").columns(["branch", "at"]).execute();
    await db.schema
      .createTable("kept_hunks")
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("hunk_key", "text", (c) => c.notNull())
      .addColumn("kept_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("kept_hunks_pk", ["branch", "path", "hunk_key"])
      .execute();
  },
};
