import { parentBranches, type ParentBranch } from "../git/index.js";
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
