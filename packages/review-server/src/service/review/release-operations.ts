import type { ServiceContext } from "../service-context.js";
import { deliverWaitingReviews, resumeOrphanedDeliveries, type DeliveryRetry } from "./deliver-review.js";
import { dismissDelivery, pastReviews, retryDelivery } from "./past-reviews.js";
import { releasePendingReview } from "./release-review.js";
import { pendingReview } from "./review-state.js";
import { recordSession } from "./sessions.js";
import { waitingForAgent } from "./waiting-summary.js";

/** What the release operations share with the rest of the service. */
export interface ReleaseDeps {
  /** How a failed delivery of a release is retried; undefined: the default. */
  readonly deliveryRetry: DeliveryRetry | undefined;
}

/**
 * The review and its release: the pending review, releasing it to the agent's session, past reviews and
 * their deliveries, the sessions a release goes to, and what waits for the agent.
 * @example await releaseOperations(ctx, { deliveryRetry: undefined }).release({});
 */
export function releaseOperations(ctx: ServiceContext, deps: ReleaseDeps) {
  const { deliveryRetry } = deps;
  return {
    pendingReview: () => pendingReview(ctx),
    release: (input: Parameters<typeof releasePendingReview>[1]) => releasePendingReview(ctx, input, deliveryRetry),
    pastReviews: () => pastReviews(ctx),
    retryDelivery: (id: string, sessionId?: string) => retryDelivery(ctx, id, sessionId),
    /** A session appeared: releases that wait for one go to it. */
    deliverWaiting: (sessionId: string) => deliverWaitingReviews(ctx, sessionId, deliveryRetry),
    /** At start: releases a process that is gone left pending are delivered here (or read failed, with why). */
    resumeOrphanedDeliveries: () => resumeOrphanedDeliveries(ctx, deliveryRetry),
    dismissDelivery: (id: string) => dismissDelivery(ctx, id),
    waitingForAgent: () => waitingForAgent(ctx),
    recordSession: (session: Parameters<typeof recordSession>[1]) => recordSession(ctx, session),
  };
}

export type ReleaseOperations = ReturnType<typeof releaseOperations>;
