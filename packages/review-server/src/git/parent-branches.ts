import type { Repository } from "./open-repository.js";
import { execGit, runGit } from "./run-git.js";

/** A local branch the current one could be reviewed against, as its pull request would be. */
export interface ParentBranch {
  readonly name: string;
  /** Where the current branch left it: the commit a pull request against it starts from. */
  readonly mergeBase: string;
  /** Commits on the current branch since that point: the fewer, the nearer the parent. */
  readonly ahead: number;
}

/**
 * The other local branches that share history with HEAD, nearest parent first (fewest commits of HEAD's
 * since their merge base; a branch HEAD has not left, such as a child of HEAD, is not a parent and is left out).
 * @example (await parentBranches(repo))[0] // { name: "feature", mergeBase: "3f2a…", ahead: 1 }
 */
export async function parentBranches(
  repo: Pick<Repository, "workTree">,
  current: string | null,
): Promise<ParentBranch[]> {
  const head = await execGit(repo.workTree, ["rev-parse", "-q", "--verify", "HEAD^{commit}"]);
  if (head.exitCode !== 0) return [];
  const names = (await runGit(repo.workTree, ["for-each-ref", "--format=%(refname:short)", "refs/heads/"]))
    .split("\n")
    .filter((n) => n && n !== current);
  const found: ParentBranch[] = [];
  for (const name of names) {
    const base = await execGit(repo.workTree, ["merge-base", "HEAD", `refs/heads/${name}`]);
    if (base.exitCode !== 0) continue; // unrelated history
    const mergeBase = base.stdout.toString("utf8").trim();
    const ahead = Number((await runGit(repo.workTree, ["rev-list", "--count", `${mergeBase}..HEAD`])).trim());
    if (ahead > 0) found.push({ name, mergeBase, ahead });
  }
  return found.sort((a, b) => a.ahead - b.ahead || a.name.localeCompare(b.name));
}

/**
 * The merge base of HEAD and a local branch, or null when there is no such branch or no shared history.
 * @example await branchMergeBase(repo, "main") // "9fceb02…"
 */
export async function branchMergeBase(repo: Pick<Repository, "workTree">, name: string): Promise<string | null> {
  if (!/^[\w./-]+$/.test(name) || name.startsWith("-")) return null;
  const base = await execGit(repo.workTree, ["merge-base", "HEAD", `refs/heads/${name}`]);
  return base.exitCode === 0 ? base.stdout.toString("utf8").trim() : null;
}
