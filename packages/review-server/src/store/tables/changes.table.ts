import type { Kysely, Selectable } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";

/**
 * `changes` (migration 0020): a change the person made to the work tree from the review, with the bytes it
 * replaced. Line spans are 0-based starts and counts: the lines of `before` the change replaced
 * (`before_start`, `before_lines`) by the lines of the file it wrote (`after_start`, `after_lines`).
 */
export interface ChangesTable {
  id: string;
  branch: string;
  kind: "undo" | "apply";
  file: string;
  /** For an undo of a renamed file (migration 0023): the old path it wrote back; `file` was removed. */
  old_file: string | null;
  /** The agent's lines the change touched, 1-based inclusive (null: the whole file). */
  start: number | null;
  end: number | null;
  at: string;
  restored_at: string | null;
  /** When the agent's review_list told it of the change (null: not yet). */
  told_at: string | null;
  /** The round taken just before the change, which holds the replaced file too. */
  round_id: string | null;
  /** The whole file as it read before the change; null when there was no file. */
  before: Uint8Array | null;
  /** The file's mode before the change (`100644`, `100755`), null when there was no file. */
  before_mode: string | null;
  /** The bytes of the lines the change wrote in place of `before`'s (the file after is `before` with them put in). */
  written: Uint8Array;
  /** The git blob id of the file the change wrote, `deleted` when it removed the file. */
  after_blob: string;
  before_start: number;
  before_lines: number;
  after_start: number;
  after_lines: number;
}

export type ChangeRow = Readonly<Selectable<ChangesTable>>;

/**
 * Records a change (inside the transaction of its write).
 * @example await insertChange(trx, row)
 */
export async function insertChange(db: Kysely<Database>, row: ChangeRow): Promise<ChangeRow> {
  requireWriteTransaction(db, "insertChange");
  return db
    .insertInto("changes")
    .values({ ...row })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * One change of a branch, or undefined.
 * @example await changeById(db, "main", "c_…")
 */
export async function changeById(db: Kysely<Database>, branch: string, id: string): Promise<ChangeRow | undefined> {
  return db.selectFrom("changes").selectAll().where("branch", "=", branch).where("id", "=", id).executeTakeFirst();
}

/**
 * Changes of a branch by id (ids of other things, or of no change, are skipped), without the kept bytes.
 * @example await changesByIds(db, "main", ["c_…"])
 */
export async function changesByIds(
  db: Kysely<Database>,
  branch: string,
  ids: readonly string[],
): Promise<Pick<ChangeRow, "id" | "kind" | "file" | "old_file" | "start" | "end" | "at" | "restored_at">[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("changes")
    .select(["id", "kind", "file", "old_file", "start", "end", "at", "restored_at"])
    .where("branch", "=", branch)
    .where("id", "in", ids)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

/**
 * A branch's changes, newest first, without the kept bytes.
 * @example await changesOfBranch(db, "main")
 */
export async function changesOfBranch(db: Kysely<Database>, branch: string): Promise<Omit<ChangeRow, "before">[]> {
  return db
    .selectFrom("changes")
    .select([
      "id",
      "written",
      "branch",
      "kind",
      "file",
      "old_file",
      "start",
      "end",
      "at",
      "restored_at",
      "told_at",
      "round_id",
      "before_mode",
      "after_blob",
      "before_start",
      "before_lines",
      "after_start",
      "after_lines",
    ])
    .where("branch", "=", branch)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * Marks a change restored; false when it already was (another request restored it first).
 * @example await markChangeRestored(trx, "c_…", now)
 */
export async function markChangeRestored(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  requireWriteTransaction(db, "markChangeRestored");
  const result = await db
    .updateTable("changes")
    .set({ restored_at: at })
    .where("id", "=", id)
    .where("restored_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The branch's changes the agent has not been told of yet, oldest first (restored ones left out).
 * @example await untoldChanges(db, "main")
 */
export async function untoldChanges(
  db: Kysely<Database>,
  branch: string,
): Promise<Pick<ChangeRow, "id" | "kind" | "file" | "old_file" | "start" | "end">[]> {
  return db
    .selectFrom("changes")
    .select(["id", "kind", "file", "old_file", "start", "end"])
    .where("branch", "=", branch)
    .where("told_at", "is", null)
    .where("restored_at", "is", null)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

/**
 * Marks changes as told to the agent.
 * @example await markChangesTold(trx, ["c_…"], now)
 */
export async function markChangesTold(db: Kysely<Database>, ids: readonly string[], at: string): Promise<void> {
  requireWriteTransaction(db, "markChangesTold");
  if (ids.length === 0) return;
  await db.updateTable("changes").set({ told_at: at }).where("id", "in", ids).where("told_at", "is", null).execute();
}

/**
 * Forgets a change whose write failed (nothing of it reached the file).
 * @example await deleteChange(trx, "c_…")
 */
export async function deleteChange(db: Kysely<Database>, id: string): Promise<void> {
  requireWriteTransaction(db, "deleteChange");
  await db.deleteFrom("changes").where("id", "=", id).execute();
}
