import { execFile } from "node:child_process";
import { ReviewError, type ForgeKind } from "@opencode-review/core";
import { forgeEntry } from "./forge-registry.js";

/** Where a token is read from, at the moment a request needs it; nothing here keeps it. */
export interface TokenSource {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The `gh` command to ask (`gh auth token`); false to never ask it. Default "gh". */
  readonly gh?: string | false;
}

/**
 * The token for a forge, read now: `GH_TOKEN`, then `GITHUB_TOKEN`, then `gh auth token` when gh is
 * installed (GitHub); `FORGEJO_TOKEN`, then `GITEA_TOKEN` (Forgejo, Gitea). Null when there is none.
 * Callers use it for one request and drop it: it is never stored, logged or put in a message.
 * @example const token = await readForgeToken("github", "github.com", { env: process.env });
 */
export async function readForgeToken(kind: ForgeKind, host: string, source: TokenSource): Promise<string | null> {
  const entry = forgeEntry(kind);
  for (const name of entry.tokenVariables) {
    const value = source.env[name]?.trim();
    if (value !== undefined && value !== "") return value;
  }
  if (!entry.askGh || source.gh === false) return null;
  return ghToken(source.gh ?? "gh", host, source.env);
}

/** Whether a token is there, without saying what it is (for `doctor` and `pr status`). */
export async function hasForgeToken(kind: ForgeKind, host: string, source: TokenSource): Promise<boolean> {
  return (await readForgeToken(kind, host, source)) !== null;
}

/**
 * The one-line failure for no token: which variables to set, and `gh auth login` for GitHub.
 * @example throw noTokenError("github", "github.com")
 */
export function noTokenError(kind: ForgeKind, host: string): ReviewError {
  return new ReviewError("no_token", forgeEntry(kind).noToken(host));
}

function ghToken(
  command: string,
  host: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | null> {
  return new Promise((resolve) => {
    // gh knows hosts by name without a port; it prints nothing (exit 1) when not logged in there.
    execFile(
      command,
      ["auth", "token", "--hostname", host.replace(/:\d+$/, "")],
      { timeout: 5000, env: { ...env } as NodeJS.ProcessEnv },
      (error, stdout) => {
        const token = error === null ? stdout.trim() : "";
        resolve(token === "" ? null : token);
      },
    );
  });
}

// Kept here for the modules that import it from this file; the list lives in the registry.
export { TOKEN_VARIABLES } from "./forge-registry.js";
