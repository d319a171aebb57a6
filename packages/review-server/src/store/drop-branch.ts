import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import { requireWriteTransaction } from "./write-transaction.js";

/**
 * The tables that hold a branch's review, in an order that deletes what refers to a row before the row
 * (findings before runs, threads before the rounds they were written on). Messages, located anchors and
 * forge links go with their threads (ON DELETE CASCADE and triggers).
 */
const BRANCH_TABLES = [
  "changes",
  "kept_hunks",
  "tours",
  "findings",
  "runs",
  "threads",
  "reviews",
  "viewed_files",
  "branch_bases",
  "list_cursors",
  "forge_pulls",
  "sessions",
  "rounds",
] as const;

/**
 * Deletes one branch's review from the store: its threads and their messages, its releases, rounds,
 * reviewer runs and findings, viewed marks, picked base, cursors, pull-request links, sessions, the person's
 * changes and kept hunks, and the agent's tour. Other
 * branches are untouched. Returns how many threads and rounds went.
 * @example await writeTransaction(db, (trx) => dropBranchReview(trx, "agent-b"))
 */
export async function dropBranchReview(
  db: Kysely<Database>,
  branch: string,
): Promise<{ readonly threads: number; readonly rounds: number }> {
  requireWriteTransaction(db, "dropBranchReview");
  let threads = 0;
  let rounds = 0;
  for (const table of BRANCH_TABLES) {
    const result = await sql`DELETE FROM ${sql.table(table)} WHERE branch = ${branch}`.execute(db);
    const n = Number(result.numAffectedRows ?? 0n);
    if (table === "threads") threads = n;
    if (table === "rounds") rounds = n;
  }
  return { threads, rounds };
}
