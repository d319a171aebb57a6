import { copyFile, mkdtemp, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ReviewError } from "@opencode-review/core";
import type { Repository } from "./open-repository.js";
import { execGit, runGit } from "./run-git.js";

/** The work tree written as a git tree object. */
export interface Snapshot {
  readonly tree: string;
}

/**
 * A copy of the real index keeps its stat data, so `git add` re-hashes only the files that changed. The copy
 * must keep the original's modification time too: git trusts an entry's stat data only when the file is older
 * than the index ("racy git"). A fresh mtime would vouch for files edited in the same second as the last
 * `git add` or commit, and their new content would be missed. A millisecond earlier errs to re-checking.
 */
async function copyIndex(from: string, to: string): Promise<void> {
  const original = await stat(from).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null; // no index yet: a fresh repository, start from empty
    throw error;
  });
  if (original === null) return;
  await copyFile(from, to);
  const mtime = (original.mtimeMs - 1) / 1000;
  await utimes(to, mtime, mtime);
}

// `git add --all` refuses the whole snapshot when an untracked folder is a repository with no commit yet
// (say, the agent ran `git init` in a scratch folder). Such a folder has nothing git could record anyway.
const EMPTY_NESTED_REPO = /error: '(.+)' does not have a commit checked out/g;

async function addAll(workTree: string, env: Readonly<Record<string, string>>): Promise<void> {
  const excluded: string[] = [];
  for (;;) {
    const args = ["add", "--all", "--", ".", ...excluded.map((dir) => `:(exclude,literal)${dir}`)];
    const result = await execGit(workTree, args, { env });
    if (result.exitCode === 0) return;
    const nested = [...result.stderr.matchAll(EMPTY_NESTED_REPO)]
      .map((m) => m[1]!)
      .filter((d) => !excluded.includes(d));
    if (nested.length === 0) {
      const firstLine =
        result.stderr
          .trim()
          .split("\n")
          .find((line) => /^(fatal|error):/.test(line)) ?? "";
      throw new ReviewError("internal", `git add could not snapshot the work tree: ${firstLine}`, {
        args,
        exitCode: result.exitCode,
        stderr: result.stderr,
      });
    }
    excluded.push(...nested);
  }
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
    await copyIndex(join(repo.gitDir, "index"), indexFile);
    const env = { GIT_INDEX_FILE: indexFile };
    await addAll(repo.workTree, env);
    const tree = (await runGit(repo.workTree, ["write-tree"], { env })).trim();
    return { tree };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
