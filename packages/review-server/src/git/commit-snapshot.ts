import type { Repository } from "./open-repository.js";
import { runGit } from "./run-git.js";

export interface CommitSnapshotInput {
  readonly tree: string;
  /** The commit this one follows (the previous round, or the base); null for none. */
  readonly parent: string | null;
  readonly message: string;
}

// A fixed identity: rounds are made by the tool, and must work where user.name/user.email are unset.
const IDENTITY = {
  GIT_AUTHOR_NAME: "opencode-review",
  GIT_AUTHOR_EMAIL: "opencode-review@localhost",
  GIT_COMMITTER_NAME: "opencode-review",
  GIT_COMMITTER_EMAIL: "opencode-review@localhost",
};

/**
 * Makes a commit object for a tree without moving any branch, and returns its id.
 * @example const sha = await commitSnapshot(repo, { tree, parent: repo.head, message: "round 1" });
 */
export async function commitSnapshot(repo: Pick<Repository, "workTree">, input: CommitSnapshotInput): Promise<string> {
  const args = ["commit-tree", "--no-gpg-sign", input.tree];
  if (input.parent !== null) args.push("-p", input.parent);
  // Through stdin, a message of any length and characters is taken exactly as given.
  const out = await runGit(repo.workTree, args, { env: IDENTITY, input: input.message });
  return out.trim();
}
