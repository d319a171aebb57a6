import { ReviewError, type ForgeKind } from "@opencode-review/core";
import { parseLoopbackHost } from "../http/loopback.js";
import { forgeEntry } from "./forge-registry.js";
import type { ForgeRepository } from "./forge-remote.js";

/** Where a forge's API answers. */
export interface ForgeEndpoint {
  /** REST base (`https://api.github.com`, `https://host/api/v3`, `https://host/api/v1`). */
  readonly rest: string;
  /** GitHub's GraphQL endpoint; null for Forgejo, which has none. */
  readonly graphql: string | null;
}

/**
 * The API bases for a repository's forge: `GITHUB_API_URL` / `GITHUB_GRAPHQL_URL` (GitHub's own variables)
 * or `FORGEJO_API_URL`, else from the host (github.com → api.github.com; an Enterprise host → /api/v3 and
 * /api/graphql; Forgejo → /api/v1). HTTPS only, except to a loopback address: a token never crosses a
 * network in the clear. Throws `invalid_input` for a plain-HTTP base elsewhere.
 * @example forgeEndpoint("github", { host: "github.com", owner: "o", repo: "r" }, {}).graphql // "https://api.github.com/graphql"
 */
export function forgeEndpoint(
  kind: ForgeKind,
  repository: ForgeRepository,
  env: Readonly<Record<string, string | undefined>>,
): ForgeEndpoint {
  const entry = forgeEntry(kind);
  const endpoint = entry.endpoint(repository.host, env);
  for (const [name, url] of [
    [entry.restVariable, endpoint.rest],
    ["GITHUB_GRAPHQL_URL", endpoint.graphql],
  ] as const) {
    if (url !== null) requireSafe(name, url);
  }
  return { rest: endpoint.rest.replace(/\/+$/, ""), graphql: endpoint.graphql };
}

function requireSafe(name: string, url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ReviewError(
      "invalid_input",
      `${name} is not a URL (${url}); give the forge's API address, such as https://api.github.com.`,
    );
  }
  if (parsed.protocol === "https:") return;
  if (parsed.protocol === "http:" && parseLoopbackHost(parsed.hostname.replace(/^\[|\]$/g, "")) !== null) return;
  throw new ReviewError(
    "invalid_input",
    `${name} is ${parsed.protocol}//${parsed.host}: the token would travel unencrypted; use an https:// address (plain http is allowed only to a loopback address).`,
  );
}

// Kept here for the modules that import it from this file; the list lives in the registry.
export { ENDPOINT_VARIABLES } from "./forge-registry.js";
