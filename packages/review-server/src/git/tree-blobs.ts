import type { Repository } from "./open-repository.js";
import { runGit } from "./run-git.js";

/**
 * The blob id of each file of a tree, by path (a work tree snapshot's: the `blob` of GET /api/diff's files).
 * @example (await treeBlobs(repo, tree)).get("src/a.ts") // "e69de29…"
 */
export async function treeBlobs(
  repo: Pick<Repository, "workTree">,
  tree: string,
): Promise<ReadonlyMap<string, string>> {
  const out = await runGit(repo.workTree, ["ls-tree", "-r", "-z", "--full-tree", tree]);
  const blobs = new Map<string, string>();
  for (const record of out.split("\0")) {
    const tab = record.indexOf("\t");
    if (tab < 0) continue;
    const [, type, sha] = record.slice(0, tab).split(" ");
    if (type === "blob" && sha) blobs.set(record.slice(tab + 1), sha);
  }
  return blobs;
}
