import { ReviewError } from "@opencode-review/core";
import { resolveHead, type Repository } from "../../git/index.js";
import { roundById } from "../../store/index.js";
import { roundOfBranch } from "../rounds/branch-rounds.js";
import { ensureRound } from "../rounds/record-round.js";
import { branchBase } from "../rounds/review-bases.js";
import type { ServiceContext } from "../service-context.js";

/** The diff the person was shown, as a request names it (`GET /api/diff`'s `from` and `view`). */
export interface ShownDiff {
  readonly from?: string;
  readonly view?: string;
}

const NOT_TO_WORKTREE =
  "ends at a snapshot, not at the work tree, so there is nothing here to change. Show a diff that ends at the work tree (the default, uncommitted, since-review) and try again.";

/**
 * The commit the shown diff starts from, when that diff ends at the work tree; a diff that ends elsewhere
 * (`staged`, one commit) is refused with 409 saying so.
 * @example await diffStart(ctx, repo, { view: "uncommitted" }) // HEAD's id
 */
export async function diffStart(ctx: ServiceContext, repo: Repository, shown: ShownDiff): Promise<string> {
  const view = shown.view;
  if (view === "staged" || view?.startsWith("commit:") === true) {
    throw new ReviewError("conflict", `The ${view} diff ${NOT_TO_WORKTREE}`, { view });
  }
  if (view === "uncommitted") return resolveHead(repo);
  if (view === "since-review") {
    const last = await ctx.db
      .selectFrom("reviews")
      .select("round_id")
      .where("branch", "=", repo.branchKey)
      .orderBy("released_at", "desc")
      .executeTakeFirst();
    const round = last === undefined ? undefined : await roundById(ctx.db, last.round_id);
    if (round !== undefined) return round.snapshot;
    return (await ensureRound(ctx, repo)).base;
  }
  if (view !== undefined) {
    throw new ReviewError(
      "invalid_input",
      `view=${view} is not a diff: use uncommitted, staged, since-review or commit:<sha>.`,
    );
  }
  const from = shown.from;
  if (from === undefined || from === "base") return (await ensureRound(ctx, repo)).base;
  if (from === "worktree") throw new ReviewError("conflict", `A diff from the work tree ${NOT_TO_WORKTREE}`);
  if (from.startsWith("branch:")) return branchBase(repo, from.slice("branch:".length));
  return (await roundOfBranch(ctx, repo, from)).snapshot;
}
