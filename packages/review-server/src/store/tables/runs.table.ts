import type { Kysely, Selectable } from "kysely";
import type { Database } from "../database.js";
import { newId } from "../new-id.js";
import { requireWriteTransaction } from "../write-transaction.js";

export type RunStatus = "pending" | "running" | "completed" | "failed" | "cancelled";
export type RunVerdict = "approve" | "comment" | "changes";

/** `runs`: each AI review pass (migration 0006). */
export interface RunsTable {
  id: string;
  branch: string;
  /** The session under review. */
  parent_session_id: string;
  /** The reviewer's own child session; null until opencode created it. */
  session_id: string | null;
  /** `provider/model`. */
  model: string;
  /** The round the run reviews, taken when it started. */
  round_id: string;
  status: RunStatus;
  summary: string | null;
  verdict: RunVerdict | null;
  error: string | null;
  /** 1 once the child went idle without a release and was told to finish. */
  nudged: number;
  /** The process that drives the run: a run whose process is gone was interrupted. */
  owner_pid: number;
  /** When that process started (migration 0012), so a reused pid is not taken for it; null when unknown. */
  owner_started: string | null;
  owner_instance: string;
  created_at: string;
  finished_at: string | null;
}

export type RunRow = Readonly<Selectable<RunsTable>>;
export type NewRun = Omit<
  RunRow,
  "id" | "session_id" | "summary" | "verdict" | "error" | "nudged" | "finished_at" | "owner_started"
> &
  Partial<Pick<RunRow, "id" | "session_id" | "owner_started">>;
export type RunPatch = Partial<Omit<RunRow, "id" | "branch" | "created_at">>;

/** Statuses of a run that is still going. */
export const LIVE_RUN_STATUSES: readonly RunStatus[] = ["pending", "running"];

/**
 * Records a run and returns it as stored.
 * @example await insertRun(trx, { branch, parent_session_id, model, round_id, status: "pending", owner_pid: process.pid, owner_instance, created_at })
 */
export async function insertRun(db: Kysely<Database>, run: NewRun): Promise<RunRow> {
  requireWriteTransaction(db, "insertRun");
  return db
    .insertInto("runs")
    .values({
      ...run,
      id: run.id ?? newId("run"),
      session_id: run.session_id ?? null,
      owner_started: run.owner_started ?? null,
      summary: null,
      verdict: null,
      error: null,
      nudged: 0,
      finished_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Changes a run; only while its status is one of `from` when given (so a late event cannot undo a cancel).
 * @example await updateRun(trx, id, { status: "cancelled" }, ["pending", "running"])
 */
export async function updateRun(
  db: Kysely<Database>,
  id: string,
  patch: RunPatch,
  from?: readonly RunStatus[],
): Promise<RunRow | undefined> {
  requireWriteTransaction(db, "updateRun");
  let query = db.updateTable("runs").set(patch).where("id", "=", id);
  if (from !== undefined) query = query.where("status", "in", from);
  return query.returningAll().executeTakeFirst();
}

/** One run by id. */
export async function runById(db: Kysely<Database>, id: string): Promise<RunRow | undefined> {
  return db.selectFrom("runs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The run whose reviewer session is `sessionId`, if any. */
export async function runBySession(db: Kysely<Database>, sessionId: string): Promise<RunRow | undefined> {
  return db.selectFrom("runs").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
}

/**
 * The branch's runs, newest first, optionally only some statuses.
 * @example await runsByBranch(db, "main", LIVE_RUN_STATUSES)
 */
export async function runsByBranch(
  db: Kysely<Database>,
  branch: string,
  statuses?: readonly RunStatus[],
): Promise<RunRow[]> {
  let query = db.selectFrom("runs").selectAll().where("branch", "=", branch);
  if (statuses !== undefined) query = query.where("status", "in", statuses);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

/** The runs named, of one branch, newest first (the ids come from the change log: gone ones are left out). */
export async function runsByIds(db: Kysely<Database>, branch: string, ids: readonly string[]): Promise<RunRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("runs")
    .selectAll()
    .where("branch", "=", branch)
    .where("id", "in", ids)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Every live run of any branch (for the sweep of runs whose process is gone). */
export async function liveRuns(db: Kysely<Database>): Promise<RunRow[]> {
  return db.selectFrom("runs").selectAll().where("status", "in", LIVE_RUN_STATUSES).execute();
}
