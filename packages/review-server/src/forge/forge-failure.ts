import { ReviewError, type ForgeKind } from "@opencode-review/core";
import { forgeEntry } from "./forge-registry.js";
import { redactToken } from "./redact-token.js";

/** What was being done, for the one line a failure becomes. */
export interface FailureContext {
  readonly kind: ForgeKind;
  readonly host: string;
  /** The repository, `owner/repo`. */
  readonly repository: string;
}

interface ClientError {
  readonly name?: string;
  readonly status?: number;
  readonly message?: string;
  readonly response?: { readonly headers?: Readonly<Record<string, string | undefined>>; readonly data?: unknown };
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly errors?: readonly { readonly type?: string; readonly message?: string }[];
}

/**
 * Turns whatever a forge request threw (octokit's RequestError or GraphqlResponseError, a network failure)
 * into a ReviewError whose message is one line saying what happened and what to do. It is built from the
 * status, the forge's own short message and its rate-limit headers only: never from the request, which
 * holds the token. A forge that echoes the token back in its message gets it, and any piece of it of 8
 * characters or more, replaced by "[token]" before the message is shortened.
 * @example throw forgeFailure(error, { kind: "github", host: "github.com", repository: "o/r" }, token)
 */
export function forgeFailure(error: unknown, context: FailureContext, token: string | null = null): ReviewError {
  if (error instanceof ReviewError) return error;
  const e = (error ?? {}) as ClientError;
  const headers = e.response?.headers ?? e.headers ?? {};
  const entry = forgeEntry(context.kind);
  const forgeName = entry.name(context.host);
  const said = shortMessage(e, token);
  const types = new Set((e.errors ?? []).map((x) => x.type));

  const rateLimited =
    types.has("RATE_LIMITED") ||
    ((e.status === 403 || e.status === 429) &&
      (headers["x-ratelimit-remaining"] === "0" || headers["retry-after"] !== undefined));
  if (rateLimited) {
    const reset = resetTime(headers);
    return new ReviewError(
      "rate_limited",
      `${forgeName}'s rate limit for this token is used up${reset === null ? "" : ` until ${reset}`}; pull or push again after that (nothing was lost).`,
      reset === null ? {} : { resetAt: reset },
    );
  }
  if (e.status === 401) {
    return new ReviewError(
      "forge_auth",
      `${context.host} refused the token (401${said === "" ? "" : ` ${said}`}): it is wrong, expired or revoked; set a new one in ${entry.newToken}.`,
    );
  }
  if (types.has("INSUFFICIENT_SCOPES") || types.has("FORBIDDEN") || e.status === 403) {
    return new ReviewError(
      "forge_auth",
      `${context.host} refused the token on ${context.repository} (${e.status ?? "403"}${said === "" ? "" : ` ${said}`}): it lacks a scope; give it ${entry.scope}.`,
    );
  }
  if (e.status === 404 || types.has("NOT_FOUND")) {
    return new ReviewError(
      "not_found",
      `${context.host} has no ${context.repository} that this token can see (${said || "404 Not Found"}); check the remote's URL, or give the token access to the repository.`,
    );
  }
  // No answer at all (octokit reports a network failure as status 500 without a response), a timeout, or the forge down.
  if (e.name === "AbortError" || e.name === "TimeoutError" || (e.status !== undefined && e.status >= 500)) {
    return new ReviewError(
      "forge_unreachable",
      `cannot reach ${context.host} (${said || "no answer"}); nothing was lost: try again when it answers.`,
      { cause: said || "no answer" },
    );
  }
  return new ReviewError(
    "internal",
    `${context.host} refused the request (${e.status ?? "no status"}${said === "" ? "" : ` ${said}`}).`,
  );
}

// Redacted whole, then cut: the order that keeps every piece of the token out.
function shortMessage(e: ClientError, token: string | null): string {
  const fromErrors = e.errors?.[0]?.message;
  const data = e.response?.data as { message?: unknown } | undefined;
  const text = typeof data?.message === "string" ? data.message : (fromErrors ?? e.message ?? "");
  const line = redactToken(String(text), token).split("\n")[0]!.trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

function resetTime(headers: Readonly<Record<string, string | undefined>>): string | null {
  const reset = Number(headers["x-ratelimit-reset"]);
  if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000).toISOString();
  const after = Number(headers["retry-after"]);
  if (Number.isFinite(after) && after >= 0) return new Date(Date.now() + after * 1000).toISOString();
  return null;
}
