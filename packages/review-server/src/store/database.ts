import type { BranchBasesTable } from "./tables/branch-bases.table.js";
import type { FindingsTable } from "./tables/findings.table.js";
import type { ListCursorsTable } from "./tables/list-cursors.table.js";
import type { ForgeMessagesTable, ForgePullsTable, ForgeThreadsTable } from "./tables/forge-links.table.js";
import type { LocatedAnchorsTable } from "./tables/located-anchors.table.js";
import type { MessagesTable } from "./tables/messages.table.js";
import type { ReviewerChangesTable } from "./tables/reviewer-changes.table.js";
import type { RunsTable } from "./tables/runs.table.js";
import type { ReviewsTable } from "./tables/reviews.table.js";
import type { RoundsTable } from "./tables/rounds.table.js";
import type { ServersTable } from "./tables/servers.table.js";
import type { SessionsTable } from "./tables/sessions.table.js";
import type { ThreadChangesTable } from "./tables/thread-changes.table.js";
import type { ThreadsTable } from "./tables/threads.table.js";
import type { ViewedFilesTable } from "./tables/viewed-files.table.js";
import type { ChangesTable } from "./tables/changes.table.js";
import type { KeptHunksTable } from "./tables/kept-hunks.table.js";
import type { ToursTable } from "./tables/tours.table.js";

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
  changes: ChangesTable;
  kept_hunks: KeptHunksTable;
  tours: ToursTable;
}
