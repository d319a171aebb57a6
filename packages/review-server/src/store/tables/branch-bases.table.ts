import type { Kysely, Selectable } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";

/** `branch_bases` (migration 0010): the base picked for a branch of a repository. */
export interface BranchBasesTable {
  /** The repository's git common directory: one per repository, whichever work tree it is read from. */
  repository: string;
  branch: string;
  /** What the diff starts from, as `GET /api/diff` takes it: `branch:<name>`. */
  from_ref: string;
  picked_at: string;
}

export type BranchBaseRow = Readonly<Selectable<BranchBasesTable>>;

/**
 * Keeps the base picked for a branch, replacing an earlier pick.
 * @example await pickBranchBase(trx, { repository: "/app/.git", branch: "work", from_ref: "branch:main", picked_at: now })
 */
export async function pickBranchBase(db: Kysely<Database>, row: BranchBaseRow): Promise<BranchBaseRow> {
  requireWriteTransaction(db, "pickBranchBase");
  return db
    .insertInto("branch_bases")
    .values({ ...row })
    .onConflict((conflict) =>
      conflict
        .columns(["repository", "branch"])
        .doUpdateSet((eb) => ({ from_ref: eb.ref("excluded.from_ref"), picked_at: eb.ref("excluded.picked_at") })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Forgets a branch's pick (the diff starts from the review's base again); false when there was none.
 * @example await forgetBranchBase(trx, "/app/.git", "work")
 */
export async function forgetBranchBase(db: Kysely<Database>, repository: string, branch: string): Promise<boolean> {
  requireWriteTransaction(db, "forgetBranchBase");
  const result = await db
    .deleteFrom("branch_bases")
    .where("repository", "=", repository)
    .where("branch", "=", branch)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The base picked for a branch, or undefined.
 * @example (await branchBaseOf(db, "/app/.git", "work"))?.from_ref // "branch:main"
 */
export async function branchBaseOf(
  db: Kysely<Database>,
  repository: string,
  branch: string,
): Promise<BranchBaseRow | undefined> {
  return db
    .selectFrom("branch_bases")
    .selectAll()
    .where("repository", "=", repository)
    .where("branch", "=", branch)
    .executeTakeFirst();
}
