import { uncoveredHunks, type CoveringPlace, type Tour, type TourStep } from "@opencode-review/core";
import { roundById, tourOfBranch } from "../../store/index.js";
import { createFileReader } from "../files/file-reader.js";
import { reviewDiff } from "../rounds/review-diff.js";
import type { ServiceContext } from "../service-context.js";
import { locateContent } from "../threads/locate-threads.js";

/**
 * The checked-out branch's tour as the panels and tools see it, or null when the agent left none: each
 * step located in the work tree as a thread is (its lines moved, changed, or gone: `outdated`), and the
 * hunks of the review's whole diff (base to work tree) that no step's lines touch now.
 * @example const tour = await branchTour(ctx); tour?.steps[0]?.anchor.state // "moved"
 */
export async function branchTour(ctx: ServiceContext): Promise<Tour | null> {
  const repo = await ctx.repository();
  const row = await tourOfBranch(ctx.db, repo.branchKey);
  if (row === undefined) return null;
  const round = await roundById(ctx.db, row.round_id);
  const reader = createFileReader(repo, ctx.commitFiles);
  const steps = await Promise.all(
    row.steps.map(async (step): Promise<TourStep> => {
      const [then, now] = await Promise.all([
        round === undefined ? Promise.resolve({ kind: "missing" as const }) : reader.at(round.snapshot, step.file),
        reader.worktree(step.file),
      ]);
      const anchor = locateContent(
        {
          side: "new",
          start_line: step.start,
          end_line: step.end,
          quoted: step.quoted as string[],
          context: step.context,
        },
        then,
        now,
      );
      return { file: step.file, start: step.start, end: step.end, text: step.text, anchor };
    }),
  );
  // A step whose lines are gone covers nothing; a whole-file step covers its file while the file is there.
  const covering: CoveringPlace[] = steps
    .filter((step) => step.anchor.state !== "outdated")
    .map((step) => ({
      file: step.file,
      start: step.start === null ? null : step.anchor.start,
      end: step.start === null ? null : step.anchor.end,
    }));
  const diff = await reviewDiff(ctx, {});
  return {
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    steps,
    uncovered: uncoveredHunks(diff, covering),
  };
}
