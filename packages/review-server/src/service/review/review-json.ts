import { messageCountsOfReviews, type ReviewRow, type ReviewVerdict } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";

/** A past release as `GET /api/reviews` lists it (docs/http.md). */
export interface ReviewJson {
  readonly id: string;
  readonly releasedAt: string;
  readonly messages: number;
  readonly mode: "tools" | "prose";
  /** The session it reached; null until delivered. */
  readonly deliveredTo: string | null;
  readonly summary: string | null;
  readonly verdict: ReviewVerdict | null;
  /** The whole review as prose, kept with it. */
  readonly prose: string | null;
  /** Sent to the pull request as a review (`pr: true`), not to the agent: its address there. */
  readonly pullRequest?: { readonly url: string };
  readonly delivery: {
    readonly state: "delivered" | "pending" | "failed";
    readonly error?: string;
    readonly to?: string;
    readonly attempts: number;
    readonly dismissed: boolean;
    /** Set while a release waits for a session to go to (none was open): the next one that appears gets it. */
    readonly waitsFor?: "session";
    /** The work tree whose next session a release waiting for one goes to (with `waitsFor`). */
    readonly worktree?: string;
    /**
     * Nobody was on the other end (`serve` without `--opencode`, the demo): the review is its prose, shown to
     * copy; it was not sent and never will be.
     */
    readonly copyOnly?: true;
  };
}

/**
 * A stored review as JSON, with how many messages it released (to the agent, or to the pull request).
 * @example await reviewJson(ctx, row) // { id: "v_...", delivery: { state: "failed", error: "...", ... } }
 */
export async function reviewJson(ctx: ServiceContext, row: ReviewRow, count?: number): Promise<ReviewJson> {
  // A release to the pull request keeps its count: its drafts were taken off once the forge had them.
  const messages = row.pr_messages ?? count ?? (await messageCountsOfReviews(ctx.db, [row.id])).get(row.id) ?? 0;
  return {
    id: row.id,
    releasedAt: row.released_at,
    messages,
    mode: row.mode,
    deliveredTo: row.delivered_to,
    summary: row.summary,
    verdict: row.verdict,
    prose: row.prose,
    ...(row.forge_url === null ? {} : { pullRequest: { url: row.forge_url } }),
    delivery: {
      state: row.delivery_state,
      ...(row.delivery_error === null ? {} : { error: row.delivery_error }),
      ...(row.delivered_to === null ? {} : { to: row.delivered_to }),
      attempts: row.delivery_attempts,
      dismissed: row.dismissed_at !== null,
      ...(waitsForSession(row)
        ? { waitsFor: "session" as const, worktree: row.worktree ?? (await ctx.repository()).workTree }
        : {}),
      ...(copyOnly(row) ? { copyOnly: true as const } : {}),
    },
  };
}

/** A release with no session to go to yet: pending, tried once, none named, not one an MCP agent reads at its turn. */
export function waitsForSession(row: ReviewRow): boolean {
  return (
    row.delivery_state === "pending" &&
    row.session_id === null &&
    row.waits_for_turn === 0 &&
    row.delivery_attempts > 0 &&
    row.dismissed_at === null
  );
}

/**
 * A release with nobody to send it to (`ReleaseDelivery.noAgent`): delivered to no session and to no pull
 * request. Every other delivery names where it went (a session, an MCP client, a pull request's address).
 */
export function copyOnly(row: ReviewRow): boolean {
  return row.delivery_state === "delivered" && row.delivered_to === null && row.forge_url === null;
}
