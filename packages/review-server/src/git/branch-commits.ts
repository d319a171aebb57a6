import type { Repository } from "./open-repository.js";
import { execGit } from "./run-git.js";

/** A commit of the branch, as the diff picker offers it (`view=commit:<sha>`). */
export interface BranchCommit {
  readonly sha: string;
  readonly subject: string;
}

/** How many commits the picker offers: an agent's session rarely makes more, and a list past this is unread. */
const MOST = 50;

/**
 * The branch's own commits, newest first: those since `since` (where it left its parent branch, or the
 * review's base), or HEAD's last ones when none are; first parents only, at most 50.
 * @example (await branchCommits(repo, mergeBase))[0] // { sha: "3f2a…", subject: "Add the parser" }
 */
export async function branchCommits(repo: Pick<Repository, "workTree">, since: string | null): Promise<BranchCommit[]> {
  const list = async (range: string) => {
    const out = await execGit(repo.workTree, ["log", "--first-parent", `-n${MOST}`, "--format=%H%x00%s", range, "--"]);
    if (out.exitCode !== 0) return [];
    return out.stdout
      .toString("utf8")
      .split("\n")
      .filter((l) => l.includes("\0"))
      .map((line) => {
        const [sha = "", subject = ""] = line.split("\0");
        return { sha, subject };
      });
  };
  const own = since === null ? [] : await list(`${since}..HEAD`);
  return own.length > 0 ? own : list("HEAD");
}
