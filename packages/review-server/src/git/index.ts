// git: the only place in the project where git runs. A table of contents; no logic lives here.

// running git
export { execGit, runGit, runGitBuffer, type RunGitOptions, type GitResult } from "./run-git.js";

// the repository and its HEAD
export { openRepository, type Repository } from "./open-repository.js";
export { resolveHead, EMPTY_TREE } from "./resolve-head.js";
export { readHeadFile } from "./read-head-file.js";
export { worktreeStamp, worktreeHas, worktreeDigest } from "./worktree-stamp.js";
export {
  watchWorktree,
  watchWorktreeUntilStopped,
  watchFolderCount,
  type WorktreeWatch,
  type WorktreeWatchOptions,
} from "./worktree-watch.js";
export { defaultDbPath } from "./default-db-path.js";
export { upstreamRemote, type UpstreamRemote } from "./upstream-remote.js";
export { commitExists } from "./commit-exists.js";

// rounds: snapshots of the work tree kept alive under refs/opencode-review/
export { snapshotWorktree, type Snapshot } from "./snapshot.js";
export { commitSnapshot, type CommitSnapshotInput } from "./commit-snapshot.js";
export { updateRef, createRef, deleteRef, listRefs, REF_PREFIX, type RefEntry, type UpdateRefOptions } from "./refs.js";
export { roundRefName, roundRefPrefix } from "./round-ref-name.js";
export { findReviewData, removeReviewData, type ReviewData } from "./remove-review-data.js";
export { takeRound, type TakeRoundInput, type RoundResult } from "./take-round.js";

// diffs and file texts
export { diffText, diffWorktreeText } from "./diff.js";
export { changedLineCounts, diffEntries, type DiffEntry } from "./diff-entries.js";
export { treeBlobs } from "./tree-blobs.js";
export { worktreeFiles } from "./worktree-files.js";
export { indexTree } from "./index-tree.js";
export { branchCommit } from "./branch-commit.js";
export { branchCommits, type BranchCommit } from "./branch-commits.js";
export { renamesBetween } from "./renames.js";
export { readFiles } from "./read-files.js";
export { readWorktreeFile, readWorktreeBytes } from "./read-worktree-file.js";
export { writeWorktreeFile, worktreeEntry, type WorktreeFileEntry } from "./write-worktree-file.js";
export { readBlobs } from "./read-file-bytes.js";
export { branchMergeBase, parentBranches, type ParentBranch } from "./parent-branches.js";
export { toFileContent, type FileContent } from "./file-content.js";
export { resolveWorktreePath, type WorktreePathOptions } from "./worktree-path.js";
export { gitVersion } from "./git-version.js";

// every work tree of the repository (every branch in one panel)
export {
  listWorktrees,
  localBranches,
  branchView,
  dropBranchView,
  diffSize,
  worktreeStatusStamp,
  worktreeListStamp,
  type WorktreeEntry,
  type DiffSize,
} from "./worktrees.js";
