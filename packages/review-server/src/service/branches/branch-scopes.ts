import { ReviewError } from "@opencode-review/core";
import type { Kysely } from "kysely";
import { branchView, listWorktrees, localBranches, type Repository, type WorktreeEntry } from "../../git/index.js";
import { latestRound, type Database } from "../../store/index.js";
import { trackRepository } from "../files/current-repository.js";
import type { ReleaseDelivery } from "../service-context.js";
import type { BranchScope } from "./branch-scope.js";

/** How long the list of work trees is reused: a panel's burst of requests costs one `git worktree list`. */
const WORKTREES_FRESH_MS = 1000;

export interface BranchScopesOptions {
  /** The service's own work tree (its repository as it is now). */
  readonly own: () => Promise<Repository>;
  readonly db: Kysely<Database>;
  /** The service's own delivery: its mode is kept for releases handed to another work tree's agent. */
  readonly delivery: ReleaseDelivery;
}

/** Finds the scope a branch name asks for; see createBranchScopes. */
export interface BranchScopes {
  /**
   * The scope of `branch`, or null when it is the service's own branch (no scope needed). Throws
   * "not_found" for a branch that has neither a ref, a work tree nor a review.
   */
  scopeFor(branch: string): Promise<BranchScope | null>;
  /** The work trees of the repository (cached for a second). */
  worktrees(): Promise<readonly WorktreeEntry[]>;
  /** A work tree's repository as it is now (one tracker per work tree, reused). */
  open(worktree: string): Promise<Repository>;
  /** Forgets the work trees listed, so the next look sees one just added or removed. */
  refresh(): void;
}

/**
 * The refusal of a write on a branch checked out in no work tree (its review is read-only), in one set of words
 * for both panels: the HTTP middleware and the terminal's branch view.
 * @example throw readOnlyBranch("agent-a")
 */
export function readOnlyBranch(branch: string): ReviewError {
  return new ReviewError(
    "conflict",
    `Branch ${branch} is checked out in no work tree, so its review is read-only (its last round is shown). Check it out (git worktree add <folder> ${branch}) to comment, release or change its files.`,
  );
}

/** The name a work tree's line of work goes by: its branch, or `detached:<sha>` (as Repository.branchKey). */
export function worktreeBranch(entry: WorktreeEntry): string | null {
  return entry.branch ?? (entry.head === null ? null : `detached:${entry.head}`);
}

/**
 * A release on another work tree's branch waits in the store, named for that work tree; the process
 * working there delivers it to its own agent (see deliverHandedOff), never this process to one of its own.
 * @example handOffDelivery(own.delivery, "/repo-agent-b")
 */
export function handOffDelivery(own: ReleaseDelivery, worktree: string): ReleaseDelivery {
  return {
    // Read at each release: the terminal half sets its mode just before releasing.
    get mode() {
      return own.mode;
    },
    deliver: async () => null,
    target: async () => null,
    handsOffTo: worktree,
  };
}

/**
 * Resolves `branch=` to the branch's review: its work tree, opened and followed like the service's own; or,
 * checked out nowhere, a read-only view of its last round (branchView). One tracker per work tree.
 * @example const scope = await createBranchScopes({ own, db, delivery }).scopeFor("agent-a")
 */
export function createBranchScopes(options: BranchScopesOptions): BranchScopes {
  const trackers = new Map<string, () => Promise<Repository>>();
  let listed: { readonly at: number; readonly list: Promise<readonly WorktreeEntry[]> } | null = null;
  const worktrees = async () => {
    const now = Date.now();
    if (listed === null || now - listed.at > WORKTREES_FRESH_MS) {
      const list = options.own().then((repo) => listWorktrees(repo));
      listed = { at: now, list };
      list.catch(() => (listed = null));
    }
    return listed.list;
  };
  const tracker = (path: string) => {
    let found = trackers.get(path);
    if (found === undefined) {
      found = trackRepository(path);
      trackers.set(path, found);
    }
    return found;
  };
  return {
    worktrees,
    open: (path) => tracker(path)(),
    refresh: () => {
      listed = null;
    },
    async scopeFor(branch) {
      const own = await options.own();
      if (branch === own.branchKey || branch === own.branch) return null;
      const entry = (await worktrees()).find((w) => worktreeBranch(w) === branch && !w.prunable && !w.bare);
      if (entry !== undefined) {
        const track = tracker(entry.path);
        return {
          branch,
          worktree: entry.path,
          repository: async () => {
            const repo = await track();
            // Switched away meanwhile: the branch is elsewhere or nowhere now; answer for it, not the new one.
            if (repo.branchKey !== branch)
              throw new ReviewError("conflict", `Branch ${branch} moved; list the branches again.`);
            return repo;
          },
          delivery: handOffDelivery(options.delivery, entry.path),
        };
      }
      const round = await latestRound(options.db, branch);
      const tip = (await localBranches(own)).get(branch) ?? null;
      if (round === undefined && tip === null)
        throw new ReviewError("not_found", `No branch ${branch} here. GET /api/branches lists them.`);
      const at = round?.snapshot ?? tip!;
      let view: Promise<Repository> | null = null;
      return {
        branch,
        worktree: null,
        repository: () => (view ??= branchView(own, branch, at, tip)),
        delivery: { mode: options.delivery.mode, deliver: async () => null, target: async () => null },
      };
    },
  };
}
