import { renamesBetween, snapshotWorktree, type Repository } from "../../git/index.js";

/**
 * Follows files renamed since a commit: the work tree is snapshotted at most once per operation, and only
 * when some thread's file is missing now (the common case costs nothing).
 */
export interface RenameFollower {
  /** The file's path in the work tree now, given its path at `rev`; the same path when it was not renamed. */
  follow(rev: string, path: string): Promise<string>;
}

/**
 * Follows renames into the work tree now, or into the commit or tree `to` when given.
 * @example const renames = createRenameFollower(repo); await renames.follow(round.snapshot, "src/a.ts")
 */
export function createRenameFollower(repo: Repository, to?: string): RenameFollower {
  let tree: Promise<string> | null = to === undefined ? null : Promise.resolve(to);
  const byRev = new Map<string, Promise<ReadonlyMap<string, string>>>();
  return {
    async follow(rev, path) {
      tree ??= snapshotWorktree(repo).then((s) => s.tree);
      let renames = byRev.get(rev);
      if (renames === undefined) {
        renames = tree.then((t) => renamesBetween(repo, rev, t));
        byRev.set(rev, renames);
      }
      return (await renames).get(path) ?? path;
    },
  };
}
