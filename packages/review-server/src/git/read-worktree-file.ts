import { closeSync, constants, fstatSync, openSync, readFile, readFileSync, realpathSync, statSync } from "node:fs";
import { readlink } from "node:fs/promises";
import { isAbsolute, join, relative, sep } from "node:path";
import type { FileContent } from "./file-content.js";
import { toFileContent } from "./file-content.js";
import type { Repository } from "./open-repository.js";
import { resolveWorktreePath } from "./worktree-path.js";

// O_NOFOLLOW: a symlink at the last segment fails the open (ELOOP) instead of being followed.
// O_NONBLOCK: a FIFO swapped in cannot hang the read; it is refused as not a regular file.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// Up to this size the checks and the read are synchronous: each step is a system call of microseconds,
// where going through the thread pool costs more than the call (a listing reads a hundred files at once:
// about 900 round trips on the first review_list). A bigger file is read without blocking the process.
const SYNC_READ_BYTES = 1024 * 1024;

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return (
    rel !== "" &&
    rel !== ".." &&
    !rel.startsWith(`..${sep}`) &&
    !isAbsolute(rel) &&
    !rel.split(sep).some((s) => s.toLowerCase() === ".git")
  );
}

/**
 * Reads a file of the work tree as it is now. Like git, a symlink reads as the path it points to and is
 * never followed, so a link to a file outside the work tree reveals nothing of that file; a path that leaves
 * the work tree throws ReviewError "outside_worktree".
 * @example await readWorktreeFile(repo, "src/app.ts") // { kind: "text", text: "…" }
 */
export async function readWorktreeFile(repo: Pick<Repository, "workTree">, path: string): Promise<FileContent> {
  const bytes = await readWorktreeBytes(repo, path);
  return bytes === null ? { kind: "missing" } : toFileContent(bytes);
}

/**
 * A file's raw bytes in the work tree (a symlink's are the path it points to), or null when no file is there.
 *
 * The path is checked first, but another process may swap a file or a folder on it for a symlink between
 * the check and the read. So the file is opened without following a last link, and what was opened is
 * checked again: its real path must lie inside the work tree and name the very file the descriptor holds.
 * @example const bytes = await readWorktreeBytes(repo, "assets/logo.png")
 */
export async function readWorktreeBytes(repo: Pick<Repository, "workTree">, path: string): Promise<Uint8Array | null> {
  const rel = await resolveWorktreePath(repo, path, { followLast: false });
  const absolute = join(repo.workTree, ...rel.split("/"));
  let fd: number;
  try {
    fd = openSync(absolute, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return readLink(absolute);
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return null;
    // A folder on the way may have become a link out between the check and the open: the descriptor's file
    // must be the one the real path (inside the work tree) names now, or nothing of it is returned.
    const realRoot = realpathSync.native(repo.workTree);
    const realFile = realpathOrNull(absolute);
    if (realFile === null || !inside(realRoot, realFile)) return null;
    const named = statOrNull(realFile);
    if (named === null || named.dev !== info.dev || named.ino !== info.ino) return null;
    if (info.size <= SYNC_READ_BYTES) return new Uint8Array(readFileSync(fd));
    return new Uint8Array(
      await new Promise<Buffer>((resolve, reject) =>
        readFile(fd, (error, bytes) => (error ? reject(error) : resolve(bytes))),
      ),
    );
  } finally {
    closeSync(fd);
  }
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync.native(path);
  } catch {
    return null;
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

async function readLink(absolute: string): Promise<Uint8Array | null> {
  try {
    return new TextEncoder().encode(await readlink(absolute));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Swapped back to a file or removed since the open: read as gone rather than follow anything.
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EINVAL") return null;
    throw error;
  }
}
