// @opencode-review/core: the table of contents. No logic lives here.

// diff: the model of a git diff
export type { DiffLine, Hunk, FileStatus, FileDiff } from "./diff/types.js";

// anchor: where a thread's lines are, then and now
export type { Side, AnchorState, Location, AnchorContext, Anchor, LocateInput } from "./anchor/types.js";

// review: threads, messages and their states
export type { Author, ThreadStatus, Awaiting, Delivery, Message, RoundRef, Thread } from "./review/types.js";
export { ReviewError, type ReviewErrorCode } from "./review/review-error.js";
