import type { ServiceContext } from "../service-context.js";
import { listRounds } from "./branch-rounds.js";
import { takeServiceRound } from "./record-round.js";
import { pickBase, reviewBases } from "./review-bases.js";
import { reviewDiff } from "./review-diff.js";
import { roundJson } from "./round-json.js";
import { listViewed, setViewed } from "./viewed-files.js";

/**
 * Rounds and diffs: the snapshots of the agent's work, the diff between them, the bases and the files marked viewed.
 * @example const rounds = roundOperations(ctx); await rounds.listRounds();
 */
export function roundOperations(ctx: ServiceContext) {
  return {
    listRounds: () => listRounds(ctx),
    takeRound: async () => roundJson((await takeServiceRound(ctx, await ctx.repository())).round),
    takeRoundIfChanged: async () => takeServiceRound(ctx, await ctx.repository()),
    diff: (query: Parameters<typeof reviewDiff>[1]) => reviewDiff(ctx, query),
    reviewBases: () => reviewBases(ctx),
    pickBase: (from: string | null) => pickBase(ctx, from),
    listViewed: (query: Parameters<typeof listViewed>[1]) => listViewed(ctx, query),
    setViewed: (input: Parameters<typeof setViewed>[1]) => setViewed(ctx, input),
  };
}

export type RoundOperations = ReturnType<typeof roundOperations>;
