// The review service: the one place core and store meet. A table of contents; no logic lives here.
export { createReviewService, type ReviewService, type ReviewServiceOptions } from "./review-service.js";
export type { ReleaseDelivery, ServiceContext } from "./service-context.js";
export type { RoundJson } from "./round-json.js";
export type { ReleaseResult } from "./release-review.js";
export type { PendingReview } from "./review-state.js";
export type { ThreadReference, AgentReplyResult } from "./agent-reply.js";
export type { HumanListStatus } from "./list-threads.js";
export type { AgentCall } from "./agent-retries.js";
