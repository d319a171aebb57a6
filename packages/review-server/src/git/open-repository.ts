import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { ReviewError } from "@opencode-review/core";
import { gitDirsFromFiles, type GitDirs } from "./git-dirs-from-files.js";
import { headFromFiles, type HeadPosition } from "./head-from-files.js";
import { execGit } from "./run-git.js";

/** A git work tree as it was when opened: call openRepository again to see a branch switch or a new commit. */
export interface Repository {
  /** Absolute path of the work tree's top folder. */
  readonly workTree: string;
  /** Absolute path of this work tree's git directory (`.git`, or `.git/worktrees/<name>` for a linked worktree). */
  readonly gitDir: string;
  /** Absolute path of the directory shared by all worktrees (objects, refs). */
  readonly commonDir: string;
  /** The checked-out branch's short name; null for a detached HEAD. */
  readonly branch: string | null;
  /** The commit HEAD points at; null for a branch with no commits yet. */
  readonly head: string | null;
  /** Names the line of work rounds belong to: the branch name, or `detached:<sha>`. */
  readonly branchKey: string;
  /** The repository's empty tree id (it differs between sha1 and sha256 repositories). */
  readonly emptyTree: string;
}

const EMPTY_TREES: Readonly<Record<string, string>> = {
  sha1: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
  sha256: "6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321",
};

function notGit(dir: string): ReviewError {
  return new ReviewError(
    "not_git",
    `${dir} is not inside a git repository. Run git init there, or start from your project's folder.`,
  );
}

/**
 * Finds the git work tree holding `dir` and reads where HEAD is; throws ReviewError "not_git" when there is none.
 * @example const repo = await openRepository(process.cwd()); repo.branchKey // "main"
 */
export async function openRepository(dir: string): Promise<Repository> {
  const absolute = resolve(dir);
  const isFolder = await stat(absolute).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isFolder) throw notGit(absolute);

  const { workTree, gitDir, commonDir, objectFormat } = gitDirsFromFiles(absolute) ?? (await gitDirsFromGit(absolute));
  const emptyTree = EMPTY_TREES[objectFormat ?? "sha1"] ?? EMPTY_TREES.sha1!;
  const { branch, head } = headFromFiles(gitDir, commonDir, emptyTree.length) ?? (await headFromGit(workTree));
  const branchKey = branch ?? `detached:${head ?? "unknown"}`;

  return { workTree, gitDir, commonDir, branch, head, branchKey, emptyTree };
}

/**
 * Where the work tree and its git directories are, as git itself finds them: for whatever gitDirsFromFiles
 * is not sure of. Throws "not_git" when `dir` is in no work tree.
 */
export async function gitDirsFromGit(absolute: string): Promise<GitDirs> {
  const located = await execGit(absolute, [
    "rev-parse",
    "--path-format=absolute",
    "--show-toplevel",
    "--git-dir",
    "--git-common-dir",
    "--show-object-format",
  ]);
  if (located.exitCode !== 0) {
    if (/must be run in a work tree/.test(located.stderr)) {
      throw new ReviewError(
        "not_git",
        `${absolute} is inside a git directory or a bare repository, not a work tree. Start from your project's folder.`,
      );
    }
    throw notGit(absolute);
  }
  const [workTree, gitDir, commonDir, objectFormat] = located.stdout.toString("utf8").split("\n");
  if (!workTree || !gitDir || !commonDir) throw notGit(absolute);
  return { workTree, gitDir, commonDir, objectFormat: objectFormat || "sha1" };
}

/** HEAD as git itself reads it: for what headFromFiles is not sure of (reftable, a symbolic branch, ...). */
async function headFromGit(workTree: string): Promise<HeadPosition> {
  const [symbolic, verified] = await Promise.all([
    execGit(workTree, ["symbolic-ref", "-q", "HEAD"]),
    execGit(workTree, ["rev-parse", "-q", "--verify", "HEAD^{commit}"]),
  ]);
  const fullRef = symbolic.exitCode === 0 ? symbolic.stdout.toString("utf8").trim() : null;
  return {
    branch: fullRef === null ? null : fullRef.replace(/^refs\/heads\//, ""),
    head: verified.exitCode === 0 ? verified.stdout.toString("utf8").trim() : null,
  };
}
