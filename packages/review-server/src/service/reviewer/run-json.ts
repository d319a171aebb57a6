import type { Run } from "@opencode-review/core";
import { findingsOfRun, roundById, type RunRow } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";

/**
 * A stored run as the Run JSON of the contract, with its round's ordinal and how many findings it pinned.
 * @example const run = await runJson(ctx, row);
 */
export async function runJson(ctx: ServiceContext, row: RunRow): Promise<Run> {
  const [round, findings] = await Promise.all([roundById(ctx.db, row.round_id), findingsOfRun(ctx.db, row.id)]);
  return {
    id: row.id,
    status: row.status,
    session: row.session_id === null ? null : { id: row.session_id },
    parentSession: { id: row.parent_session_id },
    model: row.model,
    round: { id: row.round_id, ordinal: round?.ordinal ?? 0 },
    findings: findings.length,
    summary: row.summary,
    verdict: row.verdict,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
