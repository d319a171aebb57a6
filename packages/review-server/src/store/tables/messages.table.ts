import { sql, type Kysely, type Updateable } from "kysely";
import type { Author, Delivery } from "@opencode-review/core";
import type { Database } from "../database.js";
import { newId } from "../new-id.js";
import { requireWriteTransaction } from "../write-transaction.js";
import { idsTable } from "./ids-table.js";

/** `messages` as stored: `suggestion` is JSON text (an array of replacement lines) or null. */
export interface MessagesTable {
  id: string;
  /** Deleting the thread deletes its messages. */
  thread_id: string;
  author: Author;
  body: string;
  suggestion: string | null;
  created_at: string;
  delivery: Delivery;
  /** The review that released it; null while a draft and for agent messages. */
  review_id: string | null;
  /** An agent message's resolve claim: 1 accepted, 0 refused, null when it claimed nothing. */
  claim_accepted: 0 | 1 | null;
  /** Why a refused claim was refused, in the person's words; null otherwise. */
  claim_reason: string | null;
}

/** A message row with `suggestion` decoded. */
export type MessageRow = Readonly<Omit<MessagesTable, "suggestion"> & { suggestion: readonly string[] | null }>;

/** A message row as written: the claim columns default to null (no claim). */
type ClaimColumns = "claim_accepted" | "claim_reason";

/** A message to record; id and time are made when absent, suggestion and review default to null. */
export type NewMessage = Omit<MessageRow, "id" | "suggestion" | "review_id" | ClaimColumns> &
  Partial<Pick<MessageRow, "id" | "suggestion" | "review_id" | ClaimColumns>>;

/** What a message edit may change. */
export type MessagePatch = Partial<Pick<MessageRow, "body" | "suggestion" | "delivery" | "review_id" | "created_at">>;

// SQLite limits bound parameters per statement; long id lists go in slices.
const ID_SLICE = 500;

/**
 * Records a message and returns it as stored.
 * @example await insertMessage(trx, { thread_id, author: "agent", body: "Fixed in the new round.", delivery: "delivered" })
 */
export async function insertMessage(db: Kysely<Database>, message: NewMessage): Promise<MessageRow> {
  requireWriteTransaction(db, "insertMessage");
  const row = await db
    .insertInto("messages")
    .values({
      id: message.id ?? newId("message"),
      thread_id: message.thread_id,
      author: message.author,
      body: message.body,
      suggestion: message.suggestion == null ? null : JSON.stringify(message.suggestion),
      created_at: message.created_at,
      delivery: message.delivery,
      review_id: message.review_id ?? null,
      claim_accepted: message.claim_accepted ?? null,
      claim_reason: message.claim_reason ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decodeMessage(row);
}

/**
 * Changes a message and returns it as stored, or undefined when there is no such message.
 * @example await updateMessage(trx, id, { body: "Use a Map here." })
 */
export async function updateMessage(
  db: Kysely<Database>,
  id: string,
  patch: MessagePatch,
): Promise<MessageRow | undefined> {
  requireWriteTransaction(db, "updateMessage");
  const { suggestion, ...plain } = patch;
  const values: Updateable<MessagesTable> = { ...plain };
  if (suggestion !== undefined) values.suggestion = suggestion === null ? null : JSON.stringify(suggestion);
  if (Object.keys(values).length === 0) return messageById(db, id);
  const row = await db.updateTable("messages").set(values).where("id", "=", id).returningAll().executeTakeFirst();
  return row === undefined ? undefined : decodeMessage(row);
}

/**
 * Deletes a message; true when it existed.
 * @example await deleteMessageRow(trx, id)
 */
export async function deleteMessageRow(db: Kysely<Database>, id: string): Promise<boolean> {
  requireWriteTransaction(db, "deleteMessageRow");
  const result = await db.deleteFrom("messages").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * One message by id, or undefined.
 * @example const message = await messageById(db, "m_...")
 */
export async function messageById(db: Kysely<Database>, id: string): Promise<MessageRow | undefined> {
  const row = await db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : decodeMessage(row);
}

/**
 * The messages of the given threads, each thread's in the order they were written.
 * @example const messages = await messagesByThreadIds(db, threads.map((t) => t.id))
 */
export async function messagesByThreadIds(db: Kysely<Database>, threadIds: readonly string[]): Promise<MessageRow[]> {
  const rows: MessagesTable[] = [];
  for (const slice of slices(threadIds)) {
    rows.push(
      ...(await db
        .selectFrom("messages")
        .selectAll()
        .where("thread_id", "in", idsTable(slice))
        // rowid breaks ties within one millisecond: insertion order.
        .orderBy("created_at", "asc")
        .orderBy(sql`rowid`, "asc")
        .execute()),
    );
  }
  if (threadIds.length > ID_SLICE)
    rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  return rows.map(decodeMessage);
}

/**
 * Marks released messages as returned to the agent (`sent` → `delivered`); drafts and
 * already delivered messages are left alone. Returns how many changed.
 * @example await markMessagesDelivered(trx, humanMessages.map((m) => m.id))
 */
export async function markMessagesDelivered(db: Kysely<Database>, messageIds: readonly string[]): Promise<number> {
  requireWriteTransaction(db, "markMessagesDelivered");
  let changed = 0;
  for (const slice of slices(messageIds)) {
    const result = await db
      .updateTable("messages")
      .set({ delivery: "delivered" })
      .where("id", "in", slice)
      .where("delivery", "=", "sent")
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

/**
 * Decodes the JSON column of a stored message row.
 * @example decodeMessage(await db.selectFrom("messages").selectAll().executeTakeFirstOrThrow())
 */
export function decodeMessage(row: MessagesTable): MessageRow {
  return { ...row, suggestion: row.suggestion === null ? null : (JSON.parse(row.suggestion) as string[]) };
}

function slices(ids: readonly string[]): (readonly string[])[] {
  const result: (readonly string[])[] = [];
  for (let i = 0; i < ids.length; i += ID_SLICE) result.push(ids.slice(i, i + ID_SLICE));
  return result;
}
