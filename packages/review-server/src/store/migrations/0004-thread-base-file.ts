import type { Kysely, Migration } from "kysely";

/**
 * Where a comment on deleted lines read them: the file's path at its round's base, when the round renamed
 * the file (null otherwise, the base path being the thread's own). Without it the deleted lines of a file
 * renamed and edited in one round could not be commented on: the new path has no old side.
 */
export const threadBaseFile: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("threads").addColumn("base_file", "text").execute();
  },
};
