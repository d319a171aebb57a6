// The review service: the one place core and store meet. A table of contents; no logic lives here.
export { createReviewService, type ReviewService, type ReviewServiceOptions } from "./review-service.js";
export { createServiceCaches, type ServiceCaches } from "./service-caches.js";
export type { ReleaseDelivery, ServiceContext } from "./service-context.js";
export type { RoundJson } from "./round-json.js";
export type { ReleaseResult } from "./release-review.js";
export type { PendingReview } from "./review-state.js";
export type { ThreadReference, AgentReplyResult } from "./agent-reply.js";
export type { HumanListStatus } from "./list-threads.js";
export type { ReviewJson } from "./review-json.js";
export { defaultDeliveryRetry, type DeliveryRetry } from "./deliver-review.js";
export { defaultDiffLimits, type DiffLimits, type DiffFileJson, type TooLarge } from "./diff-limits.js";
export type { ViewedFileJson } from "./viewed-files.js";
export type { ReviewBases } from "./review-bases.js";
export type { AgentCall } from "./agent-retries.js";
