import type { ReviewEvent } from "../events/review-event.js";
import {
  readTransaction,
  reviewsAfter,
  roundsAfter,
  storePosition,
  threadsByBranch,
  threadsByIds,
  threadsChangedSince,
  type StorePosition,
} from "../store/index.js";
import { roundJson } from "./round-json.js";
import type { ServiceContext } from "./service-context.js";
import { threadsJson } from "./threads-json.js";

/** Past this many changed threads, the branch's threads are all sent again (one listing's worth of work). */
const MAX_CHANGED = 500;

/**
 * What was written on the checked-out branch after `from`, by this process or another (whose writes
 * reach no bus here), as the events a panel redraws from: rounds first, then threads as the person sees
 * them (located against the work tree), then releases; with the position to give next time. `null` marks
 * the start: nothing before it is sent. Exact whatever each process's clock says: it follows the thread
 * change log and the order rows were written in, read in one snapshot.
 * @example let { position } = await changesSince(ctx, null); ({ position, events } = await changesSince(ctx, position));
 */
export async function changesSince(
  ctx: ServiceContext,
  from: StorePosition | null,
): Promise<{ readonly position: StorePosition; readonly events: readonly ReviewEvent[] }> {
  const repo = await ctx.repository();
  const branch = repo.branchKey;
  const read = await readTransaction(ctx.db, async (trx) => {
    const position = await storePosition(trx);
    if (from === null) return { position, rounds: [], threads: [], reviews: [] };
    const ids = await threadsChangedSince(trx, from.threadChange, MAX_CHANGED);
    // The log no longer reaches back that far, or too much changed: everything on the branch, once.
    const threads = ids === null ? await threadsByBranch(trx, branch) : (await threadsByIds(trx, ids)).filter((row) => row.branch === branch);
    return { position, rounds: await roundsAfter(trx, branch, from), threads, reviews: await reviewsAfter(trx, branch, from) };
  });
  // Located after the snapshot ends: locating reads the store again, on the same connection.
  const threads = read.threads.length === 0 ? [] : await threadsJson(ctx, repo, read.threads, "human");
  const events: ReviewEvent[] = [
    ...read.rounds.map((round) => ({ type: "round" as const, round: roundJson(round) })),
    ...threads.map((thread) => ({ type: "thread" as const, thread })),
    ...read.reviews.map((review) => ({
      type: "review" as const,
      review: { id: review.id, releasedAt: review.released_at, messages: review.messages, mode: review.mode, deliveredTo: review.delivered_to },
    })),
  ];
  return { position: read.position, events };
}
