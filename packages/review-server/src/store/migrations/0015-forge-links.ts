import { sql, type Kysely, type Migration } from "kysely";

/**
 * Pull requests on a forge: which threads and messages came from (or go to) a pull request, and what was
 * pulled when. Additive: three new tables, and `threads.then_rev`, the commit a pulled thread's lines were
 * read at (the forge comment's commit), where a local thread reads its round. A forge thread is stored with
 * origin 'human' (a person opened it) and reads `origin: "forge"` through its `forge_threads` row: SQLite
 * cannot widen the origin check without rebuilding `threads`.
 */
export const forgeLinks: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable("threads").addColumn("then_rev", "text").execute();
    // A release sent to the pull request as a review: the review's address there.
    await db.schema.alterTable("reviews").addColumn("forge_url", "text").execute();

    await db.schema
      .createTable("forge_pulls")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('github', 'forgejo')`))
      .addColumn("host", "text", (c) => c.notNull())
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("repo", "text", (c) => c.notNull())
      .addColumn("number", "integer", (c) => c.notNull().check(sql`number >= 1`))
      .addColumn("branch", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull())
      // What the last pull saw, compared by the next one's cheap first request; null until a pull finishes.
      .addColumn("fingerprint", "text")
      .addColumn("pulled_at", "text")
      .addColumn("threads", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("comments", "integer", (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint("forge_pulls_unique", ["host", "owner", "repo", "number"])
      .execute();

    await db.schema
      .createTable("forge_threads")
      .addColumn("thread_id", "text", (c) => c.primaryKey().references("threads.id").onDelete("cascade"))
      .addColumn("pull_id", "text", (c) => c.notNull().references("forge_pulls.id").onDelete("cascade"))
      // The forge's own id of the thread (GitHub: the review thread's node id; Forgejo: its first comment's id).
      .addColumn("forge_id", "text", (c) => c.notNull())
      .addColumn("url", "text", (c) => c.notNull())
      // The comment a reply in this thread answers (GitHub: the thread's first comment).
      .addColumn("reply_to", "text", (c) => c.notNull())
      .addColumn("resolved_on_forge", "integer", (c) => c.notNull())
      .addUniqueConstraint("forge_threads_unique", ["pull_id", "forge_id"])
      .execute();

    await db.schema
      .createTable("forge_messages")
      .addColumn("message_id", "text", (c) => c.primaryKey().references("messages.id").onDelete("cascade"))
      .addColumn("pull_id", "text", (c) => c.notNull().references("forge_pulls.id").onDelete("cascade"))
      // The comment's id on the forge: a pulled comment's, or a posted reply's; null while a reply is queued.
      .addColumn("forge_id", "text")
      .addColumn("url", "text")
      .addColumn("login", "text")
      // An agent reply: queued, posted or failed; null for a comment pulled from the forge.
      .addColumn("state", "text", (c) => c.check(sql`state in ('queued', 'posted', 'failed')`))
      .addColumn("error", "text")
      // The agent's checked resolve was accepted with this reply: the push resolves the forge thread too.
      .addColumn("resolve", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("resolved_on_forge", "integer", (c) => c.notNull().defaultTo(0))
      // When a push last sent it: a later push looks for it on the forge before sending it again.
      .addColumn("sent_at", "text")
      .execute();
    await db.schema
      .createIndex("forge_messages_comment")
      .on("forge_messages")
      .columns(["pull_id", "forge_id"])
      .unique()
      .where(sql.ref("forge_id"), "is not", null)
      .execute();
    await db.schema.createIndex("forge_messages_state").on("forge_messages").columns(["pull_id", "state"]).execute();

    // A reply's state is part of its thread: panels and other processes see the change like any other.
    const logMessage = (ref: string) =>
      `insert into thread_changes (thread_id) select thread_id from messages where id = ${ref};`;
    await sql
      .raw(
        `create trigger forge_messages_inserted after insert on forge_messages begin ${logMessage("new.message_id")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger forge_messages_updated after update on forge_messages begin ${logMessage("new.message_id")} end`,
      )
      .execute(db);
  },
};
