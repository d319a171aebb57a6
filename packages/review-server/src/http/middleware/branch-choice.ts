import type { MiddlewareHandler } from "hono";
import { inBranchScope, readOnlyBranch, type BranchScopes } from "../../service/index.js";

/** The query parameter every `/api` route takes: the branch whose review the request is about. */
export const branchQueryParameter = "branch";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * `branch=<name>` on any `/api` request: the request runs in that branch's scope (its work tree for diffs
 * and files, its threads, rounds and releases), so every route, whoever wrote it, answers for the branch
 * without knowing of branches. Absent, empty or the server's own branch: the server's own. A branch checked
 * out nowhere is read-only: a request that would change anything is refused (409), saying why.
 * @example app.use("/api/*", branchChoice(service.branchScopes))
 */
export function branchChoice(scopes: BranchScopes): MiddlewareHandler {
  return async (c, next) => {
    const branch = c.req.query(branchQueryParameter);
    if (branch === undefined || branch === "") return next();
    const scope = await scopes.scopeFor(branch);
    if (scope === null) return next();
    if (scope.worktree === null && !READS.has(c.req.method)) throw readOnlyBranch(branch);
    await inBranchScope(scope, () => next());
  };
}
