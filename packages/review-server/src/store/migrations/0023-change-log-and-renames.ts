import { sql, type Kysely, type Migration } from "kysely";
import { THREAD_CHANGES_KEPT } from "./0002-thread-changes.js";

/**
 * The person's changes reach every process's panels, and an undo of a renamed file is one change.
 * - The store's change log (0002, which other processes follow) names a change's id when it is recorded or
 *   restored, by trigger as it does threads, whoever writes; readers tell the two apart by the id's prefix
 *   (`c_` for a change), and an id they do not find is skipped as a deleted thread's is.
 * - `old_file`: for an undo of a renamed file, the old path it wrote back (with `written`), while `file`
 *   (the new path) was removed; restore puts both back.
 */
export const changeLogAndRenames: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("changes").addColumn("old_file", "text").execute();
    const trim = `delete from thread_changes where seq <= last_insert_rowid() - ${THREAD_CHANGES_KEPT};`;
    const log = `insert into thread_changes (thread_id) values (new.id); ${trim}`;
    await sql.raw(`create trigger changes_inserted after insert on changes begin ${log} end`).execute(db);
    // Being told to the agent is no news to a panel: only a restore is logged.
    await sql
      .raw(`create trigger changes_restored after update of restored_at on changes begin ${log} end`)
      .execute(db);
  },
};
