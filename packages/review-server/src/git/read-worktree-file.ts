import { lstat, readFile, readlink } from "node:fs/promises";
import { join } from "node:path";
import type { FileContent } from "./file-content.js";
import { toFileContent } from "./file-content.js";
import type { Repository } from "./open-repository.js";
import { resolveWorktreePath } from "./worktree-path.js";

/**
 * Reads a file of the work tree as it is now. Like git, a symlink reads as the path it points to and is
 * never followed, so a link to a file outside the work tree reveals nothing of that file; a path that leaves
 * the work tree throws ReviewError "outside_worktree".
 * @example await readWorktreeFile(repo, "src/app.ts") // { kind: "text", text: "…" }
 */
export async function readWorktreeFile(repo: Pick<Repository, "workTree">, path: string): Promise<FileContent> {
  const rel = await resolveWorktreePath(repo, path, { followLast: false });
  const absolute = join(repo.workTree, ...rel.split("/"));
  try {
    const info = await lstat(absolute);
    if (info.isSymbolicLink()) return { kind: "text", text: await readlink(absolute) };
    if (!info.isFile()) return { kind: "missing" };
    return toFileContent(await readFile(absolute));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    throw error;
  }
}
