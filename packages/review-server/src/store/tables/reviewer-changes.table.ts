import { sql, type Kysely } from "kysely";
import type { Database } from "../database.js";

/** The log of changed runs and findings (migration 0008): a run's own change leaves `finding_id` null. */
export interface ReviewerChangesTable {
  seq: number;
  run_id: string;
  finding_id: string | null;
}

/** What changed in the reviewer's tables. */
export interface ReviewerChanged {
  /** Runs named at all: their own row changed, or one of their findings (which changes their count). */
  readonly runs: readonly string[];
  /** Runs whose own row changed (a release among them publishes findings that did not change themselves). */
  readonly runRows: readonly string[];
  readonly findings: readonly string[];
}

/**
 * The runs and findings changed after change `seq` (up to `limit` of each), or null when the log no longer
 * reaches back that far or more changed than `limit`: the caller then reads them all.
 * @example await reviewerChangesSince(db, kept.reviewerChange, 500) // { runs: ["u_…"], runRows: [], findings: ["f_…"] }
 */
export async function reviewerChangesSince(
  db: Kysely<Database>,
  seq: number,
  limit: number,
): Promise<ReviewerChanged | null> {
  const oldest = await sql<{ seq: number | null }>`select min(seq) as seq from reviewer_changes`.execute(db);
  const first = oldest.rows[0]?.seq;
  if (first !== null && first !== undefined && Number(first) > seq + 1) return null;
  const runs = await sql<{
    id: string;
  }>`select distinct run_id as id from reviewer_changes where seq > ${seq} limit ${limit + 1}`.execute(db);
  const runRows = await sql<{ id: string }>`
    select distinct run_id as id from reviewer_changes where seq > ${seq} and finding_id is null limit ${limit + 1}`.execute(
    db,
  );
  const findings = await sql<{ id: string }>`
    select distinct finding_id as id from reviewer_changes where seq > ${seq} and finding_id is not null limit ${limit + 1}`.execute(
    db,
  );
  if (runs.rows.length > limit || findings.rows.length > limit) return null;
  return {
    runs: runs.rows.map((r) => r.id),
    runRows: runRows.rows.map((r) => r.id),
    findings: findings.rows.map((r) => r.id),
  };
}
