import type { Repository } from "./open-repository.js";
import { runGit } from "./run-git.js";

/**
 * The files renamed between two commits or trees, old path to new path, so a thread can follow its file.
 * @example (await renamesBetween(repo, round.snapshot, tree)).get("src/a.ts") // "src/b.ts"
 */
export async function renamesBetween(
  repo: Pick<Repository, "workTree">,
  from: string,
  to: string,
): Promise<ReadonlyMap<string, string>> {
  // -z: paths come raw, never quoted, whatever bytes they hold.
  const out = await runGit(repo.workTree, ["diff-tree", "-r", "-M", "--name-status", "-z", from, to]);
  const fields = out.split("\0");
  const renames = new Map<string, string>();
  let i = 0;
  while (i < fields.length) {
    const status = fields[i] ?? "";
    if (status === "") break;
    if (status.startsWith("R") || status.startsWith("C")) {
      const oldPath = fields[i + 1];
      const newPath = fields[i + 2];
      if (status.startsWith("R") && oldPath !== undefined && newPath !== undefined) renames.set(oldPath, newPath);
      i += 3;
    } else {
      i += 2;
    }
  }
  return renames;
}
