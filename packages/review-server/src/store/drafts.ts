import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import { decodeMessage, type MessageRow } from "./tables/messages.table.js";
import { decodeThread, type ThreadRow } from "./tables/threads.table.js";

/** The pending review of a branch: draft threads, and every unsent message (on draft threads or replies on released ones). */
export interface Drafts {
  readonly threads: readonly ThreadRow[];
  readonly messages: readonly MessageRow[];
}

/**
 * The branch's pending review, oldest first.
 * @example const { threads, messages } = await draftsOfBranch(db, "main")
 */
export async function draftsOfBranch(db: Kysely<Database>, branch: string): Promise<Drafts> {
  const threads = await db
    .selectFrom("threads")
    .selectAll()
    .where("branch", "=", branch)
    .where("status", "=", "draft")
    .orderBy("created_at", "asc")
    .orderBy(sql`rowid`, "asc")
    .execute();
  const messages = await db
    .selectFrom("messages")
    .selectAll("messages")
    .innerJoin("threads", "threads.id", "messages.thread_id")
    .where("threads.branch", "=", branch)
    .where("messages.delivery", "=", "unsent")
    .orderBy("messages.created_at", "asc")
    .orderBy(sql`messages.rowid`, "asc")
    .execute();
  return { threads: threads.map(decodeThread), messages: messages.map(decodeMessage) };
}
