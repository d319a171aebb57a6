import { claimWaitingReview, pendingReviews, writeTransaction } from "../../store/index.js";
import { deliverReview, type DeliveryRetry } from "../review/deliver-review.js";
import { processStartTime } from "../review/owner-process.js";
import { releaseTarget } from "../review/sessions.js";
import type { ServiceContext } from "../service-context.js";

/**
 * Releases made from a panel on another work tree, for this one's agent (see handOffDelivery), delivered
 * by this process to its own session there, once it has one; until then they wait. Each is claimed first,
 * so two processes in the same work tree deliver it once. Returns the ids it took. Called on a timer by the
 * composition root and whenever a session appears (deliverWaitingReviews).
 * @example await deliverHandedOff(ctx) // ["v_..."]
 */
export async function deliverHandedOff(ctx: ServiceContext, retry?: DeliveryRetry): Promise<readonly string[]> {
  // An MCP client reads them at its next turn (its Stop hook rings it): nothing to push.
  if (ctx.delivery.waitsForAgentTurn === true) return [];
  const repo = await ctx.repository();
  const waiting = (await pendingReviews(ctx.db)).filter(
    (row) =>
      row.worktree === repo.workTree &&
      row.branch === repo.branchKey &&
      row.session_id === null &&
      row.waits_for_turn === 0,
  );
  if (waiting.length === 0) return [];
  const target = await releaseTarget(ctx, repo.branchKey);
  if (target === null) return [];
  const taken: string[] = [];
  for (const row of waiting) {
    const claimed = await writeTransaction(ctx.db, (trx) =>
      claimWaitingReview(trx, row.id, target.id, process.pid, processStartTime(process.pid)),
    );
    if (claimed === undefined) continue;
    taken.push(row.id);
    await deliverReview(ctx, row.id, retry, target.id);
  }
  return taken;
}
