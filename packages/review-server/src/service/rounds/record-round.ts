import { ReviewError } from "@opencode-review/core";
import { resolveHead, roundRefName, takeRound, type Repository } from "../../git/index.js";
import { insertRound, latestRound, writeTransaction, type RoundRow } from "../../store/index.js";
import { roundJson } from "./round-json.js";
import type { ServiceContext } from "../service-context.js";

// Two processes may take a round at the same moment; the loser of the ref race reads the winner's row and retries.
const ATTEMPTS = 4;

/**
 * Snapshots the work tree as the branch's next round, or returns the latest round when nothing changed.
 * The first round's base is HEAD; later rounds keep it, so the agent committing does not hide its change.
 * @example const { round, created } = await takeServiceRound(ctx, repo);
 */
export async function takeServiceRound(
  ctx: ServiceContext,
  repo: Repository,
): Promise<{ readonly round: RoundRow; readonly created: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const latest = await latestRound(ctx.db, repo.branchKey);
    const base = latest?.base ?? (await resolveHead(repo));
    const ordinal = (latest?.ordinal ?? 0) + 1;
    try {
      const result = await takeRound(repo, {
        previous: latest === undefined ? null : { snapshot: latest.snapshot },
        ref: roundRefName(repo.branchKey, ordinal),
        base,
      });
      if (!result.changed) return { round: latest!, created: false };
      const round = await writeTransaction(ctx.db, (trx) =>
        insertRound(trx, {
          branch: repo.branchKey,
          base,
          snapshot: result.snapshot,
          tree: result.tree,
          created_at: ctx.now(),
        }),
      );
      ctx.bus.publish({ type: "round", round: roundJson(round) });
      return { round, created: true };
    } catch (error) {
      if (!(error instanceof ReviewError && error.code === "conflict") || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * The branch's latest round, taking the first one when there is none yet.
 * @example const round = await ensureRound(ctx, repo);
 */
export async function ensureRound(ctx: ServiceContext, repo: Repository): Promise<RoundRow> {
  return (await latestRound(ctx.db, repo.branchKey)) ?? (await takeServiceRound(ctx, repo)).round;
}
