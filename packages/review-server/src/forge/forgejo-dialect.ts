/** What a Forgejo or Gitea server's API can do for review threads, told by its version. */
export interface ForgejoDialect {
  /** Forgejo: a comment added to a review on a line joins that conversation (`POST .../reviews/{id}/comments`). */
  readonly threadedReply: boolean;
  /** Gitea 1.26+: `POST .../pulls/comments/{id}/resolve`. Forgejo's API has no resolve. */
  readonly resolve: boolean;
  /** Forgejo's page shows one conversation per review on a line; Gitea's one per line. */
  readonly groupByReview: boolean;
}

/**
 * The dialect of a server from `GET /version`: Forgejo reports its own major (7 and later, with
 * `+gitea-1.x` after it), Gitea `1.x.y`. Older Forgejo (`1.21.x-N`) and unknown answers get neither a
 * threaded reply nor a resolve: the quoting reply works everywhere.
 * @example forgejoDialect("15.0.3+gitea-1.22.0").threadedReply // true
 */
export function forgejoDialect(version: string): ForgejoDialect {
  const [major = 0, minor = 0] = (/^v?(\d+)\.(\d+)/.exec(version.trim()) ?? []).slice(1).map(Number);
  if (major >= 7 || version.includes("+gitea-")) return { threadedReply: true, resolve: false, groupByReview: true };
  const gitea = major === 1 && !/^v?1\.\d+\.\d+-\d+/.test(version.trim());
  return { threadedReply: false, resolve: gitea && minor >= 26, groupByReview: false };
}
