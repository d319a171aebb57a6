import type { Repository } from "./open-repository.js";
import { runGit } from "./run-git.js";

/**
 * The blob ids of files in a tree (a work-tree snapshot: the files as git read them; the `blob` of
 * GET /api/diff's files), in one `git ls-tree`: every file of the tree, or only `paths` when given. A path
 * the tree lacks is absent from the map. Nothing is read or hashed here: git did that for the tree.
 * @example (await treeBlobs(repo, snapshot.tree, ["src/a.ts"])).get("src/a.ts") // "3b18e5…"
 */
export async function treeBlobs(
  repo: Pick<Repository, "workTree">,
  tree: string,
  paths?: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  const result = new Map<string, string>();
  if (paths?.length === 0) return result;
  const only = paths === undefined ? [] : ["--", ...new Set(paths.map((p) => `:(literal)${p}`))];
  const out = await runGit(repo.workTree, ["ls-tree", "-z", "-r", "--full-tree", tree, ...only]);
  for (const record of out.split("\0")) {
    // "<mode> <type> <id>\t<path>"
    const tab = record.indexOf("\t");
    if (tab < 0) continue;
    const [, type, id] = record.slice(0, tab).split(" ");
    if (type === "blob" && id !== undefined) result.set(record.slice(tab + 1), id);
  }
  return result;
}
