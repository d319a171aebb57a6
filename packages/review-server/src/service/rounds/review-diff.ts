import { snapshotWorktree } from "../../git/index.js";
import { roundOfBranch } from "./branch-rounds.js";
import { limitedDiff, type DiffFileJson } from "./diff-limits.js";
import { branchBase } from "./review-bases.js";
import type { ServiceContext } from "../service-context.js";
import { ensureRound } from "./record-round.js";
import { withWorktreeBlobs } from "../files/worktree-blobs.js";
import { withKeptHunks } from "../changes/kept-hunks.js";

/**
 * The diff between two points of the review: `base` or a round, to a round or the work tree
 * (default: base to the work tree). The base is the branch's review base (HEAD at its first round).
 * @example const files = await reviewDiff(ctx, { from: "base", to: "worktree" });
 */
export async function reviewDiff(
  ctx: ServiceContext,
  query: { readonly from?: string; readonly to?: string; readonly file?: string; readonly full?: boolean },
): Promise<(DiffFileJson & { readonly blob?: string | null })[]> {
  const repo = await ctx.repository();
  const latest = await ensureRound(ctx, repo);
  const from =
    query.from === undefined || query.from === "base"
      ? latest.base
      : query.from.startsWith("branch:")
        ? await branchBase(repo, query.from.slice("branch:".length))
        : (await roundOfBranch(ctx, repo, query.from)).snapshot;
  const toWorktree = query.to === undefined || query.to === "worktree";
  const to = toWorktree ? (await snapshotWorktree(repo)).tree : (await roundOfBranch(ctx, repo, query.to)).snapshot;
  // Files over the per-file limits are listed, not parsed: one huge file no longer costs the whole diff.
  const files = await limitedDiff(repo, from, to, {
    ...(query.file === undefined ? {} : { file: query.file }),
    ...(query.full === undefined ? {} : { full: query.full }),
  });
  // `blob` (the work tree's, for an undo or keep to name) and `kept` hunks (the person's reviewed ones).
  return withKeptHunks(ctx, repo, toWorktree ? await withWorktreeBlobs(repo, to, files) : files);
}
