import { ReviewError, type AcceptFindingBody, type Finding } from "@opencode-review/core";
import {
  deleteThread,
  findingById,
  runById,
  threadById,
  updateFinding,
  writeTransaction,
  type FindingRow,
  type FindingStatus,
} from "../../store/index.js";
import { createDraftThread } from "../threads/draft-thread.js";
import type { ServiceContext } from "../service-context.js";
import { findingsJson } from "./finding-json.js";

/**
 * The person takes a finding: it becomes their own draft on the same place of the same round (their
 * words, or the finding's), editable, and goes out with their next release like any comment of theirs.
 * @example const { finding, thread } = await acceptFinding(ctx, "f_...", {});
 */
export async function acceptFinding(ctx: ServiceContext, id: string, input: AcceptFindingBody) {
  const finding = await shownFinding(ctx, id);
  if (finding.status !== "open") throw notNow(finding, "accepted");
  const thread = await createDraftThread(ctx, {
    file: finding.file,
    side: finding.side,
    start: finding.start_line,
    end: finding.end_line,
    roundId: finding.round_id,
    body: input.body ?? finding.body,
    suggestion: input.suggestion === undefined ? finding.suggestion : input.suggestion,
  });
  const row = await writeTransaction(ctx.db, (trx) =>
    updateFinding(trx, id, { status: "accepted", accepted_thread_id: thread.id, updated_at: ctx.now() }, ["open"]),
  );
  if (row === undefined) {
    // Taken meanwhile by another panel: the draft just made would be a second copy.
    await writeTransaction(ctx.db, (trx) => deleteThread(trx, thread.id));
    throw new ReviewError("conflict", `Finding ${id} was triaged meanwhile; reload to see how.`);
  }
  return { finding: await publish(ctx, row), thread };
}

/**
 * Dismiss (not worth acting on) or resolve (dealt with) an open finding; resolve also closes an accepted one.
 * @example await setFindingStatus(ctx, id, "dismissed");
 */
export async function setFindingStatus(
  ctx: ServiceContext,
  id: string,
  status: "dismissed" | "resolved",
): Promise<Finding> {
  const finding = await shownFinding(ctx, id);
  const from: FindingStatus[] = status === "dismissed" ? ["open"] : ["open", "accepted"];
  if (!from.includes(finding.status)) throw notNow(finding, status);
  const row = await writeTransaction(ctx.db, (trx) => updateFinding(trx, id, { status, updated_at: ctx.now() }, from));
  if (row === undefined) throw new ReviewError("conflict", `Finding ${id} was triaged meanwhile; reload to see how.`);
  return publish(ctx, row);
}

/**
 * Reopen a triaged finding; an accepted one whose draft is still unreleased takes its draft back.
 * @example await reopenFinding(ctx, id);
 */
export async function reopenFinding(ctx: ServiceContext, id: string): Promise<Finding> {
  const finding = await shownFinding(ctx, id);
  if (finding.status === "open") throw new ReviewError("conflict", `Finding ${id} is already open.`);
  const row = await writeTransaction(ctx.db, async (trx) => {
    if (finding.accepted_thread_id !== null) {
      const draft = await threadById(trx, finding.accepted_thread_id);
      if (draft !== undefined && draft.status === "draft") await deleteThread(trx, draft.id);
    }
    return updateFinding(trx, id, { status: "open", accepted_thread_id: null, updated_at: ctx.now() }, [
      "accepted",
      "dismissed",
      "resolved",
    ]);
  });
  if (row === undefined) throw new ReviewError("conflict", `Finding ${id} changed meanwhile; reload to see how.`);
  return publish(ctx, row);
}

/**
 * The person looked at a finding (it shows as new until then); not a change to it.
 * @example await markFindingSeen(ctx, id);
 */
export async function markFindingSeen(ctx: ServiceContext, id: string): Promise<Finding> {
  await shownFinding(ctx, id);
  const row = await writeTransaction(ctx.db, (trx) => updateFinding(trx, id, { human_seen_at: ctx.now() }));
  return publish(ctx, row!);
}

/** True when `id` names a finding (they share the thread routes). */
export function isFindingId(id: string): boolean {
  return id.startsWith("f_");
}

async function shownFinding(ctx: ServiceContext, id: string): Promise<FindingRow> {
  const row = await findingById(ctx.db, id);
  const run = row === undefined ? undefined : await runById(ctx.db, row.run_id);
  // Unreleased findings are the reviewer's own until it releases them.
  if (row === undefined || run?.status !== "completed" || row.status === "superseded") {
    throw new ReviewError("not_found", `No finding ${id}. GET /api/findings lists the reviewer's released findings.`);
  }
  return row;
}

function notNow(finding: FindingRow, wanted: string): ReviewError {
  return new ReviewError(
    "conflict",
    `Finding ${finding.id} is ${finding.status}, so it cannot be ${wanted} now; reopen it first.`,
  );
}

async function publish(ctx: ServiceContext, row: FindingRow): Promise<Finding> {
  const [shown] = await findingsJson(ctx, await ctx.repository(), [row]);
  ctx.bus.publish({ type: "thread", thread: shown! });
  return shown!;
}
