import type { Repository } from "./open-repository.js";
import { execGit } from "./run-git.js";

/** Where the checked-out branch goes: its upstream remote's URL and the branch's name there. */
export interface UpstreamRemote {
  /** The remote's name (`origin`). */
  readonly remote: string;
  /** The remote's fetch URL as configured (`git@github.com:o/r.git`, `https://host/o/r`). */
  readonly url: string;
  /** The branch's name on the remote: the pull request's head branch. */
  readonly branch: string;
  /** `opencode-review.forge` from git config (`github` or `forgejo`), for a host whose kind its name does not tell. */
  readonly forgeKind: string | null;
}

/**
 * The upstream of the checked-out branch from git config, in one git call: `branch.<name>.remote` and
 * `.merge`, else `origin` and the same branch name; null on a detached HEAD or with no such remote.
 * @example (await upstreamRemote(repo))?.url // "git@github.com:octo/app.git"
 */
export async function upstreamRemote(repo: Pick<Repository, "workTree" | "branch">): Promise<UpstreamRemote | null> {
  if (repo.branch === null) return null;
  const result = await execGit(repo.workTree, ["config", "--null", "--list"]);
  if (result.exitCode !== 0) return null;
  // --null: each entry is "key\nvalue\0", so values with newlines or spaces stay whole.
  const config = new Map<string, string>();
  for (const entry of result.stdout.toString("utf8").split("\0")) {
    const nl = entry.indexOf("\n");
    // git prints section and variable names lowercased and the middle part (branch, remote) as written.
    if (nl > 0) config.set(entry.slice(0, nl), entry.slice(nl + 1));
  }
  const remote = config.get(`branch.${repo.branch}.remote`) ?? "origin";
  const merge = config.get(`branch.${repo.branch}.merge`);
  const url = config.get(`remote.${remote}.url`);
  if (url === undefined) return null;
  return {
    remote,
    url,
    branch: merge === undefined ? repo.branch : merge.replace(/^refs\/heads\//, ""),
    forgeKind: config.get("opencode-review.forge") ?? null,
  };
}
