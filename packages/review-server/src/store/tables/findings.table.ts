import { sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "../database.js";
import { newId } from "../new-id.js";
import { requireWriteTransaction } from "../write-transaction.js";
import { decodePlacedJson, encodePlacedJson, type Placed, type PlacedColumns } from "../placed-columns.js";

export type Severity = "blocker" | "major" | "minor" | "nit";
/** `superseded`: a later run pinned the same problem at the same place; such findings are no longer shown. */
export type FindingStatus = "open" | "accepted" | "dismissed" | "resolved" | "superseded";

/** `findings` as stored (migration 0006): the place's columns, then `suggestion` as JSON text. */
export interface FindingsTable extends PlacedColumns {
  id: string;
  run_id: string;
  body: string;
  suggestion: string | null;
  severity: Severity;
  /** Idempotency key: the caller's, or one derived from the content. */
  key: string;
  status: FindingStatus;
  /** The person's draft thread made when they accepted it. */
  accepted_thread_id: string | null;
  human_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

export type FindingRow = Readonly<
  Omit<Placed<Selectable<FindingsTable>>, "suggestion"> & { suggestion: readonly string[] | null }
>;

export type NewFinding = Omit<FindingRow, "id" | "status" | "accepted_thread_id" | "human_seen_at" | "updated_at"> &
  Partial<Pick<FindingRow, "id">>;
export type FindingPatch = Partial<Pick<FindingRow, "status" | "accepted_thread_id" | "human_seen_at" | "updated_at">>;

/**
 * Records a finding (status open) and returns it as stored.
 * @example await insertFinding(trx, { run_id, branch, file, side: "new", start_line: 3, end_line: 3, ... })
 */
export async function insertFinding(db: Kysely<Database>, finding: NewFinding): Promise<FindingRow> {
  requireWriteTransaction(db, "insertFinding");
  const row = await db
    .insertInto("findings")
    .values({
      ...finding,
      id: finding.id ?? newId("finding"),
      ...encodePlacedJson(finding),
      suggestion: finding.suggestion === null ? null : JSON.stringify(finding.suggestion),
      status: "open",
      accepted_thread_id: null,
      human_seen_at: null,
      updated_at: finding.created_at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decodeFinding(row);
}

/** Changes a finding; `only` limits it to findings whose status is one of those. */
export async function updateFinding(
  db: Kysely<Database>,
  id: string,
  patch: FindingPatch,
  only?: readonly FindingStatus[],
): Promise<FindingRow | undefined> {
  requireWriteTransaction(db, "updateFinding");
  let query = db.updateTable("findings").set(patch).where("id", "=", id);
  if (only !== undefined) query = query.where("status", "in", only);
  const row = await query.returningAll().executeTakeFirst();
  return row === undefined ? undefined : decodeFinding(row);
}

export async function findingById(db: Kysely<Database>, id: string): Promise<FindingRow | undefined> {
  const row = await db.selectFrom("findings").selectAll().where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : decodeFinding(row);
}

export async function findingByKey(db: Kysely<Database>, runId: string, key: string): Promise<FindingRow | undefined> {
  const row = await db
    .selectFrom("findings")
    .selectAll()
    .where("run_id", "=", runId)
    .where("key", "=", key)
    .executeTakeFirst();
  return row === undefined ? undefined : decodeFinding(row);
}

/** A run's findings, oldest first. */
export async function findingsOfRun(db: Kysely<Database>, runId: string): Promise<FindingRow[]> {
  const rows = await db
    .selectFrom("findings")
    .selectAll()
    .where("run_id", "=", runId)
    .orderBy("created_at", "asc")
    .orderBy(sql`rowid`, "asc")
    .execute();
  return rows.map(decodeFinding);
}

/**
 * The branch's findings the person may see: those of completed (released) runs, superseded ones left out, oldest first.
 * @example await publishedFindings(db, "main")
 */
export async function publishedFindings(db: Kysely<Database>, branch: string): Promise<FindingRow[]> {
  const rows = await publishedQuery(db, branch).execute();
  return rows.map(decodeFinding);
}

/** The findings of a branch the person may see: of completed runs and not superseded, oldest first. */
function publishedQuery(db: Kysely<Database>, branch: string) {
  return db
    .selectFrom("findings")
    .selectAll("findings")
    .innerJoin("runs", "runs.id", "findings.run_id")
    .where("findings.branch", "=", branch)
    .where("runs.status", "=", "completed")
    .where("findings.status", "<>", "superseded")
    .orderBy("findings.created_at", "asc")
    .orderBy(sql`findings.rowid`, "asc");
}

/**
 * Those of the findings named, or of the runs named, that the person may see (as `publishedFindings` picks
 * them), oldest first.
 * @example await publishedFindingsByIds(db, "main", { ids: ["f_1"], runIds: ["u_2"] })
 */
export async function publishedFindingsByIds(
  db: Kysely<Database>,
  branch: string,
  named: { readonly ids: readonly string[]; readonly runIds: readonly string[] },
): Promise<FindingRow[]> {
  if (named.ids.length === 0 && named.runIds.length === 0) return [];
  const rows = await publishedQuery(db, branch)
    .where((eb) =>
      eb.or([
        ...(named.ids.length === 0 ? [] : [eb("findings.id", "in", named.ids)]),
        ...(named.runIds.length === 0 ? [] : [eb("findings.run_id", "in", named.runIds)]),
      ]),
    )
    .execute();
  return rows.map(decodeFinding);
}

export function decodeFinding(row: Selectable<FindingsTable>): FindingRow {
  return {
    ...decodePlacedJson(row),
    suggestion: row.suggestion === null ? null : (JSON.parse(row.suggestion) as string[]),
  };
}
