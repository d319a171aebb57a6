import { sql, type Kysely, type Migration } from "kysely";

/** How many changes the log keeps; a reader further behind than this reads every run and finding again. */
export const REVIEWER_CHANGES_KEPT = 10_000;

/**
 * A log of which reviewer runs and findings changed, as 0002 keeps for threads: every insert or update of
 * a run appends its id, and of a finding its id and its run's, by trigger, whoever writes. Another process's
 * panel reads it to show a run starting or finishing, findings released and their triage without a reload.
 * Runs and findings are never deleted, so there are no delete triggers. The log trims itself.
 */
export const reviewerChanges: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("reviewer_changes")
      // AUTOINCREMENT: a number is never used twice, even after the newest entries are deleted.
      .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("run_id", "text", (c) => c.notNull())
      .addColumn("finding_id", "text")
      .execute();
    const trim = `delete from reviewer_changes where seq <= last_insert_rowid() - ${REVIEWER_CHANGES_KEPT};`;
    const log = (run: string, finding: string) =>
      `insert into reviewer_changes (run_id, finding_id) values (${run}, ${finding}); ${trim}`;
    const triggers = [
      ["runs_inserted", "after insert on runs", log("new.id", "null")],
      ["runs_updated", "after update on runs", log("new.id", "null")],
      ["findings_inserted", "after insert on findings", log("new.run_id", "new.id")],
      ["findings_updated", "after update on findings", log("new.run_id", "new.id")],
    ];
    for (const [name, when, body] of triggers) {
      await sql.raw(`create trigger ${name} ${when} begin ${body} end`).execute(db);
    }
  },
};
