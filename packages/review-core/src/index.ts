// @opencode-review/core: the table of contents. No logic lives here.

// diff: the model of a git diff
export type { DiffLine, Hunk, FileStatus, FileDiff } from "./diff/types.js";

// diff: parsing
export { parseGitDiff } from "./diff/parse-git-diff.js";
export { unquoteGitPath } from "./diff/git-path.js";

// anchor: where a thread's lines are, then and now
export type { Side, AnchorState, Location, AnchorContext, Anchor, LocateInput } from "./anchor/types.js";
export {
  buildAnchor,
  type BuildAnchorInput,
  type BuildAnchorResult,
  type AnchorRefusal,
} from "./anchor/build-anchor.js";
export { locate } from "./anchor/locate.js";
export { LOCATE_RULES_VERSION } from "./anchor/locate-rules-version.js";
export { pairsOfOnePass, type PairMaker } from "./anchor/line-pair.js";
export { forgeAnchor, type ForgeAnchorInput } from "./anchor/forge-anchor.js";
export {
  checkResolve,
  type CheckResolveInput,
  type ResolveCheck,
  type ResolveRefusal,
} from "./anchor/check-resolve.js";

// diff: two versions of an image, pixel by pixel
export { pixelDifference, type Pixels, type ImageDifference } from "./diff/image-difference.js";

// diff: lines (an in-process line diff, and carrying line numbers through any diff)
export { splitLines } from "./diff/split-lines.js";
export { diffLines } from "./diff/line-diff.js";
export { changedWords, hunkWithWords, fileWithWords, type WordRange } from "./diff/changed-words.js";
export { mapLine, mapRange, type DiffSide, type LineMapping, type RangeMapping } from "./diff/map-line.js";

// review: threads, messages and their states
export type {
  Author,
  ThreadStatus,
  Awaiting,
  Delivery,
  Message,
  MessageClaim,
  RoundRef,
  Thread,
  Verdict,
  ForgeKind,
  ForgeLink,
  ForgeReplyState,
  ThreadOrigin,
} from "./review/types.js";
export { VERDICTS } from "./review/types.js";
export { ReviewError, type ReviewErrorCode } from "./review/review-error.js";
export { diskFullError, isDiskFull } from "./review/disk-full.js";

// review: the thread state machine (every event as a pure transition) and what a thread reads as
export {
  draftThread,
  draftReply,
  editMessage,
  deleteMessage,
  releaseThread,
  releaseReview,
  agentReply,
  agentNote,
  humanResolve,
  humanReopen,
  humanRemarkElsewhere,
  markSeen,
  markDelivered,
  type ThreadState,
  type NewMessage,
  type Transition,
  type Accepted,
  type Refusal,
  type RefusalCode,
  type ThreadEffect,
  type MessageEdit,
  type ReleasedReview,
  type ResolveVerdict,
} from "./review/thread-machine.js";
export { unreadByHuman, isWaiting, agentView } from "./review/thread-view.js";
export { checkMessageBody, countCharacters, MESSAGE_BODY_LIMIT, type BodyCheck } from "./review/message-body.js";
export { matchesPathSuffix } from "./review/path-suffix.js";
export { pathNow, renamedFrom } from "./review/path-now.js";
export { addressThread, type ThreadRef, type ThreadCandidate, type Addressed } from "./review/address-thread.js";

// prose: the words for a model or a person
export { describePlace, describeAnchor, renamedNote, type PlaceForm, type PlaceOf } from "./prose/describe-place.js";
export {
  renderThreadList,
  renderThreadPage,
  threadPageOrder,
  THREAD_LIST_MAX_BYTES,
  type ThreadListOptions,
  type ThreadPage,
} from "./prose/render-thread-list.js";
export { renderReleaseNotice } from "./prose/render-release-notice.js";
export { renderReleaseProse, type ReleaseProseOptions } from "./prose/render-release-prose.js";
export { withReviewVerdict } from "./prose/render-review-verdict.js";
export { renderSystemGuidance } from "./prose/render-system-guidance.js";
export { renderWaitingLine } from "./prose/render-waiting-line.js";
export { renderChangeNotice, type ChangeNotice } from "./prose/render-change-notice.js";
export { renderRefusal } from "./prose/render-refusal.js";
export { claimReason, renderClaim } from "./prose/render-claim.js";

// schema: zod schemas for tool arguments and HTTP bodies, and their error sentences
export { bodyText } from "./schema/body-text.js";
export { suggestion, SUGGESTION_LINE_LIMIT } from "./schema/suggestion.js";
export { lineNumber } from "./schema/line-number.js";
export { filePath } from "./schema/file-path.js";
export { idText, idRefusal, ID_MAX_LENGTH } from "./schema/id-text.js";
export { maxPathBytes, maxSegmentBytes, pathTooLong } from "./schema/path-limits.js";
export {
  reviewListArgs,
  reviewListArgsSchema,
  reviewReplyArgs,
  reviewReplyArgsSchema,
  reviewOpenArgs,
  reviewOpenArgsSchema,
  type ReviewListArgs,
  type ReviewReplyArgs,
  type ReviewOpenArgs,
} from "./schema/tool-args.js";
export {
  createThreadBody,
  createThreadBodySchema,
  createMessageBody,
  createMessageBodySchema,
  patchMessageBody,
  patchMessageBodySchema,
  threadStatusBody,
  threadStatusBodySchema,
  releaseReviewBody,
  releaseReviewBodySchema,
  retryDeliveryBodySchema,
  type RetryDeliveryBody,
  type CreateThreadBody,
  type CreateMessageBody,
  type PatchMessageBody,
  type ThreadStatusBody,
  type ReleaseReviewBody,
} from "./schema/http-bodies.js";
export {
  threadsQuery,
  threadsQuerySchema,
  diffQuery,
  diffQuerySchema,
  type ThreadsQuery,
  type DiffQuery,
} from "./schema/http-queries.js";
export { threadSchema, messageSchema, locationSchema, type ThreadJson } from "./schema/thread-schema.js";
export { formatSchemaError } from "./schema/format-schema-error.js";

// reviewer agents: findings, runs and the reviewer's tool arguments
export type { Finding, FindingStatus, Severity, Run, RunStatus } from "./review/finding.js";
export {
  SEVERITIES,
  reviewDiffArgs,
  reviewDiffArgsSchema,
  reviewCommentArgs,
  reviewCommentArgsSchema,
  reviewReleaseArgs,
  reviewReleaseArgsSchema,
  startRunBodySchema,
  acceptFindingBodySchema,
  type ReviewDiffArgs,
  type ReviewCommentArgs,
  type ReviewReleaseArgs,
  type StartRunBody,
  type AcceptFindingBody,
} from "./schema/reviewer-args.js";

// tour: the agent's guide to its change (review_tour), and the hunks it leaves unexplained
export {
  reviewTourArgs,
  reviewTourArgsSchema,
  tourStepSchema,
  uncoveredHunks,
  TOUR_STEP_LIMIT,
  TOUR_TEXT_LIMIT,
  TOUR_TITLE_LIMIT,
  type Tour,
  type TourStep,
  type UncoveredHunk,
  type ReviewTourArgs,
  type TourStepArgs,
  type CoveringPlace,
} from "./tour/index.js";
