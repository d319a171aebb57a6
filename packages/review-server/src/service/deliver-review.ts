import { ReviewError } from "@opencode-review/core";
import { reviewById, updateReview, writeTransaction, type ReviewRow } from "../store/index.js";
import { reviewJson } from "./review-json.js";
import type { ServiceContext } from "./service-context.js";

/** How a failed delivery is tried again: after 2 s, 4 s, 8 s, ... up to 60 s, five attempts in all. */
export interface DeliveryRetry {
  readonly attempts: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const defaultDeliveryRetry: DeliveryRetry = { attempts: 5, firstDelayMs: 2000, maxDelayMs: 60_000 };

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Sends a released review's stored message to the agent once, and records the outcome with the review:
 * delivered (to which session), or failed with the reason. A doorbell that threw is tried again with backoff,
 * up to `retry.attempts`, by a timer that never keeps the process alive (one with no session to send to waits
 * for the person's Retry); each outcome is published as a `review`
 * event, so both panels show a failed delivery until it goes through or the person dismisses it.
 * @example const row = await deliverReview(ctx, review.id)
 */
export async function deliverReview(ctx: ServiceContext, id: string, retry: DeliveryRetry = defaultDeliveryRetry): Promise<ReviewRow> {
  const review = await reviewById(ctx.db, id);
  if (review === undefined) throw new ReviewError("not_found", `No review ${id}. GET /api/reviews lists them.`);
  if (review.delivery_state === "delivered") return review;
  if (review.message_text === null) throw new ReviewError("conflict", `Review ${id} has no stored message to send (it was released by an older version).`);
  // Nothing can be pushed into an MCP client's chat: the review waits, pending, for the agent's next turn and
  // becomes delivered when a tool returns its comments (markReviewsRead), never "failed" for having waited.
  if (ctx.delivery.waitsForAgentTurn === true) return review;

  let outcome: { readonly sessionId: string } | null = null;
  let failure: string | null = null;
  // A doorbell that threw may work on the next try (opencode busy or restarting): that is retried. One that
  // had nowhere to send it will not, by waiting: the person retries once a session exists.
  let transient = false;
  try {
    outcome = await ctx.delivery.deliver({ sessionId: review.session_id, text: review.message_text });
    if (outcome === null) failure = "No agent session was found to send it to. Start or open a session, then retry.";
  } catch (error) {
    failure = `The agent session could not be reached: ${describe(error)}`;
    transient = true;
  }
  const attempts = review.delivery_attempts + 1;
  const row = (await writeTransaction(ctx.db, (trx) =>
    updateReview(
      trx,
      id,
      outcome !== null
        ? { delivery_state: "delivered", delivered_to: outcome.sessionId, session_id: outcome.sessionId, delivery_error: null, delivery_attempts: attempts }
        : { delivery_state: "failed", delivery_error: failure, delivery_attempts: attempts },
    ),
  ))!;
  ctx.bus.publish({ type: "review", review: await reviewJson(ctx, row) });

  if (row.delivery_state === "failed" && transient && attempts < retry.attempts && row.dismissed_at === null) {
    const delay = Math.min(retry.firstDelayMs * 2 ** (attempts - 1), retry.maxDelayMs);
    const timer = setTimeout(() => {
      // A store closed meanwhile (the server stopped) ends the retries quietly; the failure stays recorded.
      void deliverReview(ctx, id, retry).catch(() => undefined);
    }, delay);
    (timer as { unref?: () => void }).unref?.();
  }
  return row;
}
