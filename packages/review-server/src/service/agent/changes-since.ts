import type { ReviewEvent } from "../../events/review-event.js";
import {
  changesByIds,
  changesOfBranch,
  publishedFindings,
  publishedFindingsByIds,
  readTransaction,
  reviewerChangesSince,
  reviewsAfter,
  roundsAfter,
  runsByBranch,
  runsByIds,
  storePosition,
  threadsByBranch,
  threadsByIds,
  threadsChangedSince,
  type StorePosition,
} from "../../store/index.js";
import { changeJson } from "../changes/change-json.js";
import { findingsJson } from "../reviewer/finding-json.js";
import { runJson } from "../reviewer/run-json.js";
import { roundJson } from "../rounds/round-json.js";
import type { ServiceContext } from "../service-context.js";
import { threadsJson } from "../threads/thread-list-json.js";
import { branchTour } from "../tour/branch-tour.js";

/** A change's id, as the change log names it beside threads' (`newId("change")`). */
const isChangeId = (id: string): boolean => id.startsWith("c_");

/** Past this many changed threads (or runs, or findings), the branch's are all sent again (one listing's worth of work). */
const MAX_CHANGED = 500;

/**
 * What was written on the checked-out branch after `from`, by this process or another (whose writes
 * reach no bus here), as the events a panel redraws from: rounds first, then threads as the person sees
 * them (located against the work tree), then the reviewer's released findings (as threads) and its runs,
 * then releases, then the person's changes to the work tree (undo, apply, restore); with the position to give next time. `null` marks
 * the start: nothing before it is sent. Exact whatever each process's clock says: it follows the thread
 * change logs (threads; runs and findings) and the order rows were written in, read in one snapshot.
 * @example let { position } = await changesSince(ctx, null); ({ position, events } = await changesSince(ctx, position));
 */
export async function changesSince(
  ctx: ServiceContext,
  from: StorePosition | null,
): Promise<{ readonly position: StorePosition; readonly events: readonly ReviewEvent[] }> {
  const repo = await ctx.repository();
  const branch = repo.branchKey;
  const read = await readTransaction(ctx.db, async (trx) => {
    const position = await storePosition(trx, { branch, repository: repo.commonDir });
    if (from === null) return { position, rounds: [], threads: [], findings: [], runs: [], reviews: [], changes: [] };
    const logged = await threadsChangedSince(trx, from.threadChange, MAX_CHANGED);
    // The log names the person's changes to the work tree too (migration 0023), by their `c_` ids.
    const ids = logged?.filter((id) => !isChangeId(id)) ?? null;
    // The log no longer reaches back that far, or too much changed: everything on the branch, once.
    const threads =
      ids === null
        ? await threadsByBranch(trx, branch)
        : (await threadsByIds(trx, ids)).filter((row) => row.branch === branch);
    // Past the log's reach, the newest change stands for them all: a panel reads the whole list on any.
    const changes =
      logged === null
        ? (await changesOfBranch(trx, branch)).slice(0, 1)
        : await changesByIds(trx, branch, logged.filter(isChangeId));
    // A finding pinned before its run's release is left out (the person sees it once released); its run is
    // sent, since its count of findings changed.
    const reviewer = await reviewerChangesSince(trx, from.reviewerChange, MAX_CHANGED);
    // A release changes the run's row only: its findings are sent with it.
    const findings =
      reviewer === null
        ? await publishedFindings(trx, branch)
        : await publishedFindingsByIds(trx, branch, { ids: reviewer.findings, runIds: reviewer.runRows });
    const runs = reviewer === null ? await runsByBranch(trx, branch) : await runsByIds(trx, branch, reviewer.runs);
    return {
      position,
      rounds: await roundsAfter(trx, branch, from),
      threads,
      findings,
      runs,
      reviews: await reviewsAfter(trx, branch, from),
      changes,
    };
  });
  // Located after the snapshot ends: locating reads the store again, on the same connection.
  const threads = read.threads.length === 0 ? [] : await threadsJson(ctx, repo, read.threads, "human");
  const findings = await findingsJson(ctx, repo, read.findings);
  // Oldest first, as they happened: a panel keeps the newest run on top whatever order they come in.
  const runs = await Promise.all([...read.runs].reverse().map((row) => runJson(ctx, row)));
  // Another process (an MCP client's agent) left a new tour.
  const tour = from !== null && read.position.tour !== from.tour ? await branchTour(ctx) : null;
  const events: ReviewEvent[] = [
    ...read.rounds.map((round) => ({ type: "round" as const, round: roundJson(round) })),
    ...threads.map((thread) => ({ type: "thread" as const, thread })),
    ...findings.map((finding) => ({ type: "thread" as const, thread: finding })),
    ...runs.map((run) => ({ type: "run" as const, run })),
    ...read.reviews.map((review) => ({
      type: "review" as const,
      review: {
        id: review.id,
        releasedAt: review.released_at,
        messages: review.messages,
        mode: review.mode,
        deliveredTo: review.delivered_to,
      },
    })),
    // Another panel marked a file viewed or picked the diff's start: the panels read them again.
    ...(from !== null && read.position.viewed !== from.viewed ? [{ type: "viewed" as const, marks: { branch } }] : []),
    ...(from !== null && read.position.base !== from.base ? [{ type: "base" as const, base: { branch } }] : []),
    ...(tour === null ? [] : [{ type: "tour" as const, tour }]),
    // Another process undid, applied or restored a change: its panels read the list (and the diff) again.
    ...read.changes.map((row) => ({ type: "change" as const, change: changeJson(row) })),
  ];
  return { position: read.position, events };
}
