// The review service: the one place core and store meet. A table of contents; no logic lives here.
export { createReviewService, type ReviewService, type ReviewServiceOptions } from "./review-service.js";
export { createServiceCaches, type ServiceCaches } from "./service-caches.js";
// the service's parts: a caller names the ones it uses
export type { ContextOperations } from "./context-operations.js";
export type { RoundOperations } from "./rounds/index.js";
export type { FileOperations } from "./files/index.js";
export type { ThreadOperations } from "./threads/index.js";
export type { ReleaseOperations } from "./review/index.js";
export type { ChangeOperations } from "./changes/index.js";
export type { AgentOperations } from "./agent/index.js";
export type { TourOperations } from "./tour/index.js";
export type { ReviewerOperations } from "./reviewer/index.js";
export type { ForgeOperations } from "./forge/index.js";
export type { BranchOperations } from "./branches/index.js";
export { systemClock, fixedClock, type Clock } from "./clock.js";
export type { ReleaseDelivery, ServiceContext } from "./service-context.js";
export type { RoundJson } from "./rounds/round-json.js";
export type { ReleaseResult } from "./review/release-review.js";
export type { PendingReview } from "./review/review-state.js";
export type { ThreadReference, AgentReplyResult } from "./agent/agent-reply.js";
export type { HumanListStatus } from "./agent/list-threads.js";
export type { ReviewJson } from "./review/review-json.js";
export { defaultDeliveryRetry, type DeliveryRetry } from "./review/deliver-review.js";
export { defaultDiffLimits, type DiffLimits, type DiffFileJson, type TooLarge } from "./rounds/diff-limits.js";
export type { ViewedFileJson } from "./rounds/viewed-files.js";
export type { ChangeJson, ShownFile } from "./changes/index.js";
export type { ReviewBases } from "./rounds/review-bases.js";
export type { DiffView, ReviewDiffQuery } from "./rounds/review-diff.js";
export type { AgentCall } from "./agent/agent-retries.js";

// pull requests on a forge
export { startAutoForge, FORGE_PULL_INTERVAL_MS, type ForgeOptions, type AutoForge } from "./forge/auto-forge.js";
export { forgeNotice } from "./forge/forge-notice.js";
export type { ForgePullResult } from "./forge/pull-forge-threads.js";
export type { ForgePushResult } from "./forge/push-forge-replies.js";
export type { ForgeStatus, WaitingReply } from "./forge/forge-status.js";

// every branch in one panel
export {
  inBranchScope,
  currentBranchScope,
  readOnlyBranch,
  branchFeed,
  type BranchScope,
  type BranchEntry,
  type BranchScopes,
  type BranchWatchState,
} from "./branches/index.js";
