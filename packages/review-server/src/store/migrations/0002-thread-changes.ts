import { sql, type Kysely, type Migration } from "kysely";

/** How many changes the log keeps; a reader further behind than this reads everything again. */
export const THREAD_CHANGES_KEPT = 10_000;

/**
 * A log of which threads changed: every insert, update or delete of a thread or of one of its messages
 * appends the thread's id, by trigger, whoever writes (this process, another opencode, the CLI). A
 * listing kept from before can then re-read only the threads named since, instead of every thread and
 * message after each reply. The log trims itself to the last THREAD_CHANGES_KEPT entries.
 */
export const threadChanges: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("thread_changes")
      // AUTOINCREMENT: a number is never used twice, even after the newest entries are deleted.
      .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("thread_id", "text", (c) => c.notNull())
      .execute();
    const trim = `delete from thread_changes where seq <= last_insert_rowid() - ${THREAD_CHANGES_KEPT};`;
    const log = (id: string) => `insert into thread_changes (thread_id) values (${id}); ${trim}`;
    // An update names the thread once, and its old id too in the (never expected) case the id changed.
    const logBoth = (before: string, after: string) =>
      `${log(after)} insert into thread_changes (thread_id) select ${before} where ${before} <> ${after};`;
    const triggers = [
      ["threads_inserted", "after insert on threads", log("new.id")],
      ["threads_updated", "after update on threads", logBoth("old.id", "new.id")],
      ["threads_deleted", "after delete on threads", log("old.id")],
      ["messages_inserted", "after insert on messages", log("new.thread_id")],
      ["messages_updated", "after update on messages", logBoth("old.thread_id", "new.thread_id")],
      ["messages_deleted", "after delete on messages", log("old.thread_id")],
    ];
    for (const [name, when, body] of triggers) {
      await sql.raw(`create trigger ${name} ${when} begin ${body} end`).execute(db);
    }
  },
};
