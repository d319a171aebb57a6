import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { Repository } from "../git/index.js";

// File times are coarse (a clock tick, up to seconds on some file systems): two edits within one tick can
// leave size and times equal. A file changed this recently is not stamped, as git treats "racily clean" files.
const SETTLE_NS = 1_000_000_000n;

/**
 * What a work-tree file is now, cheaply: device, inode, size, modification and change times, from one
 * lstat. Any write, truncation, replacement by rename or `touch` changes it, so a result computed from the
 * file's text may be reused while the stamp stays the same. Null when the path is not a regular file
 * (missing, a symlink, a folder, outside reach) or changed within the last second: a result computed from
 * it must not be reused, it is recomputed.
 * @example const before = worktreeStamp(repo, "src/a.ts"); // "64768:1311:420:1764489600000000000:…"
 */
export function worktreeStamp(repo: Pick<Repository, "workTree">, path: string): string | null {
  if (path === "" || path.split("/").includes("..")) return null;
  try {
    // Synchronous on purpose: one lstat is a few microseconds, far less than a thread-pool round trip,
    // and a listing stamps every file of its threads.
    const info = lstatSync(join(repo.workTree, ...path.split("/")), { bigint: true, throwIfNoEntry: false });
    if (info === undefined || !info.isFile()) return null;
    const now = BigInt(Date.now()) * 1_000_000n;
    if (now - info.mtimeNs < SETTLE_NS || now - info.ctimeNs < SETTLE_NS) return null;
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  } catch {
    return null;
  }
}
