import { ReviewError } from "@opencode-review/core";
import { commitSnapshot } from "./commit-snapshot.js";
import type { Repository } from "./open-repository.js";
import { createRef } from "./refs.js";
import { resolveHead } from "./resolve-head.js";
import { runGit } from "./run-git.js";
import { snapshotWorktree } from "./snapshot.js";

export interface TakeRoundInput {
  /** The branch's latest round, or null for its first. */
  readonly previous: { readonly snapshot: string } | null;
  /** Where to keep the new round alive, e.g. roundRefName(repo.branchKey, ordinal). Must not exist yet. */
  readonly ref: string;
  /**
   * The first round's parent: the review's base commit (default: HEAD now). Hanging the first round off the
   * base keeps the base alive too, even after the branch is rebased away from it. Ignored after the first round.
   */
  readonly base?: string;
  readonly message?: string;
}

export type RoundResult =
  | { readonly changed: false }
  | { readonly changed: true; readonly snapshot: string; readonly tree: string };

/**
 * Snapshots the work tree and, when it differs from the previous round's tree, commits it and points `ref`
 * at it; the same tree makes no commit and no ref.
 * @example const r = await takeRound(repo, { previous: null, ref: roundRefName(repo.branchKey, 1) });
 */
export async function takeRound(
  repo: Pick<Repository, "workTree" | "gitDir" | "commonDir" | "emptyTree">,
  input: TakeRoundInput,
): Promise<RoundResult> {
  // The snapshot dominates; what the comparison and the parent need is read alongside it.
  const [{ tree }, previousTree, parent] = await Promise.all([
    snapshotWorktree(repo),
    input.previous === null
      ? Promise.resolve(null)
      : runGit(repo.workTree, ["rev-parse", "--verify", `${input.previous.snapshot}^{tree}`]).then((out) => out.trim()),
    input.previous !== null
      ? Promise.resolve(input.previous.snapshot)
      : Promise.resolve(input.base ?? resolveHead(repo)).then((base) => (base === repo.emptyTree ? null : base)),
  ]);
  if (previousTree === tree) return { changed: false };

  const snapshot = await commitSnapshot(repo, {
    tree,
    parent,
    message: input.message ?? `opencode-review round (${input.ref})`,
  });
  const written = await createRef(repo, input.ref, snapshot);
  if (!written) {
    throw new ReviewError(
      "conflict",
      `${input.ref} already exists: another round was taken at the same time. Try again.`,
    );
  }
  return { changed: true, snapshot, tree };
}
