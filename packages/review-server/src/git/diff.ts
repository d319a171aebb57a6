import type { Repository } from "./open-repository.js";
import { runGit } from "./run-git.js";
import { snapshotWorktree } from "./snapshot.js";

// Plumbing, not `git diff`: it ignores the user's diff.noprefix, diff.external, color and pager settings,
// so the text always has the shape the core parser reads.
const PATCH_ARGS = [
  "diff-tree",
  "-r",
  "-p",
  "-M",
  "-U3",
  "--no-color",
  "--no-ext-diff",
  "--no-textconv",
  "--src-prefix=a/",
  "--dst-prefix=b/",
];

/**
 * The unified patch between two commits or trees (the empty tree for "nothing"), renames detected.
 * With `paths`, only those files are compared, so a rename shows only when both of its names are listed;
 * with `ignoreWhitespace`, changes of whitespace alone are left out (git's `-w`).
 * @example const patch = await diffText(repo, base, round.snapshot, ["src/app.ts"]);
 */
export async function diffText(
  repo: Pick<Repository, "workTree">,
  from: string,
  to: string,
  paths?: readonly string[],
  options: { readonly exclude?: readonly string[]; readonly ignoreWhitespace?: boolean } = {},
): Promise<string> {
  // `-w` (GitHub's ?w=1): a file whose changes are all whitespace is left out of the patch altogether.
  const args = [...PATCH_ARGS, ...(options.ignoreWhitespace ? ["-w"] : []), from, to];
  if (paths && paths.length > 0) args.push("--", ...paths.map((p) => `:(literal)${p}`));
  else if (options.exclude && options.exclude.length > 0) {
    // Files too large to show are left out of the patch, so git never prints them and nothing here reads them.
    args.push("--", ".", ...options.exclude.map((p) => `:(exclude,literal)${p}`));
  }
  return runGit(repo.workTree, args);
}

/**
 * The unified patch from a commit or tree to the work tree as it is now, untracked files included.
 * @example const patch = await diffWorktreeText(repo, round.snapshot);
 */
export async function diffWorktreeText(
  repo: Pick<Repository, "workTree" | "gitDir">,
  from: string,
  paths?: readonly string[],
): Promise<string> {
  const { tree } = await snapshotWorktree(repo);
  return diffText(repo, from, tree, paths);
}
