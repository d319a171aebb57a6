import { ReviewError } from "@opencode-review/core";
import {
  claimPendingReview,
  claimWaitingReview,
  pendingReviews,
  reviewById,
  updateReview,
  writeTransaction,
  type ReviewRow,
} from "../../store/index.js";
import { isThisProcess, processAlive, processStartTime } from "./owner-process.js";
import { reviewJson, waitsForSession } from "./review-json.js";
import type { ServiceContext } from "../service-context.js";
import { releaseTarget } from "./sessions.js";

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
 * delivered (to which session), or failed with the reason. The session is `to` (a Retry names the one the
 * panel shows), else the one the release named, else the one a release would go to now; with none at all
 * the review WAITS, pending, and goes to the next session that appears (`deliverWaitingReviews`), never
 * "failed" for having come early. A doorbell that threw is tried again with backoff, up to
 * `retry.attempts`, by a timer that never keeps the process alive; each outcome is published as a
 * `review` event, so both panels show a failed delivery until it goes through or the person dismisses it.
 * @example const row = await deliverReview(ctx, review.id)
 */
export async function deliverReview(
  ctx: ServiceContext,
  id: string,
  retry: DeliveryRetry = defaultDeliveryRetry,
  to?: string,
): Promise<ReviewRow> {
  const review = await reviewById(ctx.db, id);
  if (review === undefined) throw new ReviewError("not_found", `No review ${id}. GET /api/reviews lists them.`);
  if (review.delivery_state === "delivered") return review;
  if (review.message_text === null)
    throw new ReviewError(
      "conflict",
      `Review ${id} has no stored message to send (it was released by an older version).`,
    );
  // Nothing can be pushed into an MCP client's chat: the review waits, pending, for the agent's next turn and
  // becomes delivered when a tool returns its comments (markReviewsRead), never "failed" for having waited.
  if (ctx.delivery.waitsForAgentTurn === true) return review;
  // Nobody to send it to: the prose shown in the panel is the delivery. Recorded as handed over to no session
  // (see copyOnly in review-json.ts), so neither a later session nor a process starting later sends it again.
  if (ctx.delivery.noAgent === true) {
    const row = (await writeTransaction(ctx.db, (trx) =>
      updateReview(trx, id, {
        delivery_state: "delivered",
        delivered_to: null,
        session_id: null,
        delivery_error: null,
        delivery_attempts: review.delivery_attempts + 1,
      }),
    ))!;
    ctx.bus.publish({ type: "review", review: await reviewJson(ctx, row) });
    return row;
  }

  // A release made before any session named none: the session a release would go to now is its target.
  const sessionId = to ?? review.session_id ?? (await releaseTarget(ctx, review.branch))?.id ?? null;
  let outcome: { readonly sessionId: string } | null = null;
  let failure: string | null = null;
  // A doorbell that threw may work on the next try (opencode busy or restarting): that is retried. One that
  // had nowhere to send it waits for a session; one refused by a named session waits for the person's Retry.
  let transient = false;
  try {
    outcome = await ctx.delivery.deliver({ sessionId, text: review.message_text });
    if (outcome === null && sessionId !== null) {
      failure = `The session ${sessionId} did not take the message (it may be closed). Open a session, then retry.`;
    }
  } catch (error) {
    failure = `The agent session could not be reached: ${describe(error)}`;
    transient = true;
  }
  const attempts = review.delivery_attempts + 1;
  const row = (await writeTransaction(ctx.db, async (trx) => {
    // Taken for a session meanwhile (it appeared while this attempt found none): that delivery stands.
    const now = outcome === null && failure === null ? await reviewById(trx, id) : undefined;
    if (now !== undefined && (now.session_id !== null || now.delivery_state !== "pending")) return now;
    return updateReview(
      trx,
      id,
      outcome !== null
        ? {
            delivery_state: "delivered",
            delivered_to: outcome.sessionId,
            session_id: outcome.sessionId,
            delivery_error: null,
            delivery_attempts: attempts,
          }
        : failure === null
          ? // No session anywhere yet: it waits, and the first session that appears takes it.
            { delivery_state: "pending", session_id: null, delivery_error: null, delivery_attempts: attempts }
          : { delivery_state: "failed", session_id: sessionId, delivery_error: failure, delivery_attempts: attempts },
    );
  }))!;
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

/**
 * A session appeared (opencode's session.created, or the person opened one): every release of the branch
 * that waits for a session, made by this process (or one that is gone), is delivered to it. Each is claimed
 * first, so the two halves of one opencode process, both told of the session, deliver it once.
 * Returns the ids of the releases it took.
 * @example await deliverWaitingReviews(ctx, "ses_1") // ["v_..."]
 */
export async function deliverWaitingReviews(
  ctx: ServiceContext,
  sessionId: string,
  retry: DeliveryRetry = defaultDeliveryRetry,
): Promise<readonly string[]> {
  if (ctx.delivery.waitsForAgentTurn === true) return [];
  const repo = await ctx.repository();
  const waiting = (await pendingReviews(ctx.db)).filter(
    (row) =>
      row.branch === repo.branchKey &&
      waitsForSession(row) &&
      // Made for this work tree's agent from a panel on another one (see handOffDelivery): taken here.
      (row.worktree !== null
        ? row.worktree === repo.workTree
        : row.owner_pid !== null && (row.owner_pid === process.pid || !processAlive(row.owner_pid))),
  );
  const taken: string[] = [];
  for (const row of waiting) {
    const claimed = await writeTransaction(ctx.db, (trx) =>
      claimWaitingReview(trx, row.id, sessionId, process.pid, processStartTime(process.pid)),
    );
    if (claimed === undefined) continue;
    taken.push(row.id);
    await deliverReview(ctx, row.id, retry, sessionId);
  }
  return taken;
}

/** Why a release an older version left pending reads failed: nothing says whether its doorbell rang. */
export const UNKNOWN_DELIVERY =
  "Released by an earlier version of opencode-review, which did not record whether the agent was told. Retry sends the message again.";

/**
 * At start: releases left `pending` by a process that is gone (it stopped between the release's commit and
 * the doorbell) are taken over and delivered by this process, with the same retries as any delivery, so
 * none stays pending unseen. One made by an older version (no owner recorded) reads failed with why, and
 * the panels offer Retry. Left alone: an MCP server's releases, which wait for the agent's next turn by
 * design, and those of a live process, which is delivering them. Returns the releases taken over; their
 * delivery runs on after it returns (opencode may still be loading this plugin, and answers only then).
 * @example await resumeOrphanedDeliveries(ctx) // ["v_..."]
 */
export async function resumeOrphanedDeliveries(
  ctx: ServiceContext,
  retry: DeliveryRetry = defaultDeliveryRetry,
): Promise<readonly string[]> {
  // A process that cannot push a message into a chat leaves them to one that can.
  if (ctx.delivery.waitsForAgentTurn === true) return [];
  const own = await ctx.repository();
  const orphans = (await pendingReviews(ctx.db)).filter(
    (row) =>
      row.waits_for_turn === 0 &&
      // One for another work tree's agent is delivered there (see deliverHandedOff), never from here.
      (row.worktree === null || row.worktree === own.workTree) &&
      (row.owner_pid === null ||
        (!isThisProcess(row.owner_pid, row.owner_started) && !processAlive(row.owner_pid, row.owner_started))),
  );
  const taken: string[] = [];
  for (const orphan of orphans) {
    const row = await writeTransaction(ctx.db, async (trx) => {
      // Claimed first: of two processes starting at once, one delivers it.
      const claimed = await claimPendingReview(
        trx,
        orphan.id,
        orphan.owner_pid,
        process.pid,
        processStartTime(process.pid),
      );
      if (claimed === undefined) return undefined;
      // Without an owner (or a message) nothing says whether it was sent: the person decides, with Retry.
      if (orphan.owner_pid === null || orphan.message_text === null) {
        return updateReview(trx, orphan.id, { delivery_state: "failed", delivery_error: UNKNOWN_DELIVERY });
      }
      return claimed;
    });
    if (row === undefined) continue;
    if (row.delivery_state === "failed") {
      ctx.bus.publish({ type: "review", review: await reviewJson(ctx, row) });
      continue;
    }
    taken.push(row.id);
    // A store closed meanwhile (the server stopped) ends it quietly; the release stays pending for the next start.
    void deliverReview(ctx, row.id, retry).catch(() => undefined);
  }
  return taken;
}
