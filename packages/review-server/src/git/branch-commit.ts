import { ReviewError } from "@opencode-review/core";
import type { Repository } from "./open-repository.js";
import { execGit } from "./run-git.js";

/**
 * One commit of the checked-out branch (HEAD or one of its ancestors) and its first parent (the empty tree
 * for a root commit): the two ends of the `commit:<sha>` diff. A commit that is not on the branch is refused.
 * @example const { parent, commit } = await branchCommit(repo, "3f2a9c1")
 */
export async function branchCommit(
  repo: Pick<Repository, "workTree" | "emptyTree">,
  sha: string,
): Promise<{ readonly parent: string; readonly commit: string }> {
  const resolved = /^[0-9a-f]{4,64}$/i.test(sha)
    ? await execGit(repo.workTree, ["rev-parse", "-q", "--verify", `${sha}^{commit}`])
    : null;
  const commit = resolved?.exitCode === 0 ? resolved.stdout.toString("utf8").trim() : null;
  const onBranch =
    commit !== null && (await execGit(repo.workTree, ["merge-base", "--is-ancestor", commit, "HEAD"])).exitCode === 0;
  if (commit === null || !onBranch)
    throw new ReviewError(
      "not_found",
      `No commit ${sha} on this branch. Give view=commit:<sha> with a commit HEAD has (git log lists them).`,
    );
  const parent = await execGit(repo.workTree, ["rev-parse", "-q", "--verify", `${commit}^1`]);
  return { parent: parent.exitCode === 0 ? parent.stdout.toString("utf8").trim() : repo.emptyTree, commit };
}
