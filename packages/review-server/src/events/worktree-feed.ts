import { watchWorktree, type Repository } from "../git/index.js";
import type { EventFeed } from "./event-bus.js";

export interface WorktreeFeedOptions {
  readonly repo: Pick<Repository, "workTree">;
  /** How long a burst of writes is gathered into one event; default 250 ms. */
  readonly settleMs?: number;
  /** Told when the watch cannot start or a folder cannot be watched; the panels then update at the next round. */
  readonly onError?: (error: unknown) => void;
}

/**
 * A feed that watches the work tree while a panel listens and publishes `worktree` with the changed paths,
 * so a file the agent writes shows its new diff at once instead of at the next round. Nothing is watched
 * while no panel is open.
 * @example createEventBus({ feeds: [worktreeFeed({ repo })] })
 */
export function worktreeFeed(options: WorktreeFeedOptions): EventFeed {
  return {
    start(publish) {
      let stopped = false;
      let stop = () => {};
      void watchWorktree(options.repo, {
        onChange: (paths) => publish({ type: "worktree", worktree: { paths } }),
        ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
        ...(options.onError === undefined ? {} : { onError: options.onError }),
      }).then(
        (watch) => (stopped ? watch.close() : (stop = () => watch.close())),
        (error: unknown) => options.onError?.(error),
      );
      return () => {
        stopped = true;
        stop();
      };
    },
  };
}
