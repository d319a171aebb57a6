import type { ForgeKind } from "@opencode-review/core";
import { FORGES } from "./forge-registry.js";

/** A repository on a forge, as a git remote URL names it. */
export interface ForgeRepository {
  /** The host as the remote names it, lowercased, with a port when it has one (`github.com`, `git.corp:8443`). */
  readonly host: string;
  readonly owner: string;
  readonly repo: string;
}

/**
 * The host and repository of a git remote URL: SSH (`git@host:o/r.git`, `ssh://git@host[:port]/o/r.git`)
 * and HTTP(S) (`https://host/o/r(.git)`, with a path prefix for a forge served under one); null for
 * anything else (a local path, a file:// URL).
 * @example parseRemoteUrl("git@github.com:octo/app.git") // { host: "github.com", owner: "octo", repo: "app" }
 */
export function parseRemoteUrl(url: string): ForgeRepository | null {
  const text = url.trim();
  // scp-like SSH: [user@]host:path, where the path does not start with "/" ... and there is no "://".
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(text);
  if (scp !== null && !text.includes("://")) return fromPath(scp[1]!, scp[2]!);
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if (!["ssh:", "git+ssh:", "https:", "http:", "git:"].includes(parsed.protocol) || parsed.hostname === "") return null;
  // An SSH port is git's, not the web's: the API lives on the host's web port.
  const host = parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.host : parsed.hostname;
  return fromPath(host, decodeURIComponent(parsed.pathname));
}

function fromPath(host: string, path: string): ForgeRepository | null {
  const parts = path
    .replace(/^\/+|\/+$/g, "")
    .replace(/\.git$/, "")
    .split("/")
    .filter((p) => p !== "");
  if (parts.length < 2) return null;
  // The last two segments: a forge under a path prefix (https://host/gitea/o/r) keeps the prefix out.
  return { host: host.toLowerCase(), owner: parts[parts.length - 2]!, repo: parts[parts.length - 1]! };
}

/**
 * Which forge a host is: github.com and hosts the GitHub variables point at are GitHub; hosts the Forgejo
 * variable points at, codeberg.org, and hosts named for Forgejo or Gitea are Forgejo; `configured`
 * (git config `opencode-review.forge`) decides for any other host; else null.
 * @example forgeKindOf("codeberg.org", null, {}) // "forgejo"
 */
export function forgeKindOf(
  host: string,
  configured: string | null,
  env: Readonly<Record<string, string | undefined>>,
): ForgeKind | null {
  const named = FORGES.find((f) => f.kind === configured);
  if (named !== undefined) return named.kind;
  const name = host.replace(/:\d+$/, "");
  return (
    FORGES.find((f) => f.claims(name, env) === "sure")?.kind ??
    FORGES.find((f) => f.claims(name, env) === "likely")?.kind ??
    null
  );
}
