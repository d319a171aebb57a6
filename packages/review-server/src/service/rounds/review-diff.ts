import { ReviewError } from "@opencode-review/core";
import { branchCommit, indexTree, resolveHead, snapshotWorktree, type Repository } from "../../git/index.js";
import { reviewsByBranch, roundById } from "../../store/index.js";
import { roundOfBranch } from "./branch-rounds.js";
import { limitedDiff, type DiffFileJson } from "./diff-limits.js";
import { branchBase } from "./review-bases.js";
import type { ServiceContext } from "../service-context.js";
import { ensureRound } from "./record-round.js";
import { withKeptHunks } from "../changes/kept-hunks.js";

/**
 * Which diff (`view=`), beside the rounds and bases of `from`/`to`: the work tree against HEAD, the
 * index against HEAD, the work tree since the person's last release, or one commit of the branch.
 */
export type DiffView = "uncommitted" | "staged" | "since-review" | `commit:${string}`;

export interface ReviewDiffQuery {
  readonly from?: string;
  readonly to?: string;
  readonly view?: DiffView;
  readonly file?: string;
  readonly full?: boolean;
  readonly ignoreWhitespace?: boolean;
  /** False: the line diff alone, without changed words (what the bench measures words against). */
  readonly words?: boolean;
}

/**
 * The diff between two points of the review: `base` or a round, to a round or the work tree
 * (default: base to the work tree), or the `view` named. The base is the branch's review base (HEAD at
 * its first round).
 * @example const files = await reviewDiff(ctx, { view: "uncommitted", ignoreWhitespace: true });
 */
export async function reviewDiff(ctx: ServiceContext, query: ReviewDiffQuery): Promise<DiffFileJson[]> {
  const repo = await ctx.repository();
  const latest = await ensureRound(ctx, repo);
  if (query.view !== undefined && (query.from !== undefined || query.to !== undefined))
    throw new ReviewError(
      "invalid_input",
      "view names the whole diff: give view alone, or from and to without it (GET /api/diff in docs/http.md).",
    );
  const worktree = (await snapshotWorktree(repo)).tree;
  const ends =
    query.view !== undefined
      ? await viewEnds(ctx, repo, query.view, latest.base, worktree)
      : {
          from:
            query.from === undefined || query.from === "base"
              ? latest.base
              : query.from.startsWith("branch:")
                ? await branchBase(repo, query.from.slice("branch:".length))
                : (await roundOfBranch(ctx, repo, query.from)).snapshot,
          to:
            query.to === undefined || query.to === "worktree"
              ? worktree
              : (await roundOfBranch(ctx, repo, query.to)).snapshot,
        };
  // Files over the per-file limits are listed, not parsed: one huge file no longer costs the whole diff.
  const files = await limitedDiff(repo, ends.from, ends.to, {
    worktree,
    ...(query.file === undefined ? {} : { file: query.file }),
    ...(query.full === undefined ? {} : { full: query.full }),
    ...(query.ignoreWhitespace === undefined ? {} : { ignoreWhitespace: query.ignoreWhitespace }),
    ...(query.words === undefined ? {} : { words: query.words }),
  });
  // `kept` hunks: the person's reviewed ones (each file's `blob` came with the diff).
  return withKeptHunks(ctx, repo, files);
}

async function viewEnds(
  ctx: ServiceContext,
  repo: Repository,
  view: DiffView,
  base: string,
  worktree: string,
): Promise<{ readonly from: string; readonly to: string }> {
  if (view === "uncommitted") return { from: await resolveHead(repo), to: worktree };
  if (view === "staged") return { from: await resolveHead(repo), to: await indexTree(repo) };
  if (view === "since-review") return { from: (await lastReleaseRound(ctx, repo)) ?? base, to: worktree };
  const { parent, commit } = await branchCommit(repo, view.slice("commit:".length));
  return { from: parent, to: commit };
}

/**
 * The work tree as it was at the person's last release to the agent (the round taken with it), or null
 * before any: a release to the pull request is not a review of the work tree.
 */
export async function lastReleaseRound(ctx: ServiceContext, repo: Repository): Promise<string | null> {
  const last = (await reviewsByBranch(ctx.db, repo.branchKey)).find((r) => r.forge_url === null);
  if (last === undefined) return null;
  return (await roundById(ctx.db, last.round_id))?.snapshot ?? null;
}
