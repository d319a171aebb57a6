import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Repository } from "./open-repository.js";
import { runGit } from "./run-git.js";

/** The work tree written as a git tree object. */
export interface Snapshot {
  readonly tree: string;
}

/**
 * Writes the work tree (untracked files included, ignored files excluded) as a tree object, leaving HEAD,
 * the index, the stash and every branch untouched.
 * @example const { tree } = await snapshotWorktree(repo);
 */
export async function snapshotWorktree(repo: Pick<Repository, "workTree" | "gitDir">): Promise<Snapshot> {
  const folder = await mkdtemp(join(tmpdir(), "opencode-review-index-"));
  const indexFile = join(folder, "index");
  try {
    // A copy of the real index keeps its stat data, so `git add` re-hashes only the files that changed.
    await copyFile(join(repo.gitDir, "index"), indexFile).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error; // no index yet: a fresh repository, start from empty
    });
    const env = { GIT_INDEX_FILE: indexFile };
    await runGit(repo.workTree, ["add", "--all", "--", "."], { env });
    const tree = (await runGit(repo.workTree, ["write-tree"], { env })).trim();
    return { tree };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
