import { sql, type Kysely, type Updateable } from "kysely";
import type { Author, Awaiting, ThreadStatus } from "@opencode-review/core";
import type { Database } from "../database.js";
import { newId } from "../new-id.js";
import { requireWriteTransaction } from "../write-transaction.js";
import { decodePlacedJson, encodePlacedJson, type Placed, type PlacedColumns } from "../placed-columns.js";

/** `threads` as stored: the place's columns, then `checkpoint_quoted` as JSON text. */
export interface ThreadsTable extends PlacedColumns {
  id: string;
  status: ThreadStatus;
  awaiting: Awaiting;
  origin: Author;
  resolved_at: string | null;
  resolved_by: Author | null;
  /** The code under the thread when the person last spoke on it (set by the service). */
  checkpoint_round_id: string | null;
  checkpoint_file: string | null;
  checkpoint_start: number | null;
  checkpoint_end: number | null;
  /** JSON array, like `quoted`. */
  checkpoint_quoted: string | null;
  human_seen_at: string | null;
  /** The commit the thread's lines were read at when it is not its round's: a pulled forge comment's (migration 0012). */
  then_rev: string | null;
  created_at: string;
  updated_at: string;
}

/** A thread row with its JSON columns decoded. */
export type ThreadRow = Readonly<
  Omit<Placed<ThreadsTable>, "checkpoint_quoted"> & { checkpoint_quoted: readonly string[] | null }
>;

type Defaulted =
  | "id"
  | "base_file"
  | "then_rev"
  | "updated_at"
  | "resolved_at"
  | "resolved_by"
  | "human_seen_at"
  | Checkpoint;
type Checkpoint =
  | "checkpoint_round_id"
  | "checkpoint_file"
  | "checkpoint_start"
  | "checkpoint_end"
  | "checkpoint_quoted";

/** A thread to record, stamped `created_at` by the caller's clock; the id is made when absent, `updated_at` is `created_at`, base file, resolution, checkpoint and seen default to null. */
export type NewThread = Omit<ThreadRow, Defaulted> & Partial<Pick<ThreadRow, Defaulted>>;

/** Fields a change to a thread may set besides its time (a checkpoint, say). */
export type ThreadChanges = Partial<Omit<ThreadRow, "id" | "branch" | "created_at" | "updated_at">>;

/** Fields a thread update may set, stamped `updated_at` by the caller's clock. */
export type ThreadPatch = ThreadChanges & { readonly updated_at: string };

/** Which threads of a branch to list. */
export interface ThreadFilter {
  readonly status?: ThreadStatus | readonly ThreadStatus[];
  readonly file?: string;
}

/**
 * Records a thread and returns it as stored.
 * @example const thread = await insertThread(trx, { branch: "main", file: "src/a.ts", side: "new", start_line: 3, end_line: 4, round_id, quoted: ["+a", "+b"], context: { before: [], after: [] }, status: "draft", awaiting: null, origin: "human" })
 */
export async function insertThread(db: Kysely<Database>, thread: NewThread): Promise<ThreadRow> {
  requireWriteTransaction(db, "insertThread");
  const row = await db
    .insertInto("threads")
    .values({
      id: thread.id ?? newId("thread"),
      branch: thread.branch,
      file: thread.file,
      base_file: thread.base_file ?? null,
      side: thread.side,
      start_line: thread.start_line,
      end_line: thread.end_line,
      round_id: thread.round_id,
      ...encodePlacedJson(thread),
      status: thread.status,
      awaiting: thread.awaiting,
      origin: thread.origin,
      resolved_at: thread.resolved_at ?? null,
      resolved_by: thread.resolved_by ?? null,
      checkpoint_round_id: thread.checkpoint_round_id ?? null,
      checkpoint_file: thread.checkpoint_file ?? null,
      checkpoint_start: thread.checkpoint_start ?? null,
      checkpoint_end: thread.checkpoint_end ?? null,
      checkpoint_quoted: thread.checkpoint_quoted == null ? null : JSON.stringify(thread.checkpoint_quoted),
      human_seen_at: thread.human_seen_at ?? null,
      then_rev: thread.then_rev ?? null,
      created_at: thread.created_at,
      updated_at: thread.updated_at ?? thread.created_at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decodeThread(row);
}

/**
 * Changes a thread and returns it as stored, or undefined when there is no such thread.
 * @example await updateThread(trx, id, { status: "resolved", awaiting: null, resolved_at: now, resolved_by: "agent" })
 */
export async function updateThread(
  db: Kysely<Database>,
  id: string,
  patch: ThreadPatch,
): Promise<ThreadRow | undefined> {
  requireWriteTransaction(db, "updateThread");
  const { quoted, context, checkpoint_quoted, ...plain } = patch;
  const values: Updateable<ThreadsTable> = { ...plain };
  if (quoted !== undefined) values.quoted = JSON.stringify(quoted);
  if (context !== undefined) values.context = JSON.stringify(context);
  if (checkpoint_quoted !== undefined)
    values.checkpoint_quoted = checkpoint_quoted === null ? null : JSON.stringify(checkpoint_quoted);
  const row = await db.updateTable("threads").set(values).where("id", "=", id).returningAll().executeTakeFirst();
  return row === undefined ? undefined : decodeThread(row);
}

/**
 * Deletes a thread and, by cascade, its messages; true when it existed.
 * @example await deleteThread(trx, id) // a draft thread whose only message was deleted
 */
export async function deleteThread(db: Kysely<Database>, id: string): Promise<boolean> {
  requireWriteTransaction(db, "deleteThread");
  const result = await db.deleteFrom("threads").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * One thread by id, or undefined.
 * @example const thread = await threadById(db, "t_...")
 */
export async function threadById(db: Kysely<Database>, id: string): Promise<ThreadRow | undefined> {
  const row = await db.selectFrom("threads").selectAll().where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : decodeThread(row);
}

/**
 * The branch's threads, oldest first, optionally only some statuses or one file (exact path).
 * @example const waiting = await threadsByBranch(db, "main", { status: "open" })
 */
export async function threadsByBranch(
  db: Kysely<Database>,
  branch: string,
  filter: ThreadFilter = {},
): Promise<ThreadRow[]> {
  let query = db.selectFrom("threads").selectAll().where("branch", "=", branch);
  if (filter.status !== undefined) {
    const statuses: readonly ThreadStatus[] = typeof filter.status === "string" ? [filter.status] : filter.status;
    if (statuses.length === 0) return [];
    query = query.where("status", "in", statuses);
  }
  if (filter.file !== undefined) query = query.where("file", "=", filter.file);
  // rowid breaks ties between threads written in the same millisecond: insertion order.
  const rows = await query.orderBy("created_at", "asc").orderBy(sql`rowid`, "asc").execute();
  return rows.map(decodeThread);
}

/**
 * The stored threads among `ids` (any branch), in no particular order; ids with no thread are left out.
 * @example await threadsByIds(db, ["thr_a", "thr_b"])
 */
export async function threadsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<ThreadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("threads").selectAll().where("id", "in", ids).execute();
  return rows.map(decodeThread);
}

/**
 * Decodes the JSON columns of a stored thread row.
 * @example decodeThread(await db.selectFrom("threads").selectAll().executeTakeFirstOrThrow())
 */
export function decodeThread(row: ThreadsTable): ThreadRow {
  return {
    ...decodePlacedJson(row),
    checkpoint_quoted: row.checkpoint_quoted === null ? null : (JSON.parse(row.checkpoint_quoted) as string[]),
  };
}
