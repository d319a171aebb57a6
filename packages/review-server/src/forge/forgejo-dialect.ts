import { forgeEntry, hasAbility } from "./forge-registry.js";

/** What a Forgejo or Gitea server's API can do for review threads, told by its version (see the registry). */
export interface ForgejoDialect {
  readonly name: "Forgejo" | "Gitea";
  /** Forgejo: a comment added to a review on a line joins that conversation (`POST .../reviews/{id}/comments`). */
  readonly threadedReply: boolean;
  /** Gitea 1.26+: `POST .../pulls/comments/{id}/resolve`. Forgejo's API has no resolve. */
  readonly resolve: boolean;
  /** Forgejo's page shows one conversation per review on a line; Gitea's one per line. */
  readonly groupByReview: boolean;
}

/**
 * The dialect of a server from `GET /version`, and its abilities at that version from the registry: Forgejo
 * reports its own major (7 and later, with `+gitea-1.x` after it), Gitea `1.x.y`. Older Forgejo (`1.21.x-N`)
 * is Forgejo before its abilities; an unknown answer is Gitea at no version: the quoting reply works everywhere.
 * @example forgejoDialect("15.0.3+gitea-1.22.0").threadedReply // true
 */
export function forgejoDialect(version: string): ForgejoDialect {
  const text = version.trim();
  const numbers = (/^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(text) ?? [])
    .slice(1)
    .filter((n) => n !== undefined)
    .map(Number);
  const forgejo = (numbers[0] ?? 0) >= 7 || text.includes("+gitea-") || /^v?1\.\d+\.\d+-\d+/.test(text);
  const name = forgejo ? "Forgejo" : "Gitea";
  // Forgejo before 7 numbered itself as the Gitea it came from: it is before every Forgejo ability.
  const at = forgejo && (numbers[0] ?? 0) < 7 ? [0] : numbers;
  const dialect = forgeEntry("forgejo").dialects.find((d) => d.name === name)!;
  return {
    name,
    threadedReply: hasAbility(dialect.threadedReply, at),
    resolve: hasAbility(dialect.resolve, at),
    groupByReview: hasAbility(dialect.groupByReview, at),
  };
}
