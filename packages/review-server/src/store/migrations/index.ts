import type { Migration } from "kysely";
import { initialSchema } from "./0001-initial-schema.js";
import { threadChanges } from "./0002-thread-changes.js";
import { sessionSeenBy } from "./0003-session-seen-by.js";
import { threadBaseFile } from "./0004-thread-base-file.js";
import { privateServersAndReleaseDelivery } from "./0005-private-servers-and-release-delivery.js";
import { reviewerRuns } from "./0006-reviewer-runs.js";
import { viewedFiles } from "./0007-viewed-files.js";
import { reviewerChanges } from "./0008-reviewer-changes.js";
import { releaseOwner } from "./0009-release-owner.js";
import { branchBases } from "./0010-branch-bases.js";
import { locatedAnchors } from "./0011-located-anchors.js";
import { messageClaims } from "./0012-message-claims.js";
import { listCursors } from "./0013-list-cursors.js";
import { ownerStartTime } from "./0014-owner-start-time.js";
import { forgeLinks } from "./0015-forge-links.js";
import { forgeLogin } from "./0016-forge-login.js";
import { pullRequestMessages } from "./0017-pull-request-messages.js";
import { forgeReplyClaims } from "./0018-forge-reply-claims.js";
import { changes } from "./0020-changes.js";
import { branchWorktrees } from "./0021-branch-worktrees.js";
import { tours } from "./0022-tours.js";
import { changeLogAndRenames } from "./0023-change-log-and-renames.js";

/**
 * Every migration, in order. Names sort in the order they run and are never renamed: a database
 * that records a name missing here comes from a newer opencode-review and is refused.
 * Code, not files found at runtime, so bundlers and Bun see them.
 */
export const migrations: readonly { readonly name: string; readonly up: Migration["up"] }[] = [
  { name: "0001_initial_schema", up: initialSchema.up },
  { name: "0002_thread_changes", up: threadChanges.up },
  { name: "0003_session_seen_by", up: sessionSeenBy.up },
  { name: "0004_thread_base_file", up: threadBaseFile.up },
  { name: "0005_private_servers_and_release_delivery", up: privateServersAndReleaseDelivery.up },
  { name: "0006_reviewer_runs", up: reviewerRuns.up },
  { name: "0007_viewed_files", up: viewedFiles.up },
  { name: "0008_reviewer_changes", up: reviewerChanges.up },
  { name: "0009_release_owner", up: releaseOwner.up },
  { name: "0010_branch_bases", up: branchBases.up },
  { name: "0011_located_anchors", up: locatedAnchors.up },
  { name: "0012_message_claims", up: messageClaims.up },
  { name: "0013_list_cursors", up: listCursors.up },
  { name: "0014_owner_start_time", up: ownerStartTime.up },
  { name: "0015_forge_links", up: forgeLinks.up },
  { name: "0016_forge_login", up: forgeLogin.up },
  { name: "0017_pull_request_messages", up: pullRequestMessages.up },
  { name: "0018_forge_reply_claims", up: forgeReplyClaims.up },
  { name: "0020_changes", up: changes.up },
  { name: "0021_branch_worktrees", up: branchWorktrees.up },
  { name: "0022_tours", up: tours.up },
  { name: "0023_change_log_and_renames", up: changeLogAndRenames.up },
];
