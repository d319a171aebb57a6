import type { Repository } from "./open-repository.js";
import { execGit } from "./run-git.js";

/**
 * Whether the repository holds the commit `sha` (a pull request's commit may not have been fetched).
 * @example await commitExists(repo, "3f2a...") // false until `git fetch` brought it
 */
export async function commitExists(repo: Pick<Repository, "workTree">, sha: string): Promise<boolean> {
  if (!/^[0-9a-f]{4,64}$/i.test(sha)) return false;
  const result = await execGit(repo.workTree, ["cat-file", "-e", `${sha}^{commit}`]);
  return result.exitCode === 0;
}
