import { sql, type Kysely } from "kysely";
import type { EventFeed } from "../../events/event-bus.js";
import {
  watchFolderCount,
  watchWorktree,
  worktreeListStamp,
  worktreeStatusStamp,
  type DiffSize,
  type Repository,
  type WorktreeWatch,
} from "../../git/index.js";
import type { Database } from "../../store/index.js";
import type { BranchScopes } from "./branch-scopes.js";
import type { BranchEntry } from "./list-branches.js";

/**
 * inotify watches a process may take, by default: 8,192 is Linux's default `max_user_watches` before 5.11
 * (and still on many desktops), shared by every process of the user; the branch list stays inside it.
 */
export const DEFAULT_WATCH_BUDGET = 8192;

/** How the branch list learns of edits in the work trees: which are watched, which polled, and why. */
export interface BranchWatchState {
  /** Folders watched (one inotify watch each), this feed's and the server's own work-tree watch together. */
  readonly watches: number;
  readonly budget: number;
  /** Work trees over the budget, whose changes are found by polling git's status instead. */
  readonly polled: readonly string[];
  /** Said when some work tree is polled: why, and what it costs. */
  readonly note: string | null;
}

export interface BranchFeedOptions {
  readonly db: Kysely<Database>;
  readonly own: () => Promise<Repository>;
  readonly scopes: BranchScopes;
  /** The list, computed with a cache of each work tree's change size (the feed drops a work tree's entry when it changes). */
  readonly list: (sizes: Map<string, Promise<DiffSize>>) => Promise<{ readonly branches: readonly BranchEntry[] }>;
  readonly budget?: number;
  /** How often the store and git's files are looked at; default 1000 ms. */
  readonly intervalMs?: number;
  readonly onError?: (error: unknown) => void;
}

/** A feed of `branch` events, and what it watches now. */
export interface BranchFeed extends EventFeed {
  state(): BranchWatchState;
}

/**
 * While a panel listens, publishes `branch` with a branch's entry whenever it changes: a reply or release on
 * any branch (a stamp of the store, polled each second), a work tree added or removed (the times of git's
 * own files), an edit in any work tree (a non-recursive watch per folder, as the server's own work tree is
 * watched, while the folders of every work tree fit the watch budget; past it, the rest are polled with
 * `git status` every other second, and the state says so). Only the changed work tree's size is read again.
 * @example createEventBus({ feeds: [branchFeed({ db, own, scopes, list })] })
 */
export function branchFeed(options: BranchFeedOptions): BranchFeed {
  const budget = options.budget ?? DEFAULT_WATCH_BUDGET;
  const intervalMs = options.intervalMs ?? 1000;
  let state: BranchWatchState = { watches: 0, budget, polled: [], note: null };
  return {
    state: () => state,
    start(publish) {
      let stopped = false;
      const sizes = new Map<string, Promise<DiffSize>>();
      const watches = new Map<string, WorktreeWatch>();
      const polled = new Map<string, string | null>();
      const last = new Map<string, string>();
      let used = 0;
      let storeStamp: string | null = null;
      let listStamp: string | null = null;
      let ticks = 0;
      let timer: ReturnType<typeof setTimeout> | null = null;
      let computing = false;
      let again = false;

      const forget = (path: string) => {
        for (const key of [...sizes.keys()]) if (key.startsWith(`${path}\0`)) sizes.delete(key);
      };
      const compute = async () => {
        if (computing) {
          again = true;
          return;
        }
        computing = true;
        try {
          const { branches } = await options.list(sizes);
          for (const entry of branches) {
            const json = JSON.stringify(entry);
            if (last.get(entry.branch) === json) continue;
            last.set(entry.branch, json);
            if (!stopped) publish({ type: "branch", branch: entry });
          }
        } catch (error) {
          // A list under way when the last panel left may find the store closed: nobody hears it any more.
          if (!stopped) options.onError?.(error);
        } finally {
          computing = false;
          if (again) {
            again = false;
            schedule();
          }
        }
      };
      const schedule = () => {
        if (stopped || timer !== null) return;
        timer = setTimeout(() => {
          timer = null;
          void compute();
        }, 150);
      };
      const place = async () => {
        const own = await options.own();
        const list = (await options.scopes.worktrees()).filter((w) => !w.prunable && !w.bare);
        const paths = new Set(list.map((w) => w.path));
        for (const [path, watch] of watches)
          if (!paths.has(path)) {
            watch.close();
            watches.delete(path);
            forget(path);
          }
        for (const path of [...polled.keys()]) if (!paths.has(path)) polled.delete(path);
        // The server's own work tree first: its own watch (the worktree feed) costs the same folders again.
        const ordered = [...list].sort((a, b) => Number(b.path === own.workTree) - Number(a.path === own.workTree));
        for (const w of ordered) {
          if (watches.has(w.path) || polled.has(w.path)) continue;
          const count = await watchFolderCount({ workTree: w.path }).catch(() => null);
          const cost = count === null ? 0 : w.path === own.workTree ? count * 2 : count;
          if (count === null || used + cost > budget) {
            polled.set(w.path, null);
            continue;
          }
          const watch = await watchWorktree(
            { workTree: w.path },
            {
              onChange: () => {
                forget(w.path);
                schedule();
              },
              ...(options.onError === undefined ? {} : { onError: options.onError }),
            },
          ).catch(() => null);
          if (watch === null) polled.set(w.path, null);
          else {
            watches.set(w.path, watch);
            used += w.path === own.workTree ? watch.folders() * 2 : watch.folders();
            // The first list was read while the watches were placed: an edit made before this one was in place
            // reached no watch, so this work tree's size is read once more now that it is watched.
            forget(w.path);
            schedule();
          }
          if (stopped) watch?.close();
        }
        const polledPaths = [...polled.keys()];
        state = {
          watches: used,
          budget,
          polled: polledPaths,
          note:
            polledPaths.length === 0
              ? null
              : `${polledPaths.length} work tree(s) are over the budget of ${budget} watched folders: their edits are found by polling git status every ${(intervalMs * 2) / 1000} s.`,
        };
      };
      const tick = async () => {
        ticks += 1;
        const own = await options.own();
        const stampNow = worktreeListStamp(own);
        if (stampNow !== listStamp) {
          const first = listStamp === null;
          listStamp = stampNow;
          if (!first) options.scopes.refresh();
          // The first list is read while the watches are placed, not after: a panel sees it sooner.
          if (first) schedule();
          await place();
          if (!first) {
            for (const path of [...watches.keys(), ...polled.keys()]) forget(path);
            schedule();
          }
        }
        const store = await storeStampOf(options.db);
        if (store !== storeStamp) {
          storeStamp = store;
          schedule();
        }
        if (ticks % 2 === 0)
          for (const [path, before] of polled) {
            const now = await worktreeStatusStamp(path).catch(() => null);
            if (now !== before) {
              polled.set(path, now);
              // The first stamp too: an edit between the first list and it would otherwise be missed.
              forget(path);
              schedule();
            }
          }
      };
      let running = false;
      const interval = setInterval(() => {
        if (running || stopped) return;
        running = true;
        void tick()
          .catch((error: unknown) => options.onError?.(error))
          .finally(() => {
            running = false;
          });
      }, intervalMs);
      (interval as { unref?: () => void }).unref?.();
      running = true;
      void tick()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running = false;
        });
      return () => {
        stopped = true;
        clearInterval(interval);
        if (timer !== null) clearTimeout(timer);
        for (const watch of watches.values()) watch.close();
        watches.clear();
        state = { watches: 0, budget, polled: [], note: null };
      };
    },
  };
}

/** A text that changes with every write the branch list shows: threads and messages, rounds, releases, sessions, panels. */
async function storeStampOf(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ stamp: string }>`SELECT
      coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'thread_changes'), 0) || ' ' ||
      (SELECT count(*) FROM rounds) || ' ' ||
      (SELECT count(*) || coalesce(max(released_at), '') || sum(delivery_state = 'delivered') FROM reviews) || ' ' ||
      (SELECT count(*) || coalesce(max(last_active_at), '') FROM sessions) || ' ' ||
      (SELECT count(*) || coalesce(max(started_at), '') FROM servers) AS stamp`.execute(db);
  return String(result.rows[0]?.stamp ?? "");
}
