import { ReviewError } from "@opencode-review/core";
import { branchMergeBase, parentBranches, type ParentBranch, type Repository } from "../git/index.js";
import type { ServiceContext } from "./service-context.js";
import { ensureRound } from "./take-round.js";

/** What the change can be measured against: the review's own base, or where HEAD left another branch. */
export interface ReviewBases {
  /** The review's base: HEAD at the branch's first round; it stays put when the agent commits. */
  readonly base: string;
  /** Local branches HEAD descends from, nearest parent first (`from=branch:<name>` in GET /api/diff). */
  readonly branches: readonly ParentBranch[];
}

/**
 * The bases a diff can start from.
 * @example (await reviewBases(ctx)).branches[0]?.name // "feature"
 */
export async function reviewBases(ctx: ServiceContext): Promise<ReviewBases> {
  const repo = await ctx.repository();
  const latest = await ensureRound(ctx, repo);
  return { base: latest.base, branches: await parentBranches(repo, repo.branch) };
}

/**
 * Where HEAD left a local branch (`from=branch:<name>`): the diff its pull request against that branch would show.
 * @example await branchBase(repo, "main") // "9fceb02…"
 */
export async function branchBase(repo: Repository, name: string): Promise<string> {
  const base = await branchMergeBase(repo, name);
  if (base === null) throw new ReviewError("not_found", `No local branch ${name} that shares history with ${repo.branchKey}. Use a branch from GET /api/bases, base, or a round id.`);
  return base;
}
