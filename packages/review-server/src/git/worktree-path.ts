import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { pathTooLong, ReviewError } from "@opencode-review/core";
import type { Repository } from "./open-repository.js";

function isOutside(rel: string): boolean {
  return rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

function touchesGitDir(rel: string): boolean {
  // Case-insensitive: on macOS and Windows ".GIT" is the same folder.
  return rel.split(sep).some((segment) => segment.toLowerCase() === ".git");
}

/**
 * The real path of `path`, following symlinks through its deepest part that exists; the rest is appended.
 * Synchronous: realpath is a few lstat calls, cheaper than a thread-pool round trip (see readWorktreeBytes).
 */
function realpathOfExisting(path: string): string {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(realpathSync.native(current), ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}

function refuse(input: string, why: string): ReviewError {
  return new ReviewError(
    "outside_worktree",
    `${input} ${why}. Give a path inside the work tree, relative to its top folder (like src/app.ts).`,
    { path: input },
  );
}

export interface WorktreePathOptions {
  /**
   * Whether a symlink at the last segment is followed for the check (default true). Readers that never follow
   * the last link, as git does not, pass false: only the folders leading to it must stay inside.
   */
  readonly followLast?: boolean;
}

/**
 * Checks that a path names a file inside the work tree, even through symlinks, and returns it repo-relative
 * with "/" separators; a path that leaves the work tree or enters .git throws ReviewError "outside_worktree".
 * A path that does not exist (a deleted file) is fine.
 * @example await resolveWorktreePath(repo, "./src/../src/app.ts") // "src/app.ts"
 */
export async function resolveWorktreePath(
  repo: Pick<Repository, "workTree">,
  input: string,
  options: WorktreePathOptions = {},
): Promise<string> {
  if (input.trim() === "" || input.includes("\0")) {
    throw new ReviewError("invalid_input", `${JSON.stringify(input)} is not a file path.`);
  }
  const tooLong = pathTooLong(input);
  if (tooLong !== null) {
    throw new ReviewError(
      "invalid_input",
      `That path is too long: ${tooLong}. No file in the work tree can have it; give a shorter path.`,
      {
        path: input.slice(0, 200),
      },
    );
  }
  const workTree = resolve(repo.workTree);
  const lexical = isAbsolute(input) ? resolve(input) : resolve(workTree, input);
  let rel = relative(workTree, lexical);

  const realWorkTree = realpathOfExisting(workTree);
  const real =
    options.followLast === false
      ? join(realpathOfExisting(dirname(lexical)), basename(lexical))
      : realpathOfExisting(lexical);
  const realRel = relative(realWorkTree, real);
  if (isOutside(rel)) {
    // An absolute path may reach the work tree through another name for it (macOS /tmp is /private/tmp).
    if (!isAbsolute(input) || isOutside(realRel)) throw refuse(input, "is outside the work tree");
    rel = realRel;
  }
  if (isOutside(realRel)) throw refuse(input, "leads outside the work tree through a symlink");
  if (rel === "") throw new ReviewError("invalid_input", `${input} is the work tree itself, not a file in it.`);
  if (touchesGitDir(rel) || touchesGitDir(realRel)) throw refuse(input, "is inside the .git folder");
  return rel.split(sep).join("/");
}
