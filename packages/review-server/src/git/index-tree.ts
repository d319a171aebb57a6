import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ReviewError } from "@opencode-review/core";
import type { Repository } from "./open-repository.js";
import { execGit } from "./run-git.js";

/**
 * The index (what `git commit` would record now) written as a tree object: the end of the `staged` diff.
 * It is written from a copy, so the real index (its cached trees included) is never touched.
 * @example const tree = await indexTree(repo) // "4b825dc…" when nothing is staged in a fresh repository
 */
export async function indexTree(repo: Pick<Repository, "workTree" | "gitDir" | "emptyTree">): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "opencode-review-staged-"));
  const copy = join(folder, "index");
  try {
    const had = await copyFile(join(repo.gitDir, "index"), copy).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return false; // nothing was ever staged
        throw error;
      },
    );
    if (!had) return repo.emptyTree;
    const result = await execGit(repo.workTree, ["write-tree"], { env: { GIT_INDEX_FILE: copy } });
    if (result.exitCode !== 0)
      throw new ReviewError(
        "conflict",
        "The index has unmerged files (a merge or rebase stopped half way), so there is no staged change to show. Finish or abort it, or pick another diff.",
      );
    return result.stdout.toString("utf8").trim();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
