import { createHash } from "node:crypto";
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Repository } from "./open-repository.js";

// File times are coarse (a clock tick, up to seconds on some file systems): two edits within one tick can
// leave size and times equal. A file changed this recently is not stamped, as git treats "racily clean" files.
// It also makes millisecond times enough: an edit after a file was stamped is at least this much newer.
const SETTLE_MS = 1000;

/**
 * What a work-tree file is now, cheaply: device, inode, size, modification and change times, from one
 * lstat. Any write, truncation, replacement by rename or `touch` changes it, so a result computed from the
 * file's text may be reused while the stamp stays the same. Null when the path is not a regular file
 * (missing, a symlink, a folder, outside reach) or changed within the last second: a result computed from
 * it must not be reused, it is recomputed.
 * @example const before = worktreeStamp(repo, "src/a.ts"); // "64768:1311:420:1764489600000:…"
 */
export function worktreeStamp(repo: Pick<Repository, "workTree">, path: string): string | null {
  const absolute = absolutePath(repo.workTree, path);
  if (absolute === null) return null;
  try {
    // Synchronous on purpose: one lstat is a few microseconds, far less than a thread-pool round trip,
    // and a listing stamps every file of its threads on every read. Times in (fractional) milliseconds
    // rather than bigint nanoseconds: a listing of 50 files made some 60 KB of garbage per read that way.
    const info = lstatSync(absolute, { throwIfNoEntry: false });
    if (info === undefined || !info.isFile()) return null;
    const now = Date.now();
    if (now - info.mtimeMs < SETTLE_MS || now - info.ctimeMs < SETTLE_MS) return null;
    // Whole milliseconds: Node gives fractions where Bun truncates, and a stamp taken by one runtime is
    // read by the other (opencode runs on Bun, the CLI and the MCP server on Node; see AnchorMemo).
    return `${info.dev}:${info.ino}:${info.size}:${Math.trunc(info.mtimeMs)}:${Math.trunc(info.ctimeMs)}`;
  } catch {
    return null;
  }
}

/** The file's absolute path, or null for a path that could leave the work tree. */
function absolutePath(workTree: string, path: string): string | null {
  return path === "" || path.split("/").includes("..") ? null : join(workTree, ...path.split("/"));
}

/**
 * Whether anything stands at `path` in the work tree (a file, a folder, a link), however recently it
 * changed: where `worktreeStamp` is null this tells a file that is gone from one that is only too new.
 * @example worktreeHas(repo, "src/old-name.ts") // false once the file was renamed
 */
export function worktreeHas(repo: Pick<Repository, "workTree">, path: string): boolean {
  const absolute = absolutePath(repo.workTree, path);
  if (absolute === null) return false;
  try {
    return lstatSync(absolute, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

// Past this a file is not digested (a listing's files are source files; a huge one is read again instead).
const DIGEST_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A digest of a work-tree file's bytes, for telling whether a file too new to stamp has changed since
 * (as git compares the contents of "racily clean" files): one lstat and one read, nothing decoded. Null
 * when the path is not a regular file, is too large, or cannot be read; taken before the file is read for
 * anything else, so an edit in between leaves a digest that no longer matches.
 * @example worktreeDigest(repo, "src/a.ts") // "3q2+7w…"
 */
export function worktreeDigest(repo: Pick<Repository, "workTree">, path: string): string | null {
  const absolute = absolutePath(repo.workTree, path);
  if (absolute === null) return null;
  try {
    const info = lstatSync(absolute, { throwIfNoEntry: false });
    if (info === undefined || !info.isFile() || info.size > DIGEST_MAX_BYTES) return null;
    return createHash("sha1").update(readFileSync(absolute)).digest("base64url");
  } catch {
    return null;
  }
}
