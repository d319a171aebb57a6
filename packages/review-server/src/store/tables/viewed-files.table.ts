import type { Kysely, Selectable } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";

/** `viewed_files` (migration 0007): a file the person marked viewed, and the content they saw. */
export interface ViewedFilesTable {
  branch: string;
  path: string;
  /** The git blob id of the file as it read when marked; `deleted` for a file the change removes. */
  content_hash: string;
  viewed_at: string;
}

export type ViewedFileRow = Readonly<Selectable<ViewedFilesTable>>;

/**
 * Marks a file viewed with the content seen, replacing an earlier mark.
 * @example await markFileViewed(trx, { branch: "main", path: "a.ts", content_hash: "e69de29…", viewed_at: now })
 */
export async function markFileViewed(db: Kysely<Database>, row: ViewedFileRow): Promise<ViewedFileRow> {
  requireWriteTransaction(db, "markFileViewed");
  return db
    .insertInto("viewed_files")
    .values({ ...row })
    .onConflict((conflict) =>
      conflict.columns(["branch", "path"]).doUpdateSet((eb) => ({
        content_hash: eb.ref("excluded.content_hash"),
        viewed_at: eb.ref("excluded.viewed_at"),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Removes a file's mark; false when it had none.
 * @example await unmarkFileViewed(trx, "main", "a.ts")
 */
export async function unmarkFileViewed(db: Kysely<Database>, branch: string, path: string): Promise<boolean> {
  requireWriteTransaction(db, "unmarkFileViewed");
  const result = await db
    .deleteFrom("viewed_files")
    .where("branch", "=", branch)
    .where("path", "=", path)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Every mark on a branch, by path.
 * @example const marks = await viewedFilesOfBranch(db, "main")
 */
export async function viewedFilesOfBranch(db: Kysely<Database>, branch: string): Promise<ViewedFileRow[]> {
  return db.selectFrom("viewed_files").selectAll().where("branch", "=", branch).orderBy("path").execute();
}
