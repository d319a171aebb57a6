/** What went wrong, for programs: HTTP maps it to a status, tools put the message in front of the model. */
export type ReviewErrorCode =
  | "invalid_input" // a field is missing, of the wrong type, or out of bounds
  | "too_long" // a body over the character limit
  | "not_found" // an unknown thread, message, round or file
  | "ambiguous" // a file+line reference that matches several threads
  | "out_of_range" // a line range past the end of the file or outside the diff
  | "outside_worktree" // a path that leaves the work tree
  | "binary" // a line comment on a binary file
  | "conflict" // the operation does not fit the current state (editing a released message)
  | "stale" // the file changed since the person read it: nothing was written
  | "not_git" // the folder is not a git repository
  | "unauthorized"
  | "forbidden"
  | "store" // the database cannot be used (newer schema, corrupt file)
  | "disk_full" // the disk (or its quota) is full: nothing was written
  | "no_token" // no forge token in the environment, nor from `gh auth token`
  | "forge_auth" // the forge refused the token, or it lacks a scope
  | "no_pull_request" // the branch has no open pull request (or the one named does not exist)
  | "rate_limited" // the forge's rate limit is used up until it resets
  | "forge_unreachable" // the forge did not answer: what was queued stays queued
  | "internal";

/**
 * The one error class thrown at the edges. Inside core, expected outcomes are values; the
 * service turns a refused value into a ReviewError whose message says what to do instead.
 * @example throw new ReviewError("not_found", "No thread t_42. Call review_list to see the ids.")
 */
export class ReviewError extends Error {
  readonly code: ReviewErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ReviewErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "ReviewError";
    this.code = code;
    this.details = details;
  }
}
