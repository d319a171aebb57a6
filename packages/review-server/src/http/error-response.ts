import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { diskFullError, isDiskFull, ReviewError, type ReviewErrorCode } from "@opencode-review/core";
import { z } from "zod";

/** The body of every error answer (docs/http.md). */
export interface ErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly details?: Readonly<Record<string, unknown>>;
  };
}

export interface ErrorResponse {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorBody;
  /** True when the cause is a fault of ours, worth a log line, rather than a refused request. */
  readonly unexpected: boolean;
}

// Every refusal of the input itself is 400, whatever the reason, so clients need one rule.
// An ambiguous reference is 409: the request is well formed but matches more than one thread.
const statusByCode: Readonly<Record<ReviewErrorCode, ContentfulStatusCode>> = {
  invalid_input: 400,
  too_long: 400,
  out_of_range: 400,
  binary: 400,
  outside_worktree: 400,
  not_found: 404,
  ambiguous: 409,
  conflict: 409,
  // The file changed since the person read it: nothing was written (a change from the review).
  stale: 409,
  unauthorized: 401,
  forbidden: 403,
  not_git: 500,
  store: 500,
  // 507 Insufficient Storage: the request was fine and nothing was lost; there is no room to keep it.
  disk_full: 507,
  // The forge's answers: our request was fine, the pull request's forge said no or did not answer.
  no_token: 424,
  forge_auth: 424,
  no_pull_request: 404,
  rate_limited: 429,
  forge_unreachable: 502,
  internal: 500,
};

/**
 * The HTTP status a ReviewError code maps to.
 * @example statusForCode("not_found") // 404
 */
export function statusForCode(code: ReviewErrorCode): ContentfulStatusCode {
  return statusByCode[code];
}

function codeForStatus(status: number): ReviewErrorCode {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 413) return "too_long";
  if (status >= 500) return "internal";
  return "invalid_input";
}

// Matched by shape as well as by class: a second copy of the core (a bundle, a linked build) makes
// `instanceof` fail for errors that are ReviewErrors in every way that matters.
function asReviewError(error: unknown): ReviewError | null {
  if (error instanceof ReviewError) return error;
  if (!(error instanceof Error) || error.name !== "ReviewError") return null;
  const code: unknown = (error as Error & { code?: unknown }).code;
  return typeof code === "string" && Object.hasOwn(statusByCode, code) ? (error as ReviewError) : null;
}

/** The one place the error body is built. */
function answer(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): ErrorResponse {
  const error = details && Object.keys(details).length > 0 ? { code, message, details } : { code, message };
  return { status, body: { error }, unexpected: status >= 500 };
}

/**
 * Turns anything thrown by a handler or middleware into the JSON error answer; unknown errors become a bare 500.
 * @example errorResponse(new ReviewError("conflict", "Only drafts can be edited.")) // { status: 409, body: { error: { code: "conflict", ... } } }
 */
export function errorResponse(error: unknown): ErrorResponse {
  // A write that met a full disk was rolled back whole (SQLite) or never happened (git): say that, not "Internal error".
  if (isDiskFull(error) && asReviewError(error)?.code !== "disk_full")
    return errorResponse(diskFullError("The request"));
  const review = asReviewError(error);
  if (review) return answer(statusForCode(review.code), review.code, review.message, review.details);
  if (error instanceof z.core.$ZodError) return answer(400, "invalid_input", z.prettifyError(error));
  // What `c.req.json()` throws for an empty body (a filled one was already checked by requestBody).
  // Parsing stored data could throw the same, but the store keeps only JSON it wrote itself.
  if (error instanceof SyntaxError && /JSON/.test(error.message)) {
    return answer(400, "invalid_input", `The request body is missing or not valid JSON: ${error.message}`);
  }
  // What the middleware throws: the status is the refusal's, the code follows from it.
  if (error instanceof HTTPException) {
    const status = (error.status >= 400 ? error.status : 500) as ContentfulStatusCode;
    return answer(
      status,
      codeForStatus(status),
      error.message || (status >= 500 ? "Internal error." : `The request was refused (${status}).`),
    );
  }
  // Stack traces and internal messages stay in the log: a browser page is no place for file paths.
  return answer(500, "internal", "Internal error; the review server's log has the details.");
}
