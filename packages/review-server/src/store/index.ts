// The store: Kysely over SQLite. Table of contents only; no logic lives here.

// opening, the driver adapter, transactions
export { openStore, type Store } from "./open-store.js";
export { openReadOnlyStore, type ReadOnlyStore } from "./read-only-store.js";
export {
  currentRuntime,
  openNativeDatabase,
  preloadSqliteBinding,
  type NativeDatabase,
  type SqliteRuntime,
} from "./native-database.js";
export { writeTransaction, inWriteTransaction, requireWriteTransaction } from "./write-transaction.js";
export { readTransaction } from "./read-transaction.js";
export type { Database } from "./database.js";
export { newId, type IdKind } from "./new-id.js";

// tables and their queries
export {
  insertRound,
  latestRound,
  roundById,
  roundsByBranch,
  type RoundsTable,
  type RoundRow,
  type NewRound,
} from "./tables/rounds.table.js";
export {
  encodePlacedJson,
  decodePlacedJson,
  type PlacedColumns,
  type Placed,
  type PlacedRow,
} from "./placed-columns.js";
export { storePosition, roundsAfter, reviewsAfter, type StorePosition, type PositionScope } from "./store-position.js";
export {
  insertThread,
  updateThread,
  deleteThread,
  threadById,
  threadsByBranch,
  threadsByIds,
  decodeThread,
  type ThreadsTable,
  type ThreadRow,
  type NewThread,
  type ThreadPatch,
  type ThreadChanges,
  type ThreadFilter,
} from "./tables/threads.table.js";
export {
  insertMessage,
  updateMessage,
  deleteMessageRow,
  messageById,
  messagesByThreadIds,
  markMessagesDelivered,
  decodeMessage,
  type MessagesTable,
  type MessageRow,
  type NewMessage,
  type MessagePatch,
} from "./tables/messages.table.js";
export { latestThreadChange, threadsChangedSince, type ThreadChangesTable } from "./tables/thread-changes.table.js";
export {
  reviewerChangesSince,
  type ReviewerChangesTable,
  type ReviewerChanged,
} from "./tables/reviewer-changes.table.js";
export { draftsOfBranch, type Drafts } from "./drafts.js";
export {
  insertReview,
  updateReview,
  reviewById,
  reviewsByBranch,
  messageCountsOfReviews,
  markReviewsRead,
  pendingReviews,
  claimPendingReview,
  claimWaitingReview,
  type ReviewVerdict,
  type DeliveryState,
  type ReviewsTable,
  type ReviewRow,
  type NewReview,
  type ReviewPatch,
  type ReviewMode,
} from "./tables/reviews.table.js";
export {
  upsertSession,
  latestSession,
  sessionById,
  type SessionsTable,
  type SessionRow,
  type SeenSession,
} from "./tables/sessions.table.js";
export {
  upsertServer,
  listServers,
  removeServer,
  type ServersTable,
  type ServerRow,
  type RunningServer,
  type ServerFilter,
  type ServerKind,
} from "./tables/servers.table.js";
export {
  insertRun,
  updateRun,
  runById,
  runBySession,
  runsByBranch,
  runsByIds,
  liveRuns,
  LIVE_RUN_STATUSES,
  type RunsTable,
  type RunRow,
  type NewRun,
  type RunPatch,
  type RunStatus,
  type RunVerdict,
} from "./tables/runs.table.js";
export {
  insertFinding,
  updateFinding,
  findingById,
  findingByKey,
  findingsOfRun,
  publishedFindings,
  publishedFindingsByIds,
  decodeFinding,
  type FindingsTable,
  type FindingRow,
  type NewFinding,
  type FindingPatch,
  type FindingStatus,
  type Severity,
} from "./tables/findings.table.js";
export { writePanelToken, readPanelToken, removePanelToken } from "./files/panel-tokens.js";
export { inspectStore, type StoreInspection } from "./inspect-store.js";
export { unsentTextFile, type UnsentTextFile } from "./files/unsent-text-file.js";
export {
  markFileViewed,
  unmarkFileViewed,
  viewedFilesOfBranch,
  type ViewedFilesTable,
  type ViewedFileRow,
} from "./tables/viewed-files.table.js";
export {
  replaceTour,
  tourOfBranch,
  type ToursTable,
  type TourRow,
  type StoredTourStep,
} from "./tables/tours.table.js";
export {
  pickBranchBase,
  forgetBranchBase,
  branchBaseOf,
  type BranchBasesTable,
  type BranchBaseRow,
} from "./tables/branch-bases.table.js";
export {
  listCursorById,
  keepListCursor,
  type ListCursorsTable,
  type ListCursorRow,
} from "./tables/list-cursors.table.js";
export {
  locatedAnchorsOf,
  keepLocatedAnchors,
  type LocatedAnchorsTable,
  type LocatedAnchorRow,
} from "./tables/located-anchors.table.js";
export {
  ensureForgePull,
  forgePullByKey,
  forgePullsOfBranch,
  markForgePulled,
  forgeThreadsOfPull,
  forgeThreadsByIds,
  insertForgeThread,
  setForgeThreadResolved,
  forgeMessagesByIds,
  forgeCommentIdsOfPull,
  unsentForgeReplies,
  insertForgeMessage,
  updateForgeMessage,
  claimForgeReply,
  type ReplyClaim,
  type ForgePullsTable,
  type ForgeThreadsTable,
  type ForgeMessagesTable,
  type ForgePullRow,
  type ForgeThreadRow,
  type ForgeMessageRow,
  type ForgePullKey,
} from "./tables/forge-links.table.js";
export {
  insertChange,
  changeById,
  changesByIds,
  changesOfBranch,
  markChangeRestored,
  deleteChange,
  untoldChanges,
  markChangesTold,
  type ChangesTable,
  type ChangeRow,
} from "./tables/changes.table.js";
export { keepHunks, keptHunksOfBranch, type KeptHunksTable, type KeptHunkRow } from "./tables/kept-hunks.table.js";
export { dropBranchReview } from "./drop-branch.js";
