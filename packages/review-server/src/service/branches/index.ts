// Every branch and work tree of the repository in one panel. A table of contents; no logic lives here.
export { inBranchScope, currentBranchScope, outsideBranchScope, type BranchScope } from "./branch-scope.js";
export { branchFeed, DEFAULT_WATCH_BUDGET, type BranchFeed, type BranchWatchState } from "./branch-feed.js";
export {
  createBranchScopes,
  handOffDelivery,
  readOnlyBranch,
  worktreeBranch,
  type BranchScopes,
  type BranchScopesOptions,
} from "./branch-scopes.js";
export { listBranches, type BranchEntry, type BranchAgent, type ListBranchesInput } from "./list-branches.js";
export { deliverHandedOff } from "./deliver-handed-off.js";
export { compareBranches } from "./compare-branches.js";
export { branchOperations, type BranchOperations, type BranchDeps } from "./branch-operations.js";
