import { ReviewError } from "@opencode-review/core";
import type { Repository } from "../../git/index.js";
import { roundById, roundsByBranch, type RoundRow } from "../../store/index.js";
import { roundJson, type RoundJson } from "./round-json.js";
import type { ServiceContext } from "../service-context.js";

/**
 * The branch's rounds, oldest first.
 * @example const rounds = await listRounds(ctx);
 */
export async function listRounds(ctx: ServiceContext): Promise<RoundJson[]> {
  const repo = await ctx.repository();
  return (await roundsByBranch(ctx.db, repo.branchKey)).map(roundJson);
}

/**
 * A round of the current branch by id; one that is unknown or another branch's is refused with what to use instead.
 * @example const { snapshot } = await roundOfBranch(ctx, repo, "rnd_2")
 */
export async function roundOfBranch(ctx: ServiceContext, repo: Repository, id: string): Promise<RoundRow> {
  const round = await roundById(ctx.db, id);
  if (round === undefined || round.branch !== repo.branchKey) {
    throw new ReviewError(
      "not_found",
      `No round ${id} on ${repo.branchKey}. Use base, worktree, or a round id from GET /api/rounds.`,
    );
  }
  return round;
}
