import { treeBlobs, type Repository } from "../../git/index.js";

/** Past this many files the whole tree is listed in one read: their paths on git's command line could near its length limit. */
const PATHS_ON_COMMAND_LINE = 256;

/**
 * The diff's files with `blob`: the git blob id of each file in the work tree as the diff read it (the snapshot
 * tree `worktree`), null when it is gone there. The person's undo or keep names it, and is refused when the
 * file reads otherwise since. The one place a diff's blobs are read when the diff does not end at the work
 * tree (limitedDiff takes them from the diff itself when it does).
 * @example await withWorktreeBlobs(repo, snapshot.tree, files) // [{ path: "a.ts", blob: "3b18e5…", ... }]
 */
export async function withWorktreeBlobs<F extends { readonly path: string }>(
  repo: Pick<Repository, "workTree">,
  worktree: string,
  files: readonly F[],
): Promise<(F & { readonly blob: string | null })[]> {
  const paths = files.length > PATHS_ON_COMMAND_LINE ? undefined : files.map((f) => f.path);
  const blobs = await treeBlobs(repo, worktree, paths);
  return files.map((file) => ({ ...file, blob: blobs.get(file.path) ?? null }));
}
