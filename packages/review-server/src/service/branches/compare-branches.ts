import { snapshotWorktree, type Repository } from "../../git/index.js";
import { limitedDiff, type DiffFileJson } from "../rounds/diff-limits.js";
import type { BranchScopes } from "./branch-scopes.js";

/**
 * The diff between two branches' work trees (two agents' attempts at one task), shaped as the review's
 * diff: `a` is the old side, `b` the new. A branch checked out nowhere takes part as its last round.
 * A comment on it belongs to `b` on the new side, to `a` on the old (the panel posts it with `branch=`).
 * @example await compareBranches(scopes, own, "agent-a", "agent-b", {})
 */
export async function compareBranches(
  scopes: BranchScopes,
  own: () => Promise<Repository>,
  a: string,
  b: string,
  query: { readonly file?: string; readonly full?: boolean },
): Promise<DiffFileJson[]> {
  const repositoryOf = async (branch: string) => (await scopes.scopeFor(branch))?.repository() ?? own();
  const [repoA, repoB] = await Promise.all([repositoryOf(a), repositoryOf(b)]);
  const [treeA, treeB] = await Promise.all([snapshotWorktree(repoA), snapshotWorktree(repoB)]);
  return limitedDiff(repoB, treeA.tree, treeB.tree, query);
}
