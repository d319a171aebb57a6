import { ReviewError, type Run } from "@opencode-review/core";
import {
  insertRun,
  LIVE_RUN_STATUSES,
  liveRuns,
  runById,
  runBySession,
  runsByBranch,
  updateRun,
  writeTransaction,
  type RunPatch,
  type RunRow,
  type RunStatus,
} from "../../store/index.js";
import { isThisProcess, processAlive, processStartTime } from "../review/owner-process.js";
import type { ServiceContext } from "../service-context.js";
import { takeServiceRound } from "../rounds/record-round.js";
import { runJson } from "./run-json.js";

/** Why a run left by a process that is gone reads cancelled. */
export const INTERRUPTED = "interrupted by restart";

/**
 * Records a new run of `parentSessionId` on a round taken now, or answers the session's live run when it
 * has one (one live run per session).
 * @example const { run, existing } = await recordRun(ctx, { parentSessionId: "ses_1", model: "anthropic/claude-sonnet-4" });
 */
export async function recordRun(
  ctx: ServiceContext,
  input: { readonly parentSessionId: string; readonly model: string },
): Promise<{ readonly run: RunRow; readonly existing: boolean }> {
  await sweepInterruptedRuns(ctx);
  const repo = await ctx.repository();
  const live = (await runsByBranch(ctx.db, repo.branchKey, LIVE_RUN_STATUSES)).find(
    (r) => r.parent_session_id === input.parentSessionId,
  );
  if (live !== undefined) return { run: live, existing: true };
  const { round } = await takeServiceRound(ctx, repo);
  const run = await writeTransaction(ctx.db, async (trx) => {
    // Looked for again under the write lock: two starts at once make one run.
    const raced = (await runsByBranch(trx, repo.branchKey, LIVE_RUN_STATUSES)).find(
      (r) => r.parent_session_id === input.parentSessionId,
    );
    if (raced !== undefined) return { row: raced, existing: true };
    const row = await insertRun(trx, {
      branch: repo.branchKey,
      parent_session_id: input.parentSessionId,
      model: input.model,
      round_id: round.id,
      status: "pending",
      owner_pid: process.pid,
      owner_started: processStartTime(process.pid),
      owner_instance: ctx.instanceId,
      created_at: ctx.now(),
    });
    return { row, existing: false };
  });
  if (!run.existing) await publishRun(ctx, run.row);
  return { run: run.row, existing: run.existing };
}

/**
 * Moves a run on, only from the statuses given (a late event never undoes a cancel or a completion);
 * undefined when the run was not in one of them.
 * @example await changeRun(ctx, id, { status: "failed", error: "ended without a release" }, ["running"]);
 */
export async function changeRun(
  ctx: ServiceContext,
  id: string,
  patch: RunPatch,
  from: readonly RunStatus[],
): Promise<RunRow | undefined> {
  const finishing = patch.status !== undefined && !LIVE_RUN_STATUSES.includes(patch.status);
  const row = await writeTransaction(ctx.db, (trx) =>
    updateRun(trx, id, finishing ? { finished_at: ctx.now(), ...patch } : patch, from),
  );
  if (row !== undefined) await publishRun(ctx, row);
  return row;
}

/**
 * The branch's runs, newest first; runs left live by a process that is gone read cancelled first.
 * @example const runs = await listRuns(ctx);
 */
export async function listRuns(ctx: ServiceContext): Promise<Run[]> {
  await sweepInterruptedRuns(ctx);
  const repo = await ctx.repository();
  return Promise.all((await runsByBranch(ctx.db, repo.branchKey)).map((row) => runJson(ctx, row)));
}

/**
 * One run as JSON, or a not_found error naming where to look.
 * @example await runById(ctx, "u_...")
 */
export async function getRun(ctx: ServiceContext, id: string): Promise<RunRow> {
  const row = await runById(ctx.db, id);
  if (row === undefined) throw new ReviewError("not_found", `No review run ${id}. GET /api/runs lists them.`);
  return row;
}

/**
 * Runs left `pending` or `running` by a process that no longer exists read `cancelled` ("interrupted by
 * restart"): nothing drives them any more.
 * @example await sweepInterruptedRuns(ctx); // at plugin start
 */
export async function sweepInterruptedRuns(ctx: ServiceContext): Promise<void> {
  // A live process may be another plugin instance (another directory of this repository) still driving its run.
  const orphans = (await liveRuns(ctx.db)).filter(
    (r) => !isThisProcess(r.owner_pid, r.owner_started) && !processAlive(r.owner_pid, r.owner_started),
  );
  for (const orphan of orphans)
    await changeRun(ctx, orphan.id, { status: "cancelled", error: INTERRUPTED }, LIVE_RUN_STATUSES);
}

/**
 * The live run whose reviewer session is `sessionId`: the authority behind the reviewer's tools. Anyone
 * else is refused with why, and nothing is read or written for them.
 * @example const run = await callerRun(ctx, context.sessionID, "review_comment");
 */
export async function callerRun(ctx: ServiceContext, sessionId: string, tool: string): Promise<RunRow> {
  const run = await runBySession(ctx.db, sessionId);
  if (run === undefined) {
    throw new ReviewError(
      "forbidden",
      `${tool} belongs to the reviewer agent of a review run, and this session is not one, so nothing was read or pinned. To answer the person's review threads use review_list and review_reply.`,
    );
  }
  if (run.status !== "running") {
    const why =
      run.status === "completed" ? "already released" : `${run.status}${run.error === null ? "" : ` (${run.error})`}`;
    throw new ReviewError("conflict", `This review run is ${why}, so ${tool} takes no more calls. Stop here.`);
  }
  return run;
}

async function publishRun(ctx: ServiceContext, row: RunRow): Promise<void> {
  ctx.bus.publish({ type: "run", run: await runJson(ctx, row) });
}
