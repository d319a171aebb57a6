import type { BranchBasesTable } from "./branch-bases.table.js";
import type { FindingsTable } from "./findings.table.js";
import type { ListCursorsTable } from "./list-cursors.table.js";
import type { ForgeMessagesTable, ForgePullsTable, ForgeThreadsTable } from "./forge-links.table.js";
import type { LocatedAnchorsTable } from "./located-anchors.table.js";
import type { MessagesTable } from "./messages.table.js";
import type { ReviewerChangesTable } from "./reviewer-changes.table.js";
import type { RunsTable } from "./runs.table.js";
import type { ReviewsTable } from "./reviews.table.js";
import type { RoundsTable } from "./rounds.table.js";
import type { ServersTable } from "./servers.table.js";
import type { SessionsTable } from "./sessions.table.js";
import type { ThreadChangesTable } from "./thread-changes.table.js";
import type { ThreadsTable } from "./threads.table.js";
import type { ViewedFilesTable } from "./viewed-files.table.js";

/** The store's tables as Kysely sees them (Kysely's own migration tables are not listed). */
export interface Database {
  rounds: RoundsTable;
  threads: ThreadsTable;
  messages: MessagesTable;
  reviews: ReviewsTable;
  sessions: SessionsTable;
  servers: ServersTable;
  thread_changes: ThreadChangesTable;
  runs: RunsTable;
  findings: FindingsTable;
  viewed_files: ViewedFilesTable;
  reviewer_changes: ReviewerChangesTable;
  branch_bases: BranchBasesTable;
  located_anchors: LocatedAnchorsTable;
  list_cursors: ListCursorsTable;
  forge_pulls: ForgePullsTable;
  forge_threads: ForgeThreadsTable;
  forge_messages: ForgeMessagesTable;
}
