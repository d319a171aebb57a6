import type { Thread } from "@opencode-review/core";
import type { StoreChanges } from "../events/data-version-feed.js";
import type { ReviewEvent } from "../events/review-event.js";
import type { ReviewService } from "../service/index.js";
import { roundJson } from "../service/round-json.js";
import { threadsJson } from "../service/threads-json.js";
import { decodeThread, reviewsByBranch, roundsByBranch } from "../store/index.js";

// Times are written by each process from its own clock, before its write transaction waits for the
// lock, so a commit can carry a time a little older than one already seen. Looking back this far and
// remembering what was sent catches those without sending anything twice.
const LOOKBACK_MS = 60_000;

/**
 * Finds the threads, releases and rounds other processes wrote on the checked-out branch since the last
 * look, as the events a panel redraws from (threads as the person sees them, located against the work tree).
 * @example dataVersionFeed({ db: store.db, changes: storeChanges(service) })
 */
export function storeChanges(service: ReviewService): StoreChanges {
  const ctx = service.context;
  // key (kind:id:time) -> time in ms, of everything already sent or already there at mark.
  let sent = new Map<string, number>();
  let newest = 0;

  const since = (): string => new Date(Math.max(0, newest - LOOKBACK_MS)).toISOString();

  const look = async (): Promise<{ key: string; at: number; event: () => Promise<ReviewEvent | null> }[]> => {
    const repo = await ctx.repository();
    const from = since();
    const [threadRows, reviews, rounds] = await Promise.all([
      ctx.db.selectFrom("threads").selectAll().where("branch", "=", repo.branchKey).where("updated_at", ">=", from).execute(),
      reviewsByBranch(ctx.db, repo.branchKey),
      roundsByBranch(ctx.db, repo.branchKey),
    ]);
    const found: { key: string; at: number; event: () => Promise<ReviewEvent | null> }[] = [];
    const threads = threadRows.map(decodeThread);
    let located: Promise<Map<string, Thread>> | null = null;
    const threadJson = async (id: string): Promise<Thread | undefined> => {
      // Located together on first need: one pass over the files for all changed threads.
      located ??= threadsJson(ctx, repo, threads.filter((t) => !sent.has(`thread:${t.id}:${t.updated_at}`)), "human").then(
        (list) => new Map(list.map((t) => [t.id, t])),
      );
      return (await located).get(id);
    };
    for (const row of threads) {
      found.push({
        key: `thread:${row.id}:${row.updated_at}`,
        at: Date.parse(row.updated_at),
        event: async () => {
          const thread = await threadJson(row.id);
          return thread === undefined ? null : { type: "thread", thread };
        },
      });
    }
    for (const review of reviews.filter((r) => r.released_at >= from)) {
      found.push({
        key: `review:${review.id}`,
        at: Date.parse(review.released_at),
        event: async () => {
          const counted = await ctx.db
            .selectFrom("messages")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("review_id", "=", review.id)
            .executeTakeFirst();
          return {
            type: "review",
            review: {
              id: review.id,
              releasedAt: review.released_at,
              messages: Number(counted?.n ?? 0),
              mode: review.mode,
              deliveredTo: review.delivered_to,
            },
          };
        },
      });
    }
    for (const round of rounds.filter((r) => r.created_at >= from)) {
      found.push({ key: `round:${round.id}`, at: Date.parse(round.created_at), event: async () => ({ type: "round", round: roundJson(round) }) });
    }
    return found;
  };

  const remember = (key: string, at: number): void => {
    sent.set(key, at);
    if (at > newest) newest = at;
  };
  const forgetOld = (): void => {
    const floor = newest - 2 * LOOKBACK_MS;
    sent = new Map([...sent].filter(([, at]) => at >= floor));
  };

  return {
    async mark() {
      const repo = await ctx.repository();
      // The newest time in the store, not the wall clock: it is what later writes are compared with.
      const latest = await ctx.db
        .selectFrom("threads")
        .select((eb) => eb.fn.max("updated_at").as("at"))
        .where("branch", "=", repo.branchKey)
        .executeTakeFirst();
      newest = latest?.at ? Date.parse(latest.at) : 0;
      for (const item of await look()) remember(item.key, item.at);
      forgetOld();
    },
    async collect() {
      const events: ReviewEvent[] = [];
      // Rounds first, then threads, then releases: the order a panel needs to place what it gets.
      const order = { round: 0, thread: 1, review: 2 } as const;
      const fresh = (await look()).filter((item) => !sent.has(item.key));
      fresh.sort((a, b) => order[a.key.split(":")[0] as keyof typeof order] - order[b.key.split(":")[0] as keyof typeof order]);
      for (const item of fresh) {
        const event = await item.event();
        remember(item.key, item.at);
        if (event !== null) events.push(event);
      }
      forgetOld();
      return events;
    },
  };
}
