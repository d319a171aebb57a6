import type { Repository } from "./open-repository.js";
import { runGit } from "./run-git.js";

/**
 * Every file git would list in the work tree: tracked ones still there, and untracked ones not ignored,
 * sorted by path (what go-to-file offers beside the changed files).
 * @example await worktreeFiles(repo) // ["README.md", "docs/plan.md", "src/app.ts"]
 */
export async function worktreeFiles(repo: Pick<Repository, "workTree">): Promise<string[]> {
  const [listed, deleted] = await Promise.all([
    runGit(repo.workTree, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]),
    runGit(repo.workTree, ["ls-files", "-z", "--deleted"]),
  ]);
  const gone = new Set(deleted.split("\0").filter(Boolean));
  return [...new Set(listed.split("\0").filter((p) => p !== "" && !gone.has(p)))].sort();
}
