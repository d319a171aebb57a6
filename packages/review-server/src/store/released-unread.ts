import type { Kysely } from "kysely";
import type { Database } from "./database.js";

/**
 * The person's released messages no tool has returned to the agent yet (`sent`, on open threads that
 * wait on the agent), counted with their files: what an MCP client's Stop hook rings about. One query.
 * @example const { count, files } = await releasedUnread(db, "main"); // { count: 2, files: ["src/a.ts"] }
 */
export async function releasedUnread(
  db: Kysely<Database>,
  branch: string,
): Promise<{ readonly count: number; readonly files: readonly string[] }> {
  const rows = await db
    .selectFrom("messages")
    .innerJoin("threads", "threads.id", "messages.thread_id")
    .select(["threads.file"])
    .where("threads.branch", "=", branch)
    .where("threads.status", "=", "open")
    .where("threads.awaiting", "=", "agent")
    .where("messages.author", "=", "human")
    .where("messages.delivery", "=", "sent")
    .orderBy("threads.created_at")
    .execute();
  return { count: rows.length, files: [...new Set(rows.map((r) => r.file))] };
}
