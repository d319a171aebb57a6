import type { ForgeKind } from "@opencode-review/core";
import type { ForgeClient } from "./forge-client.js";
import type { ForgeEndpoint } from "./forge-endpoint.js";
import type { ForgeRepository } from "./forge-remote.js";
import { createForgejoClient } from "./forgejo-client.js";
import { createGitHubClient } from "./github-client.js";

/** What a forge's API can do for review threads, and from which version of the server. */
export interface ForgeAbility {
  /** `always`, `never`, or the first version that can (`{ from: [7] }`: 7.0 and later). */
  readonly since: "always" | "never" | { readonly from: readonly number[] };
}

/** One dialect of a forge kind: what its API can do for review threads. */
export interface ForgeDialectEntry {
  readonly name: "GitHub" | "Forgejo" | "Gitea";
  /** A reply joins the thread it answers (else it quotes the comment it answers, on the same line). */
  readonly threadedReply: ForgeAbility;
  /** The API can resolve a thread; where it cannot, a push leaves it resolved here only. */
  readonly resolve: ForgeAbility;
  /** The forge's page shows one conversation per review on a line (Forgejo 7+), else one per line (Gitea). */
  readonly groupByReview: ForgeAbility;
}

/** What a client needs to reach a forge: where, and the token read at each request. */
export interface ForgeClientOptions {
  readonly repository: ForgeRepository;
  readonly endpoint: ForgeEndpoint;
  readonly token: () => Promise<string | null>;
}

/** One kind of forge: its client, token variables, endpoint rule, how hosts are told, and its dialects. */
export interface ForgeEntry {
  readonly kind: ForgeKind;
  /** How a message names it (`GitHub`; a Forgejo or Gitea server by its host). */
  name(host: string): string;
  /** Token variables, read in this order. */
  readonly tokenVariables: readonly string[];
  /** `gh auth token` is asked after the variables. */
  readonly askGh: boolean;
  /** The variable naming the REST base, and every variable moving an API base. */
  readonly restVariable: string;
  readonly endpointVariables: readonly string[];
  /** The API bases for a host, before the HTTPS check. */
  endpoint(host: string, env: Readonly<Record<string, string | undefined>>): ForgeEndpoint;
  /** Whether a host is this forge: `sure` (its own host or variable), `likely` (named for it), or not. */
  claims(host: string, env: Readonly<Record<string, string | undefined>>): "sure" | "likely" | null;
  createClient(options: ForgeClientOptions): ForgeClient;
  /** What to do for no token, a refused token, and a token without the scope to write. */
  noToken(host: string): string;
  readonly newToken: string;
  readonly scope: string;
  readonly dialects: readonly ForgeDialectEntry[];
}

const GITHUB: ForgeEntry = {
  kind: "github",
  name: () => "GitHub",
  tokenVariables: ["GH_TOKEN", "GITHUB_TOKEN"],
  askGh: true,
  restVariable: "GITHUB_API_URL",
  endpointVariables: ["GITHUB_API_URL", "GITHUB_GRAPHQL_URL"],
  endpoint: (host, env) =>
    host === "github.com"
      ? {
          rest: env.GITHUB_API_URL || "https://api.github.com",
          graphql: env.GITHUB_GRAPHQL_URL || "https://api.github.com/graphql",
        }
      : {
          rest: env.GITHUB_API_URL || `https://${host}/api/v3`,
          graphql: env.GITHUB_GRAPHQL_URL || `https://${host}/api/graphql`,
        },
  claims: (name, env) => {
    if (name === "github.com" || name.endsWith(".ghe.com")) return "sure";
    if (hostOf(env.GITHUB_API_URL) === name || hostOf(env.GITHUB_GRAPHQL_URL) === name) return "sure";
    return /(^|[.-])github([.-]|$)/.test(name) ? "likely" : null;
  },
  createClient: createGitHubClient,
  noToken: (host) =>
    `no token for ${host}: set GH_TOKEN or GITHUB_TOKEN to a token that may read and write pull requests (classic scope "repo"), or install gh and run gh auth login.`,
  newToken: "GH_TOKEN, or run gh auth login again",
  scope: '"repo" (classic token) or Pull requests: read and write (fine-grained), or run gh auth refresh -s repo',
  dialects: [
    {
      name: "GitHub",
      threadedReply: { since: "always" },
      resolve: { since: "always" },
      groupByReview: { since: "never" },
    },
  ],
};

const FORGEJO: ForgeEntry = {
  kind: "forgejo",
  name: (host) => host,
  tokenVariables: ["FORGEJO_TOKEN", "GITEA_TOKEN"],
  askGh: false,
  restVariable: "FORGEJO_API_URL",
  endpointVariables: ["FORGEJO_API_URL"],
  endpoint: (host, env) => ({ rest: env.FORGEJO_API_URL || `https://${host}/api/v1`, graphql: null }),
  claims: (name, env) =>
    hostOf(env.FORGEJO_API_URL) === name ||
    name === "codeberg.org" ||
    name === "gitea.com" ||
    /(^|[.-])(forgejo|gitea)([.-]|$)/.test(name)
      ? "sure"
      : null,
  createClient: createForgejoClient,
  noToken: (host) =>
    `no token for ${host}: set FORGEJO_TOKEN or GITEA_TOKEN to a token with repository read and write access (made at https://${host}/user/settings/applications).`,
  newToken: "FORGEJO_TOKEN",
  scope: "write:repository",
  dialects: [
    // Forgejo 7 and later add a comment to a conversation's review; its API has no resolve.
    {
      name: "Forgejo",
      threadedReply: { since: { from: [7] } },
      resolve: { since: "never" },
      groupByReview: { since: { from: [7] } },
    },
    // Gitea resolves from 1.26 (POST .../pulls/comments/{id}/resolve); it cannot add to a submitted review.
    {
      name: "Gitea",
      threadedReply: { since: "never" },
      resolve: { since: { from: [1, 26] } },
      groupByReview: { since: "never" },
    },
  ],
};

/** Every forge kind, in the order hosts are told apart. The rest of the code asks this table, never a kind. */
export const FORGES: readonly ForgeEntry[] = [GITHUB, FORGEJO];

/** Every variable a token is read from, for a client that hands an MCP server only the variables it is told to. */
export const TOKEN_VARIABLES: readonly string[] = FORGES.flatMap((f) => f.tokenVariables);

/** The variables that move the API bases, for a client that hands an MCP server only the variables it is told to. */
export const ENDPOINT_VARIABLES: readonly string[] = FORGES.flatMap((f) => f.endpointVariables);

/**
 * The entry of a forge kind.
 * @example forgeEntry("forgejo").tokenVariables // ["FORGEJO_TOKEN", "GITEA_TOKEN"]
 */
export function forgeEntry(kind: ForgeKind): ForgeEntry {
  return FORGES.find((f) => f.kind === kind)!;
}

/**
 * Whether a dialect at a server's version has an ability.
 * @example hasAbility(forgeEntry("forgejo").dialects[1]!.resolve, [1, 26, 3]) // true
 */
export function hasAbility(ability: ForgeAbility, version: readonly number[]): boolean {
  if (typeof ability.since === "string") return ability.since === "always";
  const from = ability.since.from;
  for (let i = 0; i < from.length; i++) {
    const have = version[i] ?? 0;
    if (have !== from[i]) return have > from[i]!;
  }
  return true;
}

function hostOf(url: string | undefined): string | null {
  if (url === undefined || url === "") return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}
