import { ReviewError } from "@opencode-review/core";
import {
  messageCountsOfReviews,
  reviewById,
  reviewsByBranch,
  updateReview,
  writeTransaction,
} from "../../store/index.js";
import { deliverReview } from "./deliver-review.js";
import { reviewJson, type ReviewJson } from "./review-json.js";
import type { ServiceContext } from "../service-context.js";
import { releaseTarget } from "./sessions.js";

/**
 * Every past release of the branch, newest first, each with its prose and delivery state.
 * @example const reviews = await pastReviews(ctx)
 */
export async function pastReviews(ctx: ServiceContext): Promise<ReviewJson[]> {
  const repo = await ctx.repository();
  const rows = await reviewsByBranch(ctx.db, repo.branchKey);
  const counts = await messageCountsOfReviews(
    ctx.db,
    rows.map((r) => r.id),
  );
  return Promise.all(rows.map((row) => reviewJson(ctx, row, counts.get(row.id) ?? 0)));
}

async function ownReview(ctx: ServiceContext, id: string) {
  const repo = await ctx.repository();
  const row = await reviewById(ctx.db, id);
  if (row === undefined || row.branch !== repo.branchKey)
    throw new ReviewError("not_found", `No review ${id} on ${repo.branchKey}. GET /api/reviews lists them.`);
  return row;
}

/**
 * Tries a failed (or waiting) delivery again now, on the person's request, to the session the panel names:
 * `sessionId`, else the one a release would go to now (what the panel's bar shows), else the one it named.
 * @example await retryDelivery(ctx, "v_1", "ses_2") // { delivery: { state: "delivered", to: "ses_2", ... } }
 */
export async function retryDelivery(ctx: ServiceContext, id: string, sessionId?: string): Promise<ReviewJson> {
  const row = await ownReview(ctx, id);
  if (row.delivery_state === "delivered")
    throw new ReviewError("conflict", `Review ${id} was already delivered to ${row.delivered_to ?? "its session"}.`);
  const to = sessionId ?? (await releaseTarget(ctx, row.branch))?.id;
  return reviewJson(ctx, await deliverReview(ctx, id, undefined, to));
}

/**
 * Hides a failed delivery from the panels (the person sent the prose another way, or gave up); no more retries.
 * @example await dismissDelivery(ctx, "v_1")
 */
export async function dismissDelivery(ctx: ServiceContext, id: string): Promise<ReviewJson> {
  await ownReview(ctx, id);
  const row = (await writeTransaction(ctx.db, (trx) => updateReview(trx, id, { dismissed_at: ctx.now() })))!;
  const json = await reviewJson(ctx, row);
  ctx.bus.publish({ type: "review", review: json });
  return json;
}
