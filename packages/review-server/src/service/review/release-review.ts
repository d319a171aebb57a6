import { processStartTime } from "./owner-process.js";
import {
  pathNow,
  releaseReview,
  renderReleaseNotice,
  renderReleaseProse,
  ReviewError,
  withReviewVerdict,
  type Thread,
  type Verdict,
} from "@opencode-review/core";
import {
  draftsOfBranch,
  insertReview,
  messagesByThreadIds,
  roundById,
  threadById,
  updateReview,
  writeTransaction,
  type RoundRow,
  type ThreadChanges,
  type ThreadRow,
} from "../../store/index.js";
import type { ReleasedReview } from "../../events/review-event.js";
import { applyThreadState } from "../threads/apply-thread-state.js";
import { deliverReview, type DeliveryRetry } from "./deliver-review.js";
import { reviewJson } from "./review-json.js";
import { checkpointAt } from "../threads/checkpoint.js";
import { createFileReader } from "../files/file-reader.js";
import type { ServiceContext } from "../service-context.js";
import { releaseTarget } from "./sessions.js";
import { threadState } from "../threads/thread-json.js";
import { threadsJson } from "../threads/thread-list-json.js";
import { takeServiceRound } from "../rounds/record-round.js";

export interface ReleaseResult {
  readonly review: ReleasedReview;
  /** The whole review as sent, when the agent has no tools (also kept so the panel can show and copy it). */
  readonly prose?: string;
}

/**
 * Releases the person's pending review: a round is taken, then every draft thread and reply becomes sent
 * in one transaction (all or none), each thread's checkpoint is the code under it in that round, and the
 * agent is told: a short notice naming `review_list` with tools, the whole review as prose without.
 * The prose, the message for the agent, the summary and verdict, and the delivery state (pending) are
 * written in that same transaction, so a connection or a process lost after the release loses none of it:
 * `GET /api/reviews` reads it back, and a failed delivery is retried (see deliverReview).
 * @example const { review } = await releaseReview(ctx, {});
 */
export async function releasePendingReview(
  ctx: ServiceContext,
  input: { readonly sessionId?: string; readonly summary?: string; readonly verdict?: Verdict } = {},
  retry?: DeliveryRetry,
): Promise<ReleaseResult> {
  const repo = await ctx.repository();
  const { round } = await takeServiceRound(ctx, repo);
  const drafts = await draftsOfBranch(ctx.db, repo.branchKey);
  const ids = [...new Set([...drafts.threads.map((t) => t.id), ...drafts.messages.map((m) => m.thread_id)])];
  const summary = input.summary?.trim() ? input.summary.trim() : null;
  const verdict = input.verdict ?? null;
  // An approval or a request for changes, or an overall comment, says something without any draft (GitHub
  // lets a reviewer approve with no comments); the plain Comment verdict alone does not.
  const saysSomething = summary !== null || (verdict !== null && verdict !== "comment");
  const nothing =
    "Nothing to release: there are no draft comments or replies, no overall comment and no verdict. Write a comment, or approve or request changes.";
  if (ids.length === 0 && !saysSomething) throw new ReviewError("conflict", nothing);

  // Git work happens before the write transaction, which must stay short (other processes wait on it).
  const reader = createFileReader(repo, ctx.commitFiles);
  const rows = (await Promise.all(ids.map((id) => threadById(ctx.db, id)))).filter(
    (r): r is ThreadRow => r !== undefined,
  );
  const rounds = new Map<string, RoundRow>();
  for (const id of new Set(rows.map((r) => r.round_id))) rounds.set(id, (await roundById(ctx.db, id))!);
  const checkpoints = new Map<string, ThreadChanges>();
  for (const row of rows)
    checkpoints.set(row.id, await checkpointAt(repo, row, rounds.get(row.round_id)!, round, reader));

  const sessionId = input.sessionId ?? (await releaseTarget(ctx, repo.branchKey))?.id ?? null;

  const { review, threads, prose } = await writeTransaction(ctx.db, async (trx) => {
    // Stamped inside the write lock, so no agent reply can be written between this time and the release.
    const at = ctx.now();
    const review = await insertReview(trx, {
      branch: repo.branchKey,
      mode: ctx.delivery.mode,
      round_id: round.id,
      released_at: at,
      session_id: sessionId,
      summary,
      verdict,
      // This process rings the doorbell below; if it is gone before that, the next one to start does.
      owner_pid: process.pid,
      owner_started: processStartTime(process.pid),
      waits_for_turn: ctx.delivery.waitsForAgentTurn === true ? 1 : 0,
      worktree: ctx.delivery.handsOffTo ?? null,
    });
    // Read again inside the transaction: a draft added or deleted a moment ago is released or not, never half.
    const current = await draftsOfBranch(trx, repo.branchKey);
    const threadIds = [...new Set([...current.threads.map((t) => t.id), ...current.messages.map((m) => m.thread_id)])];
    const fresh = (await Promise.all(threadIds.map((id) => threadById(trx, id)))).filter(
      (r): r is ThreadRow => r !== undefined,
    );
    const messages = await messagesByThreadIds(trx, threadIds);
    const before = fresh.map((row) =>
      threadState(
        row,
        messages.filter((m) => m.thread_id === row.id),
      ),
    );
    const step = releaseReview(before, at);
    if (!step.ok && !saysSomething) throw new ReviewError(step.code, nothing);
    const released = step.ok ? step : { threads: [], messageIds: [] as string[], files: [] as string[] };
    for (const next of released.threads) {
      const was = before.find((b) => b.id === next.id)!;
      await applyThreadState(trx, next.id, was, next, { reviewId: review.id, patch: checkpoints.get(next.id) ?? {} });
    }
    // The prose is rendered here, in the transaction, from the threads as released (the file reads were
    // mostly made above by the checkpoints), so it is stored with the release or not at all.
    const threadRows = (await Promise.all(released.threads.map((t) => threadById(trx, t.id)))).filter(
      (r): r is ThreadRow => r !== undefined,
    );
    const threads = await threadsJson({ ...ctx, db: trx }, repo, threadRows, "human", reader);
    const comments = released.messageIds.length > 0;
    const prose = withReviewVerdict(
      comments ? renderReleaseProse(threads, { releasedMessageIds: released.messageIds }) : "",
      { summary, verdict },
    );
    const text =
      ctx.delivery.mode === "tools" && comments
        ? withReviewVerdict(
            renderReleaseNotice({ count: released.messageIds.length, files: filesNow(released.files, threads) }),
            { summary, verdict },
          )
        : prose;
    const stored = (await updateReview(trx, review.id, { prose, message_text: text, delivery_state: "pending" }))!;
    return { review: stored, threads, prose };
  });

  for (const thread of threads) ctx.bus.publish({ type: "thread", thread });

  // The release stands even when the doorbell fails: the failure is recorded, shown and retried. Each
  // attempt publishes the review event itself; only a store that failed to record it is published here.
  let published = true;
  const delivered = await deliverReview(ctx, review.id, retry).catch(() => {
    published = false;
    return review;
  });
  const json = await reviewJson(ctx, delivered);
  const result: ReleasedReview = {
    id: json.id,
    releasedAt: json.releasedAt,
    messages: json.messages,
    mode: json.mode,
    deliveredTo: json.deliveredTo,
    summary: json.summary,
    verdict: json.verdict,
    delivery: json.delivery,
  };
  if (!published) ctx.bus.publish({ type: "review", review: result });
  return ctx.delivery.mode === "prose" ? { review: result, prose } : { review: result };
}

/** The released files (in their order) by the paths they have now: a file renamed since its threads were written goes by its new name. */
function filesNow(files: readonly string[], threads: readonly Thread[]): string[] {
  return [
    ...new Set(
      files.flatMap((file) => {
        const on = threads.filter((t) => t.file === file);
        return on.length > 0 ? on.map(pathNow) : [file];
      }),
    ),
  ];
}
