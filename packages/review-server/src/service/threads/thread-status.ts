import { humanReopen, humanResolve, markSeen, ReviewError, type Thread } from "@opencode-review/core";
import { newId, roundById, threadById } from "../../store/index.js";
import { changeThread } from "./change-thread.js";
import { checkpointAt } from "./checkpoint.js";
import { publishThread } from "./publish-thread.js";
import type { ServiceContext } from "../service-context.js";
import { takeServiceRound } from "../rounds/record-round.js";

/**
 * The person resolves a thread, optionally with a last word (sent at once, not held as a draft).
 * @example await resolveThread(ctx, id, "Thanks, looks right now.");
 */
export async function resolveThread(ctx: ServiceContext, threadId: string, body?: string): Promise<Thread> {
  const repo = await ctx.repository();
  const at = ctx.now();
  const message = body === undefined ? undefined : { id: newId("message"), body, at };
  const row = await changeThread(ctx, repo, threadId, (state) =>
    humanResolve(state, message === undefined ? { at } : { at, message }),
  );
  return publishThread(ctx, repo, row!);
}

/**
 * The person reopens a thread: it is the agent's turn again, and the checkpoint moves to the code as it
 * reads now, so the agent must change it again before a resolve claim holds.
 * @example await reopenThread(ctx, id, "The off-by-one is back.");
 */
export async function reopenThread(ctx: ServiceContext, threadId: string, body?: string): Promise<Thread> {
  const repo = await ctx.repository();
  const existing = await threadById(ctx.db, threadId);
  if (existing === undefined || existing.branch !== repo.branchKey) {
    throw new ReviewError(
      "not_found",
      `No thread ${threadId} on branch ${repo.branchKey}. List the threads to see their ids.`,
    );
  }
  const { round } = await takeServiceRound(ctx, repo);
  const checkpoint = await checkpointAt(repo, existing, (await roundById(ctx.db, existing.round_id))!, round);
  const at = ctx.now();
  const message = body === undefined ? undefined : { id: newId("message"), body, at };
  const row = await changeThread(
    ctx,
    repo,
    threadId,
    (state) => humanReopen(state, message === undefined ? { at } : { at, message }),
    checkpoint,
  );
  return publishThread(ctx, repo, row!);
}

/**
 * The person has read the thread: its unread mark goes.
 * @example await markThreadRead(ctx, id);
 */
export async function markThreadRead(ctx: ServiceContext, threadId: string): Promise<Thread> {
  const repo = await ctx.repository();
  const row = await changeThread(ctx, repo, threadId, (state) => markSeen(state, ctx.now()));
  return publishThread(ctx, repo, row!);
}
