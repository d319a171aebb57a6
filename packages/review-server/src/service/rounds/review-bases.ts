import { ReviewError } from "@opencode-review/core";
import {
  branchCommits,
  branchMergeBase,
  parentBranches,
  type BranchCommit,
  type ParentBranch,
  type Repository,
} from "../../git/index.js";
import { branchBaseOf, forgetBranchBase, pickBranchBase, writeTransaction } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";
import { ensureRound } from "./record-round.js";

/** What the change can be measured against: the review's own base, or where HEAD left another branch. */
export interface ReviewBases {
  /** The review's base: HEAD at the branch's first round; it stays put when the agent commits. */
  readonly base: string;
  /** Local branches HEAD descends from, nearest parent first (`from=branch:<name>` in GET /api/diff). */
  readonly branches: readonly ParentBranch[];
  /**
   * The diff the person picked for this branch (`branch:<name>`, or `view:<view>` for a view of
   * GET /api/diff), kept in the store so every panel and browser starts from it; null when none is picked,
   * or the picked branch is no longer a parent.
   */
  readonly picked: string | null;
  /** The branch's own commits, newest first (since its nearest parent branch, else the review's base). */
  readonly commits: readonly BranchCommit[];
}

// The views a panel can keep as its pick, as `view=` of GET /api/diff takes them.
const VIEW_PICK = /^view:(uncommitted|staged|since-review|commit:[0-9a-fA-F]{4,64})$/;

/**
 * The bases a diff can start from.
 * @example (await reviewBases(ctx)).branches[0]?.name // "feature"
 */
export async function reviewBases(ctx: ServiceContext): Promise<ReviewBases> {
  const repo = await ctx.repository();
  const latest = await ensureRound(ctx, repo);
  const [branches, pick] = await Promise.all([
    parentBranches(repo, repo.branch),
    branchBaseOf(ctx.db, repo.commonDir, repo.branchKey),
  ]);
  const picked =
    pick && (VIEW_PICK.test(pick.from_ref) || branches.some((b) => `branch:${b.name}` === pick.from_ref))
      ? pick.from_ref
      : null;
  const commits = await branchCommits(repo, branches[0]?.mergeBase ?? latest.base);
  return { base: latest.base, branches, picked, commits };
}

/**
 * Keeps the base picked for the checked-out branch (`branch:<name>`, one of its parent branches, or
 * `view:<view>`, a view of GET /api/diff such as `view:uncommitted`), or forgets it (`null`: the diff starts from the review's base).
 * @example await pickBase(ctx, "branch:main") // { picked: "branch:main" }
 */
export async function pickBase(ctx: ServiceContext, from: string | null): Promise<{ readonly picked: string | null }> {
  const repo = await ctx.repository();
  if (from === null) {
    await writeTransaction(ctx.db, (trx) => forgetBranchBase(trx, repo.commonDir, repo.branchKey));
    return { picked: null };
  }
  if (VIEW_PICK.test(from)) {
    const row = await writeTransaction(ctx.db, (trx) =>
      pickBranchBase(trx, { repository: repo.commonDir, branch: repo.branchKey, from_ref: from, picked_at: ctx.now() }),
    );
    return { picked: row.from_ref };
  }
  if (!from.startsWith("branch:")) {
    throw new ReviewError(
      "invalid_input",
      `from must be branch:<name>, a branch from GET /api/bases, view:<view> (a view of GET /api/diff), or null to start from the review's base; got ${JSON.stringify(from)}.`,
    );
  }
  const name = from.slice("branch:".length);
  // Only a parent can be picked: any other branch would not be offered back by GET /api/bases.
  if (!(await parentBranches(repo, repo.branch)).some((b) => b.name === name)) {
    throw new ReviewError(
      "not_found",
      `No local branch ${name} that ${repo.branchKey} grew from. Pick one of the branches GET /api/bases lists, or null for the review's base.`,
    );
  }
  const row = await writeTransaction(ctx.db, (trx) =>
    pickBranchBase(trx, { repository: repo.commonDir, branch: repo.branchKey, from_ref: from, picked_at: ctx.now() }),
  );
  return { picked: row.from_ref };
}

/**
 * Where HEAD left a local branch (`from=branch:<name>`): the diff its pull request against that branch would show.
 * @example await branchBase(repo, "main") // "9fceb02…"
 */
export async function branchBase(repo: Repository, name: string): Promise<string> {
  const base = await branchMergeBase(repo, name);
  if (base === null)
    throw new ReviewError(
      "not_found",
      `No local branch ${name} that shares history with ${repo.branchKey}. Use a branch from GET /api/bases, base, or a round id.`,
    );
  return base;
}
