import { releaseReview as coreReleaseReview, renderReleaseNotice, renderReleaseProse, ReviewError } from "@opencode-review/core";
import {
  draftsOfBranch,
  insertReview,
  messagesByThreadIds,
  roundById,
  threadById,
  updateReview,
  writeTransaction,
  type RoundRow,
  type ThreadPatch,
  type ThreadRow,
} from "../store/index.js";
import type { ReleasedReview } from "../events/review-event.js";
import { applyThreadState } from "./apply-thread-state.js";
import { checkpointAt } from "./checkpoint.js";
import { createFileReader } from "./file-reader.js";
import type { ServiceContext } from "./service-context.js";
import { releaseTarget } from "./sessions.js";
import { threadState } from "./thread-json.js";
import { threadsJson } from "./threads-json.js";
import { takeServiceRound } from "./take-round.js";

export interface ReleaseResult {
  readonly review: ReleasedReview;
  /** The whole review as sent, when the agent has no tools (also kept so the panel can show and copy it). */
  readonly prose?: string;
}

/**
 * Releases the person's pending review: a round is taken, then every draft thread and reply becomes sent
 * in one transaction (all or none), each thread's checkpoint is the code under it in that round, and the
 * agent is told: a short notice naming `review_list` with tools, the whole review as prose without.
 * @example const { review } = await releaseReview(ctx, {});
 */
export async function releaseReview(ctx: ServiceContext, input: { readonly sessionId?: string } = {}): Promise<ReleaseResult> {
  const repo = await ctx.repository();
  const { round } = await takeServiceRound(ctx, repo);
  const drafts = await draftsOfBranch(ctx.db, repo.branchKey);
  const ids = [...new Set([...drafts.threads.map((t) => t.id), ...drafts.messages.map((m) => m.thread_id)])];
  if (ids.length === 0) {
    throw new ReviewError("conflict", "Nothing to release: there are no draft comments or replies. Write a comment first.");
  }

  // Git work happens before the write transaction, which must stay short (other processes wait on it).
  const reader = createFileReader(repo);
  const rows = (await Promise.all(ids.map((id) => threadById(ctx.db, id)))).filter((r): r is ThreadRow => r !== undefined);
  const rounds = new Map<string, RoundRow>();
  for (const id of new Set(rows.map((r) => r.round_id))) rounds.set(id, (await roundById(ctx.db, id))!);
  const checkpoints = new Map<string, ThreadPatch>();
  for (const row of rows) checkpoints.set(row.id, await checkpointAt(repo, row, rounds.get(row.round_id)!, round, reader));

  const { review, released, at } = await writeTransaction(ctx.db, async (trx) => {
    // Stamped inside the write lock, so no agent reply can be written between this time and the release.
    const at = ctx.now();
    const review = await insertReview(trx, { branch: repo.branchKey, mode: ctx.delivery.mode, round_id: round.id, released_at: at });
    // Read again inside the transaction: a draft added or deleted a moment ago is released or not, never half.
    const current = await draftsOfBranch(trx, repo.branchKey);
    const threadIds = [...new Set([...current.threads.map((t) => t.id), ...current.messages.map((m) => m.thread_id)])];
    const fresh = (await Promise.all(threadIds.map((id) => threadById(trx, id)))).filter((r): r is ThreadRow => r !== undefined);
    const messages = await messagesByThreadIds(trx, threadIds);
    const before = fresh.map((row) => threadState(row, messages.filter((m) => m.thread_id === row.id)));
    const released = coreReleaseReview(before, at);
    if (!released.ok) throw new ReviewError(released.code, released.reason);
    for (const next of released.threads) {
      const was = before.find((b) => b.id === next.id)!;
      await applyThreadState(trx, next.id, was, next, { reviewId: review.id, patch: checkpoints.get(next.id) ?? {} });
    }
    return { review, released, at };
  });

  const threadRows = (await Promise.all(released.threads.map((t) => threadById(ctx.db, t.id)))).filter(
    (r): r is ThreadRow => r !== undefined,
  );
  const threads = await threadsJson(ctx, repo, threadRows, "human", reader);
  for (const thread of threads) ctx.bus.publish({ type: "thread", thread });

  const text =
    ctx.delivery.mode === "tools"
      ? renderReleaseNotice({ count: released.messageIds.length, files: released.files })
      : renderReleaseProse(threads, { releasedMessageIds: released.messageIds });
  const sessionId = input.sessionId ?? (await releaseTarget(ctx, repo.branchKey))?.id ?? null;
  // The release stands even when the doorbell fails: the threads wait, and the agent's prompt line says so.
  const delivered = await ctx.delivery.deliver({ sessionId, text }).catch(() => null);
  await writeTransaction(ctx.db, (trx) =>
    updateReview(trx, review.id, {
      session_id: delivered?.sessionId ?? sessionId,
      delivered_to: delivered?.sessionId ?? null,
      prose: ctx.delivery.mode === "prose" ? text : null,
    }),
  );

  const result: ReleasedReview = {
    id: review.id,
    releasedAt: at,
    messages: released.messageIds.length,
    mode: ctx.delivery.mode,
    deliveredTo: delivered?.sessionId ?? null,
  };
  ctx.bus.publish({ type: "review", review: result });
  return ctx.delivery.mode === "prose" ? { review: result, prose: text } : { review: result };
}
