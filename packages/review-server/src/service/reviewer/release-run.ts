import type { ReviewReleaseArgs, Run } from "@opencode-review/core";
import {
  findingsOfRun,
  publishedFindings,
  runById,
  updateFinding,
  updateRun,
  writeTransaction,
  type FindingRow,
  type RunRow,
} from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";
import { findingsJson } from "./finding-json.js";
import { runJson } from "./run-json.js";

/**
 * The reviewer releases its run: the run completes with its summary and verdict, its findings become
 * visible to the person (never to the implementing agent), and open, untriaged findings of older runs at
 * the same place with the same title (first line) are superseded. A repeat returns the first result.
 * @example const run = await releaseRun(ctx, run, { summary: "Two bugs in the parser.", verdict: "changes" });
 */
export async function releaseRun(ctx: ServiceContext, run: RunRow, args: ReviewReleaseArgs): Promise<Run> {
  const released = await writeTransaction(ctx.db, async (trx) => {
    const done = await updateRun(
      trx,
      run.id,
      { status: "completed", summary: args.summary, verdict: args.verdict, finished_at: ctx.now() },
      ["running"],
    );
    if (done === undefined) return null;
    const mine = await findingsOfRun(trx, run.id);
    const older = (await publishedFindings(trx, run.branch)).filter((f) => f.run_id !== run.id && f.status === "open");
    const superseded: FindingRow[] = [];
    for (const old of older) {
      if (!mine.some((f) => samePlaceAndTitle(f, old))) continue;
      const row = await updateFinding(trx, old.id, { status: "superseded", updated_at: ctx.now() }, ["open"]);
      if (row !== undefined) superseded.push(row);
    }
    return { done, mine };
  });
  if (released === null) return runJson(ctx, (await runById(ctx.db, run.id))!);
  const repo = await ctx.repository();
  for (const finding of await findingsJson(ctx, repo, released.mine))
    ctx.bus.publish({ type: "thread", thread: finding });
  const shown = await runJson(ctx, released.done);
  ctx.bus.publish({ type: "run", run: shown });
  return shown;
}

function samePlaceAndTitle(a: FindingRow, b: FindingRow): boolean {
  const title = (body: string) => body.split("\n")[0]!.trim();
  return (
    a.file === b.file &&
    a.side === b.side &&
    a.start_line === b.start_line &&
    a.end_line === b.end_line &&
    title(a.body) === title(b.body)
  );
}
