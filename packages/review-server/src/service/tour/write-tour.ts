import type { ReviewTourArgs, Tour } from "@opencode-review/core";
import { resolveWorktreePath } from "../../git/index.js";
import { newId, replaceTour, writeTransaction, type StoredTourStep } from "../../store/index.js";
import { checkPlaceNow } from "../agent/agent-note.js";
import { takeServiceRound } from "../rounds/record-round.js";
import { anchorAtRound } from "../threads/anchor-at-round.js";
import type { ServiceContext } from "../service-context.js";
import { branchTour } from "./branch-tour.js";

/**
 * Stores the agent's tour of its change, replacing the branch's last one: every step's place is checked
 * against the work tree first (so a refused tour stores nothing), then a round is taken and each step's
 * lines are quoted at it, as a note's would be, so the steps follow the code from there.
 * Answers the tour as the panels see it and tells them (event `tour`).
 * @example const tour = await writeTour(ctx, { steps: [{ file: "src/a.ts", from: 3, to: 9, text: "Start here." }] });
 */
export async function writeTour(ctx: ServiceContext, args: ReviewTourArgs): Promise<Tour> {
  const repo = await ctx.repository();
  const places: { file: string; start: number | null; end: number | null; text: string }[] = [];
  for (const [i, step] of args.steps.entries()) {
    try {
      const file = await resolveWorktreePath(repo, step.file, { followLast: false });
      const start = step.from ?? null;
      const end = step.to ?? step.from ?? null;
      await checkPlaceNow(repo, file, start, end);
      places.push({ file, start, end, text: step.text });
    } catch (error) {
      // Which step was refused, so the model fixes that one and sends the tour again.
      if (error instanceof Error) error.message = `Step ${i + 1}: ${error.message}`;
      throw error;
    }
  }
  const { round } = await takeServiceRound(ctx, repo);
  const steps: StoredTourStep[] = [];
  for (const place of places) {
    const { anchor } = await anchorAtRound(
      repo,
      round,
      place.file,
      { side: "new", start: place.start, end: place.end },
      { roundFiles: ctx.roundFiles },
    );
    steps.push({ ...place, quoted: anchor.quoted, context: anchor.context });
  }
  const row = {
    branch: repo.branchKey,
    id: newId("tour"),
    title: args.title ?? null,
    round_id: round.id,
    steps,
    created_at: ctx.now(),
  };
  await writeTransaction(ctx.db, (trx) => replaceTour(trx, row));
  const tour = await branchTour(ctx);
  if (tour !== null) ctx.bus.publish({ type: "tour", tour });
  return tour!;
}
