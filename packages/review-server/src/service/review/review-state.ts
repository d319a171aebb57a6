import type { Message, Thread } from "@opencode-review/core";
import { renderWaitingForTurn } from "./waiting-for-turn.js";
import { draftsOfBranch } from "../../store/index.js";
import { releasedUnread } from "../../store/released-unread.js";
import type { ServiceContext } from "../service-context.js";
import { releaseTarget } from "./sessions.js";
import { messageJson } from "../threads/thread-json.js";
import { threadsJson } from "../threads/thread-list-json.js";

export interface PendingReview {
  /** Draft threads, and draft replies on released threads (each with its thread id). */
  readonly drafts: {
    readonly threads: readonly Thread[];
    readonly messages: readonly (Message & { readonly threadId: string })[];
  };
  /** The agent session a release goes to (see `releaseTarget`), or null when none is known. */
  readonly session: { readonly id: string; readonly title: string } | null;
  /**
   * Only when releases wait for the agent's next turn (MCP): what was released and not yet read by a
   * tool, with a line saying so; null when nothing waits.
   */
  readonly waiting?: { readonly messages: number; readonly files: readonly string[]; readonly text: string } | null;
}

/**
 * The person's pending review: what a release would send, and to which session.
 * @example const { drafts, session } = await pendingReview(ctx);
 */
export async function pendingReview(ctx: ServiceContext): Promise<PendingReview> {
  const repo = await ctx.repository();
  const [drafts, session] = await Promise.all([
    draftsOfBranch(ctx.db, repo.branchKey),
    releaseTarget(ctx, repo.branchKey),
  ]);
  const draftThreadIds = new Set(drafts.threads.map((t) => t.id));
  const unread = ctx.delivery.waitsForAgentTurn === true ? await releasedUnread(ctx.db, repo.branchKey) : undefined;
  return {
    drafts: {
      threads: await threadsJson(ctx, repo, drafts.threads, "human"),
      messages: drafts.messages
        .filter((m) => !draftThreadIds.has(m.thread_id))
        .map((m) => ({ ...messageJson(m), threadId: m.thread_id })),
    },
    session,
    ...(unread === undefined
      ? {}
      : {
          waiting:
            unread.count === 0
              ? null
              : { messages: unread.count, files: unread.files, text: renderWaitingForTurn(unread) },
        }),
  };
}
