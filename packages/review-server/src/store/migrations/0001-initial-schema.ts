import { sql, type Kysely, type Migration } from "kysely";

/** The first schema: rounds, threads, messages, reviews, sessions, servers. */
export const initialSchema: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable("rounds")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("ordinal", "integer", (c) => c.notNull().check(sql`ordinal >= 1`))
      .addColumn("base", "text", (c) => c.notNull())
      .addColumn("snapshot", "text", (c) => c.notNull())
      .addColumn("tree", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addUniqueConstraint("rounds_branch_ordinal_unique", ["branch", "ordinal"])
      .execute();

    await db.schema
      .createTable("threads")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("file", "text", (c) => c.notNull())
      .addColumn("side", "text", (c) => c.notNull().check(sql`side in ('new', 'old')`))
      .addColumn("start_line", "integer", (c) => c.check(sql`start_line >= 1`))
      .addColumn("end_line", "integer", (c) => c.check(sql`end_line >= start_line`))
      .addColumn("round_id", "text", (c) => c.notNull().references("rounds.id"))
      .addColumn("quoted", "text", (c) => c.notNull())
      .addColumn("context", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'open', 'resolved')`))
      .addColumn("awaiting", "text", (c) => c.check(sql`awaiting in ('agent', 'human')`))
      .addColumn("origin", "text", (c) => c.notNull().check(sql`origin in ('human', 'agent')`))
      .addColumn("resolved_at", "text")
      .addColumn("resolved_by", "text", (c) => c.check(sql`resolved_by in ('human', 'agent')`))
      .addColumn("checkpoint_round_id", "text", (c) => c.references("rounds.id"))
      .addColumn("checkpoint_file", "text")
      .addColumn("checkpoint_start", "integer")
      .addColumn("checkpoint_end", "integer")
      .addColumn("checkpoint_quoted", "text")
      .addColumn("human_seen_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      // A range has both ends or neither (whole file).
      .addCheckConstraint("threads_range_whole", sql`(start_line is null) = (end_line is null)`)
      .execute();
    await db.schema.createIndex("threads_branch_status").on("threads").columns(["branch", "status"]).execute();
    await db.schema.createIndex("threads_branch_file").on("threads").columns(["branch", "file"]).execute();

    await db.schema
      .createTable("reviews")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("released_at", "text", (c) => c.notNull())
      .addColumn("session_id", "text")
      .addColumn("mode", "text", (c) => c.notNull().check(sql`mode in ('tools', 'prose')`))
      .addColumn("delivered_to", "text")
      .addColumn("prose", "text")
      .addColumn("round_id", "text", (c) => c.notNull().references("rounds.id"))
      .execute();
    await db.schema.createIndex("reviews_branch").on("reviews").columns(["branch", "released_at"]).execute();

    await db.schema
      .createTable("messages")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("thread_id", "text", (c) => c.notNull().references("threads.id").onDelete("cascade"))
      .addColumn("author", "text", (c) => c.notNull().check(sql`author in ('human', 'agent')`))
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("suggestion", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("delivery", "text", (c) => c.notNull().check(sql`delivery in ('unsent', 'sent', 'delivered')`))
      .addColumn("review_id", "text", (c) => c.references("reviews.id"))
      .execute();
    await db.schema.createIndex("messages_thread").on("messages").column("thread_id").execute();
    await db.schema.createIndex("messages_delivery").on("messages").column("delivery").execute();
    await db.schema.createIndex("messages_review").on("messages").column("review_id").execute();

    await db.schema
      .createTable("sessions")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("directory", "text", (c) => c.notNull())
      .addColumn("last_active_at", "text", (c) => c.notNull())
      .addColumn("server_url", "text")
      .execute();
    await db.schema
      .createIndex("sessions_branch_active")
      .on("sessions")
      .columns(["branch", "last_active_at"])
      .execute();

    await db.schema
      .createTable("servers")
      .addColumn("url", "text", (c) => c.primaryKey())
      .addColumn("pid", "integer", (c) => c.notNull())
      .addColumn("worktree", "text", (c) => c.notNull())
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("started_at", "text", (c) => c.notNull())
      .addColumn("heartbeat_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("servers_worktree").on("servers").column("worktree").execute();
  },
};
