import type { Repository } from "./open-repository.js";
import { execGit } from "./run-git.js";

/** The remote a branch's pull request would be on: its name and URL. */
export interface UpstreamRemote {
  readonly name: string;
  readonly url: string;
}

/**
 * The checked-out branch's upstream remote (`branch.<name>.remote`), else `origin`; null when there is none.
 * @example await upstreamRemote(repo) // { name: "origin", url: "git@github.com:acme/app.git" }
 */
export async function upstreamRemote(repo: Pick<Repository, "workTree" | "branch">): Promise<UpstreamRemote | null> {
  const config = async (key: string) => {
    const { exitCode, stdout } = await execGit(repo.workTree, ["config", "--get", key]);
    return exitCode === 0 ? stdout.toString("utf8").trim() || null : null;
  };
  const name = (repo.branch === null ? null : await config(`branch.${repo.branch}.remote`)) ?? "origin";
  const url = await config(`remote.${name}.url`);
  return url === null ? null : { name, url };
}
