import { ReviewError, type ThreadState, type Transition } from "@opencode-review/core";
import type { Repository } from "../../git/index.js";
import type { Kysely } from "kysely";
import {
  deleteThread,
  messagesByThreadIds,
  threadById,
  writeTransaction,
  type Database,
  type ThreadChanges,
  type ThreadRow,
} from "../../store/index.js";
import { applyThreadState } from "./apply-thread-state.js";
import type { ServiceContext } from "../service-context.js";
import { threadState } from "./thread-json.js";

/**
 * Runs one core transition on one stored thread inside a write transaction: reads it fresh (so a reply
 * written by another process a moment ago is not lost), applies the event, stores the result whole.
 * A refusal becomes a ReviewError with core's reason; null from the transition deletes the thread.
 * @example await changeThread(ctx, repo, id, (state) => markSeen(state, ctx.now()));
 */
export async function changeThread(
  ctx: ServiceContext,
  repo: Repository,
  threadId: string,
  event: (state: ReturnType<typeof threadState>, row: ThreadRow) => Transition<ThreadState | null>,
  patch?: ThreadChanges,
  /** More writes that belong to the same change, in its transaction (a forge reply's queue entry). */
  alongside?: (trx: Kysely<Database>) => Promise<void>,
): Promise<ThreadRow | null> {
  return writeTransaction(ctx.db, async (trx) => {
    const row = await threadById(trx, threadId);
    if (row === undefined || row.branch !== repo.branchKey) {
      throw new ReviewError(
        "not_found",
        `No thread ${threadId} on branch ${repo.branchKey}. List the threads to see their ids.`,
      );
    }
    const before = threadState(row, await messagesByThreadIds(trx, [row.id]));
    const step = event(before, row);
    if (!step.ok) throw new ReviewError(step.code, step.reason);
    if (step.next === null) {
      await deleteThread(trx, row.id);
      return null;
    }
    await applyThreadState(trx, row.id, before, step.next, patch === undefined ? {} : { patch });
    await alongside?.(trx);
    return (await threadById(trx, row.id))!;
  });
}
