import { lstatSync, realpathSync } from "node:fs";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import { ReviewError } from "@opencode-review/core";
import type { Repository } from "./open-repository.js";
import { resolveWorktreePath } from "./worktree-path.js";

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw error;
  }
}

function refuse(path: string, why: string): ReviewError {
  return new ReviewError("outside_worktree", `${path} ${why}; the review writes only regular files of the work tree.`, {
    path,
  });
}

/** Throws unless the folder, as it really is now, lies inside the work tree. */
function checkFolderInside(repo: Pick<Repository, "workTree">, folder: string, path: string): void {
  const rel = relative(realpathSync.native(repo.workTree), realpathSync.native(folder));
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw refuse(path, "leads outside the work tree");
}

/** What is at a path of the work tree: a regular file with its permission bits, or what else. */
export type WorktreeFileEntry =
  | { readonly kind: "file"; readonly mode: number }
  | { readonly kind: "symlink" | "other" | "missing" };

/**
 * What a path of the work tree holds now, without following a symlink at its end.
 * @example await worktreeEntry(repo, "bin/run.sh") // { kind: "file", mode: 0o755 }
 */
export async function worktreeEntry(repo: Pick<Repository, "workTree">, path: string): Promise<WorktreeFileEntry> {
  const rel = await resolveWorktreePath(repo, path, { followLast: false });
  const info = lstatOrNull(join(repo.workTree, ...rel.split("/")));
  if (info === null) return { kind: "missing" };
  if (info.isSymbolicLink()) return { kind: "symlink" };
  return info.isFile() ? { kind: "file", mode: info.mode & 0o7777 } : { kind: "other" };
}

/**
 * Writes a file of the work tree through a temporary file renamed over it (so a reader sees the old bytes or
 * the new, never half), keeping its mode (`mode` only for a file that is not there); `null` deletes it. Never
 * writes through a symlink or out of the work tree: such a path throws ReviewError "outside_worktree".
 * @example await writeWorktreeFile(repo, "src/a.ts", bytes)
 */
export async function writeWorktreeFile(
  repo: Pick<Repository, "workTree">,
  path: string,
  bytes: Uint8Array | null,
  options: { readonly mode?: number } = {},
): Promise<void> {
  const rel = await resolveWorktreePath(repo, path, { followLast: false });
  const absolute = join(repo.workTree, ...rel.split("/"));
  const existing = lstatOrNull(absolute);
  if (existing?.isSymbolicLink()) throw refuse(rel, "is a symlink");
  if (existing !== null && !existing.isFile()) throw refuse(rel, "is not a regular file");
  const folder = dirname(absolute);
  if (bytes === null) {
    if (existing === null) return;
    checkFolderInside(repo, folder, rel);
    await unlink(absolute);
    return;
  }
  await mkdir(folder, { recursive: true });
  checkFolderInside(repo, folder, rel);
  const mode = existing === null ? (options.mode ?? 0o644) : existing.mode & 0o7777;
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, "0")).join("");
  const temporary = join(folder, `.${basename(absolute)}.${random}.review-tmp`);
  // wx: a file (or a link) already at the temporary name is never opened, let alone written through.
  const handle = await open(temporary, "wx", mode);
  try {
    try {
      await handle.writeFile(bytes);
      // The umask may have taken bits away at creation; the file keeps the mode it had.
      await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, absolute);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
