import type { DiffSize, Repository } from "../../git/index.js";
import type { DeliveryRetry } from "../review/deliver-review.js";
import type { ReleaseDelivery, ServiceContext } from "../service-context.js";
import type { BranchWatchState } from "./branch-feed.js";
import { createBranchScopes } from "./branch-scopes.js";
import { compareBranches } from "./compare-branches.js";
import { deliverHandedOff } from "./deliver-handed-off.js";
import { listBranches } from "./list-branches.js";

/** What the branch operations share with the rest of the service. */
export interface BranchDeps {
  /** The service's own work tree. */
  readonly ownRepository: () => Promise<Repository>;
  /** How this work tree's releases reach its agent (other work trees' releases are handed off). */
  readonly delivery: ReleaseDelivery;
  readonly deliveryRetry: DeliveryRetry | undefined;
  /** What the branch list's live feed watches now; reported with the list when given. */
  readonly branchWatch: (() => BranchWatchState) | undefined;
}

/**
 * Every branch in one panel: the scopes a request's `branch=` picks, the list, a comparison of two, and the
 * releases handed off to this work tree.
 * @example await branchOperations(ctx, deps).listBranches();
 */
export function branchOperations(ctx: ServiceContext, deps: BranchDeps) {
  const { ownRepository, branchWatch } = deps;
  // Every branch of the repository: `branch=` on a request picks one of these scopes (see BranchScope).
  const scopes = createBranchScopes({ own: ownRepository, db: ctx.db, delivery: deps.delivery });
  return {
    branchScopes: scopes,
    /** Every branch (see listBranches); `sizes`: the live feed's cache of each work tree's change size. */
    listBranches: async (sizes?: Map<string, Promise<DiffSize>>) => {
      const list = await listBranches({
        own: ownRepository,
        db: ctx.db,
        scopes,
        now: ctx.now,
        ...(sizes ? { sizes } : {}),
      });
      return branchWatch === undefined ? list : { ...list, watch: branchWatch() };
    },
    compareBranches: (a: string, b: string, query: Parameters<typeof compareBranches>[4] = {}) =>
      compareBranches(scopes, ownRepository, a, b, query),
    /** Releases made for this work tree's agent from a panel on another one: delivered here. */
    deliverHandedOff: () => deliverHandedOff(ctx, deps.deliveryRetry),
  };
}

export type BranchOperations = ReturnType<typeof branchOperations>;
