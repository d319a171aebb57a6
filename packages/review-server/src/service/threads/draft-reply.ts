import { deleteMessage, draftReply, editMessage, ReviewError, type Thread } from "@opencode-review/core";
import { messageById, newId, threadById } from "../../store/index.js";
import { changeThread } from "./change-thread.js";
import type { ServiceContext } from "../service-context.js";
import { publishThread } from "./publish-thread.js";

/**
 * The person drafts a reply on a thread; it waits in their pending review until released.
 * @example await addDraftReply(ctx, threadId, { body: "Still off by one." });
 */
export async function addDraftReply(
  ctx: ServiceContext,
  threadId: string,
  input: { readonly body: string; readonly suggestion?: readonly string[] | null },
): Promise<Thread> {
  const repo = await ctx.repository();
  const existing = await threadById(ctx.db, threadId);
  if (input.suggestion != null && existing !== undefined && existing.start_line === null) {
    throw new ReviewError("invalid_input", "A suggestion replaces lines; this thread is on the whole file.");
  }
  const message = { id: newId("message"), body: input.body, suggestion: input.suggestion ?? null, at: ctx.now() };
  const row = await changeThread(ctx, repo, threadId, (state) => draftReply(state, message));
  return publishThread(ctx, repo, row!);
}

/**
 * The person edits one of their drafts; a released message cannot change (409).
 * @example await editDraft(ctx, messageId, { body: "Clearer words." });
 */
export async function editDraft(
  ctx: ServiceContext,
  messageId: string,
  edit: { readonly body?: string; readonly suggestion?: readonly string[] | null },
): Promise<Thread> {
  const repo = await ctx.repository();
  const message = await requireMessage(ctx, messageId);
  const change = {
    at: ctx.now(),
    ...(edit.body === undefined ? {} : { body: edit.body }),
    ...(edit.suggestion === undefined ? {} : { suggestion: edit.suggestion === null ? null : [...edit.suggestion] }),
  };
  const row = await changeThread(ctx, repo, message.thread_id, (state) => editMessage(state, messageId, change));
  return publishThread(ctx, repo, row!);
}

/**
 * The person deletes one of their drafts; deleting the only message of a draft thread deletes the thread.
 * @example const { thread } = await deleteDraft(ctx, messageId); // thread null when it went too
 */
export async function deleteDraft(ctx: ServiceContext, messageId: string): Promise<{ readonly thread: Thread | null }> {
  const repo = await ctx.repository();
  const message = await requireMessage(ctx, messageId);
  const row = await changeThread(ctx, repo, message.thread_id, (state) => deleteMessage(state, messageId, ctx.now()));
  if (row === null) return { thread: null };
  return { thread: await publishThread(ctx, repo, row) };
}

async function requireMessage(ctx: ServiceContext, messageId: string) {
  const message = await messageById(ctx.db, messageId);
  if (message === undefined)
    throw new ReviewError("not_found", `No message ${messageId}. Reload the threads to see their message ids.`);
  return message;
}
