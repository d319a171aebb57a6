import { AsyncLocalStorage } from "node:async_hooks";
import type { Repository } from "../../git/index.js";
import type { ReleaseDelivery } from "../service-context.js";

/**
 * The branch one request (or one piece of work) is about, when it is not the service's own: its
 * repository (the branch's work tree, or a read-only view of its last round), and how a release there
 * reaches its agent. Every service operation reads the repository and the delivery through the service's
 * context, which asks the scope first: so a route written for the service's own branch answers for any
 * branch without knowing of branches at all.
 */
export interface BranchScope {
  readonly branch: string;
  /** The branch's work tree now; null when it is checked out nowhere (the scope is read-only then). */
  readonly worktree: string | null;
  readonly repository: () => Promise<Repository>;
  /** How a release on the branch reaches its agent (see handOffDelivery); absent: the service's own. */
  readonly delivery?: ReleaseDelivery;
}

const scopes = new AsyncLocalStorage<BranchScope>();

/**
 * Runs `work` with `scope` as the branch every service operation inside it (and what they start) is about.
 * @example await inBranchScope(scope, () => next())
 */
export function inBranchScope<T>(scope: BranchScope, work: () => T): T {
  return scopes.run(scope, work);
}

/**
 * The scope the caller runs in, or undefined: the service's own branch.
 * @example const repo = await (currentBranchScope()?.repository() ?? own())
 */
export function currentBranchScope(): BranchScope | undefined {
  return scopes.getStore();
}

/**
 * Runs `work` outside any branch scope: for what a request starts that lives beyond it and must answer for
 * the service's own branch (the event bus's feeds, started by the first panel to listen).
 * @example outsideBranchScope(() => feed.start(publish))
 */
export function outsideBranchScope<T>(work: () => T): T {
  return scopes.exit(work);
}
