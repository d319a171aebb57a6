import type { Repository } from "./open-repository.js";
import { execGit } from "./run-git.js";

/** The sha1 empty tree: the base of a branch with no commits. */
export const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/**
 * Reads HEAD now: the commit a branch's first round is measured against, or the empty tree before the first commit.
 * @example const base = await resolveHead(repo); // "9fceb02…" or repo.emptyTree
 */
export async function resolveHead(repo: Pick<Repository, "workTree" | "emptyTree">): Promise<string> {
  const verified = await execGit(repo.workTree, ["rev-parse", "-q", "--verify", "HEAD^{commit}"]);
  return verified.exitCode === 0 ? verified.stdout.toString("utf8").trim() : repo.emptyTree;
}
