import { ReviewError } from "@opencode-review/core";
import { upstreamRemote, type Repository, type UpstreamRemote } from "../git/index.js";
import type { ForgeClient } from "./forge-client.js";
import { forgeEndpoint } from "./forge-endpoint.js";
import { forgeKindOf, parseRemoteUrl } from "./forge-remote.js";
import { readForgeToken, type TokenSource } from "./forge-token.js";
import { forgeEntry } from "./forge-registry.js";

/** The forge of a branch: its client, and the branch's name there (the pull request's head). */
export interface BranchForge {
  readonly client: ForgeClient;
  readonly upstream: UpstreamRemote;
}

/**
 * Finds the forge of the checked-out branch from its upstream remote and makes its client; the token is
 * read by each request, not here. Throws a ReviewError saying what to do when the branch has no remote,
 * the remote is no forge URL, or its host's kind cannot be told.
 * @example const { client, upstream } = await openForge(repo, { env: process.env });
 */
export async function openForge(repo: Repository, source: TokenSource): Promise<BranchForge> {
  const upstream = await upstreamRemote(repo);
  if (upstream === null) {
    throw new ReviewError(
      "no_pull_request",
      repo.branch === null
        ? "HEAD is detached, so there is no branch to find a pull request for; check out the pull request's branch, or give --pr N."
        : `the branch ${repo.branch} has no remote to find its pull request on; add one (git remote add origin URL) and push the branch (git push -u origin ${repo.branch}).`,
    );
  }
  const repository = parseRemoteUrl(upstream.url);
  if (repository === null) {
    // Not a usage error (exit 1, docs/cli.md): the command line was right, the repository has no forge to ask.
    throw new ReviewError(
      "conflict",
      `the remote ${upstream.remote} (${upstream.url}) is not on a forge (an SSH or HTTPS URL of GitHub, Forgejo or Gitea); point it at the pull request's repository.`,
    );
  }
  const kind = forgeKindOf(repository.host, upstream.forgeKind, source.env);
  if (kind === null) {
    throw new ReviewError(
      "conflict",
      `cannot tell which forge ${repository.host} is; run git config opencode-review.forge github (GitHub Enterprise) or git config opencode-review.forge forgejo (Forgejo, Gitea).`,
    );
  }
  const endpoint = forgeEndpoint(kind, repository, source.env);
  const token = () => readForgeToken(kind, repository.host, source);
  const client = forgeEntry(kind).createClient({ repository, endpoint, token });
  return { client, upstream };
}
