import { treeBlobs, type Repository } from "../../git/index.js";

/**
 * The diff's files with `blob`: the git blob id of each file in the work tree as the diff read it (the snapshot
 * tree `worktree` the diff ends at), null when it is gone. The person's undo or keep names it, and is refused
 * when the file reads otherwise since.
 * @example await withWorktreeBlobs(repo, snapshot.tree, files) // [{ path: "a.ts", blob: "3b18e5…", ... }]
 */
export async function withWorktreeBlobs<F extends { readonly path: string }>(
  repo: Repository,
  worktree: string,
  files: readonly F[],
): Promise<(F & { readonly blob: string | null })[]> {
  const blobs = await treeBlobs(
    repo,
    worktree,
    files.map((f) => f.path),
  );
  return files.map((file) => ({ ...file, blob: blobs.get(file.path) ?? null }));
}
