import { join } from "node:path";
import type { Repository } from "./open-repository.js";

/**
 * The store's default file: in the common git directory, so every worktree and clone-local tool shares it
 * and it is never part of the work tree.
 * @example defaultDbPath(repo) // "/home/me/app/.git/opencode-review/review.sqlite"
 */
export function defaultDbPath(repo: Pick<Repository, "commonDir">): string {
  return join(repo.commonDir, "opencode-review", "review.sqlite");
}
