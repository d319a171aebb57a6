import { watchWorktreeUntilStopped, type Repository } from "../git/index.js";
import { currentBranchScope, inBranchScope, outsideBranchScope } from "../service/branches/branch-scope.js";
import type { EventFeed } from "./event-bus.js";

export interface WorktreeFeedOptions {
  /** The server's own work tree; a branch's feed (started in its scope) watches that branch's work tree. */
  readonly repo: Pick<Repository, "workTree">;
  /** How long a burst of writes is gathered into one event; default 250 ms. */
  readonly settleMs?: number;
  /** Told when the watch cannot start or a folder cannot be watched; the panels then update at the next round. */
  readonly onError?: (error: unknown) => void;
}

/**
 * A branch feed (see EventBus's branchFeeds) that watches the work tree of the branch a panel listens to, while
 * one does, and publishes `worktree` with the changed paths in that branch's scope, so a file an agent writes
 * shows its new diff at once in every panel open on its branch, instead of at the next round. A branch checked
 * out nowhere has nothing to watch; nothing is watched while no panel is open.
 * @example createEventBus({ branchFeeds: [worktreeFeed({ repo })] })
 */
export function worktreeFeed(options: WorktreeFeedOptions): EventFeed {
  return {
    start(publish) {
      const scope = currentBranchScope();
      const workTree = scope === undefined ? options.repo.workTree : scope.worktree;
      if (workTree === null) return () => {};
      // The watch's callbacks publish for the branch it was started for, whatever context they fire in.
      const inScope = (work: () => void) =>
        scope === undefined ? outsideBranchScope(work) : inBranchScope(scope, work);
      return watchWorktreeUntilStopped(
        { workTree },
        {
          onChange: (paths) => inScope(() => publish({ type: "worktree", worktree: { paths } })),
          ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
          ...(options.onError === undefined ? {} : { onError: options.onError }),
        },
      );
    },
  };
}
