import { sql, type Kysely, type Migration } from "kysely";

/**
 * Reviewer agents: `runs` (one AI review pass, a child session of the session under review) and
 * `findings` (what a run pinned). Findings have a table of their own rather than rows in `threads`: every
 * query the implementing agent's tools, the waiting line and the person's batch run reads `threads`, and a
 * finding must stay out of all of them until the person accepts it (which makes a thread of their own).
 */
export const reviewerRuns: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("runs")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("parent_session_id", "text", (c) => c.notNull())
      .addColumn("session_id", "text")
      .addColumn("model", "text", (c) => c.notNull())
      .addColumn("round_id", "text", (c) => c.notNull().references("rounds.id"))
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('pending', 'running', 'completed', 'failed', 'cancelled')`),
      )
      .addColumn("summary", "text")
      .addColumn("verdict", "text", (c) => c.check(sql`verdict in ('approve', 'comment', 'changes')`))
      .addColumn("error", "text")
      .addColumn("nudged", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("owner_pid", "integer", (c) => c.notNull())
      .addColumn("owner_instance", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("finished_at", "text")
      .execute();
    await db.schema.createIndex("runs_branch").on("runs").columns(["branch", "created_at"]).execute();
    await db.schema.createIndex("runs_session").on("runs").column("session_id").execute();

    await db.schema
      .createTable("findings")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("run_id", "text", (c) => c.notNull().references("runs.id"))
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("file", "text", (c) => c.notNull())
      .addColumn("base_file", "text")
      .addColumn("side", "text", (c) => c.notNull().check(sql`side in ('new', 'old')`))
      .addColumn("start_line", "integer", (c) => c.check(sql`start_line >= 1`))
      .addColumn("end_line", "integer", (c) => c.check(sql`end_line >= start_line`))
      .addColumn("round_id", "text", (c) => c.notNull().references("rounds.id"))
      .addColumn("quoted", "text", (c) => c.notNull())
      .addColumn("context", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("suggestion", "text")
      .addColumn("severity", "text", (c) => c.notNull().check(sql`severity in ('blocker', 'major', 'minor', 'nit')`))
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) =>
        c.notNull().check(sql`status in ('open', 'accepted', 'dismissed', 'resolved', 'superseded')`),
      )
      .addColumn("accepted_thread_id", "text")
      .addColumn("human_seen_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addCheckConstraint("findings_range_whole", sql`(start_line is null) = (end_line is null)`)
      .addUniqueConstraint("findings_run_key_unique", ["run_id", "key"])
      .execute();
    await db.schema.createIndex("findings_branch").on("findings").columns(["branch", "status"]).execute();
  },
};
