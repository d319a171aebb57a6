import { ReviewError } from "./review-error.js";

// SQLite says SQLITE_FULL / "database or disk is full"; the OS ENOSPC / EDQUOT; git "No space left on device".
const diskFullText = /SQLITE_FULL|database or disk is full|ENOSPC|EDQUOT|No space left on device|Disk quota exceeded/i;

/**
 * Whether an error (or any error in its `cause` chain) says the disk or its quota is full.
 * @example isDiskFull(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" })) // true
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (typeof current === "string") return diskFullText.test(current);
    if (typeof current !== "object") return false;
    const { code, message, details } = current as { code?: unknown; message?: unknown; details?: { stderr?: unknown } };
    if (code === "disk_full") return true;
    if (typeof code === "string" && diskFullText.test(code)) return true;
    if (typeof message === "string" && diskFullText.test(message)) return true;
    if (typeof details?.stderr === "string" && diskFullText.test(details.stderr)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The refusal for a full disk: what failed, that nothing of it was written, and what to do.
 * @example throw diskFullError("Saving the comment")
 */
export function diskFullError(what: string, cause?: unknown): ReviewError {
  const error = new ReviewError(
    "disk_full",
    `${what} failed because the disk is full. Nothing was lost: what was saved before is intact, and this change was not written. Free some space and try again.`,
  );
  if (cause !== undefined) (error as { cause?: unknown }).cause = cause;
  return error;
}
