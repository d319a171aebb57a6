import type { ListingMemo } from "../agent/listing-memo.js";
import { listThreads, threadListing } from "../agent/list-threads.js";
import type { ServiceContext } from "../service-context.js";
import { addDraftReply, deleteDraft, editDraft } from "./draft-reply.js";
import { createDraftThread } from "./draft-thread.js";
import { markThreadRead, reopenThread, resolveThread } from "./thread-status.js";

/** What the thread operations share with the rest of the service. */
export interface ThreadDeps {
  /** The panel's listings, kept and patched while nothing they were computed from changed. */
  readonly listings: ListingMemo;
}

/**
 * The person's threads: the listing, drafts and replies, resolve, reopen, seen.
 * @example await threadOperations(ctx, { listings }).draftThread({ file: "a.ts", line: 3, text: "why?" });
 */
export function threadOperations(ctx: ServiceContext, deps: ThreadDeps) {
  const { listings } = deps;
  return {
    listThreads: (query: Parameters<typeof listThreads>[1]) => listThreads(ctx, query, listings),
    /** The listing with its version: the same version is the same threads (see threadListing). */
    threadListing: (query: Parameters<typeof threadListing>[1]) => threadListing(ctx, query, listings),
    draftThread: (input: Parameters<typeof createDraftThread>[1]) => createDraftThread(ctx, input),
    draftReply: (id: string, input: Parameters<typeof addDraftReply>[2]) => addDraftReply(ctx, id, input),
    editDraft: (messageId: string, edit: Parameters<typeof editDraft>[2]) => editDraft(ctx, messageId, edit),
    deleteDraft: (messageId: string) => deleteDraft(ctx, messageId),
    resolve: (id: string, body?: string) => resolveThread(ctx, id, body),
    reopen: (id: string, body?: string) => reopenThread(ctx, id, body),
    markSeen: (id: string) => markThreadRead(ctx, id),
  };
}

export type ThreadOperations = ReturnType<typeof threadOperations>;
