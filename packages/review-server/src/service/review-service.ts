import type { EventBus } from "../events/event-bus.js";
import type { Repository } from "../git/index.js";
import { newId, type Store } from "../store/index.js";
import { agentNote } from "./agent-note.js";
import { agentReply } from "./agent-reply.js";
import { changesSince } from "./changes-since.js";
import { trackRepository } from "./current-repository.js";
import { fileText, listRounds, reviewDiff } from "./diff-view.js";
import { deleteDraft, draftReply, editDraft } from "./draft-reply.js";
import { draftThread } from "./draft-thread.js";
import { agentList, listThreads } from "./list-threads.js";
import { AnchorMemo } from "./anchor-memo.js";
import { AgentRetries, type AgentCall } from "./agent-retries.js";
import { ListCursors } from "./list-cursors.js";
import { ListingMemo } from "./listing-memo.js";
import { releaseReview } from "./release-review.js";
import { pendingReview } from "./review-state.js";
import { roundJson } from "./round-json.js";
import type { ReleaseDelivery, ServiceContext } from "./service-context.js";
import { recordSession } from "./sessions.js";
import { takeServiceRound } from "./take-round.js";
import { markSeen, reopenThread, resolveThread } from "./thread-status.js";
import { waitingForAgent } from "./waiting-summary.js";

export interface ReviewServiceOptions {
  /** A folder inside the work tree. */
  readonly dir: string;
  readonly store: Store;
  readonly bus: EventBus;
  readonly delivery: ReleaseDelivery;
  readonly now?: () => string;
  /** The repository of `dir` as the caller just opened it (saves the first operation opening it again). */
  readonly repository?: Repository;
}

/**
 * The operations behind both the agent's tools and the HTTP surface, bound to one repository and store.
 * Each operation reads the branch checked out now, does its git work first and its writes in one transaction.
 * @example const service = createReviewService({ dir, store, bus, delivery }); await service.listThreads({});
 */
export function createReviewService(options: ReviewServiceOptions) {
  const ctx: ServiceContext = {
    repository: trackRepository(options.dir, options.repository),
    db: options.store.db,
    bus: options.bus,
    delivery: options.delivery,
    now: options.now ?? (() => new Date().toISOString()),
    instanceId: newId("service"),
    anchors: new AnchorMemo(),
  };
  // The panel's listings: fifty open panels re-listing an unchanged review cost one check, not fifty listings.
  const listings = new ListingMemo();
  // The agent's review_list pages: each cursor is the set of threads its earlier pages returned.
  const cursors = new ListCursors();
  // A retried reply or note returns the first one's result instead of storing it twice.
  const retries = new AgentRetries(() => Date.parse(ctx.now()));
  return {
    context: ctx,
    repository: ctx.repository,
    // rounds and diffs
    listRounds: () => listRounds(ctx),
    takeRound: async () => roundJson((await takeServiceRound(ctx, await ctx.repository())).round),
    takeRoundIfChanged: async () => takeServiceRound(ctx, await ctx.repository()),
    diff: (query: Parameters<typeof reviewDiff>[1]) => reviewDiff(ctx, query),
    fileText: (query: Parameters<typeof fileText>[1]) => fileText(ctx, query),
    // the person
    listThreads: (query: Parameters<typeof listThreads>[1]) => listThreads(ctx, query, listings),
    draftThread: (input: Parameters<typeof draftThread>[1]) => draftThread(ctx, input),
    draftReply: (id: string, input: Parameters<typeof draftReply>[2]) => draftReply(ctx, id, input),
    editDraft: (messageId: string, edit: Parameters<typeof editDraft>[2]) => editDraft(ctx, messageId, edit),
    deleteDraft: (messageId: string) => deleteDraft(ctx, messageId),
    resolve: (id: string, body?: string) => resolveThread(ctx, id, body),
    reopen: (id: string, body?: string) => reopenThread(ctx, id, body),
    markSeen: (id: string) => markSeen(ctx, id),
    pendingReview: () => pendingReview(ctx),
    release: (input: Parameters<typeof releaseReview>[1]) => releaseReview(ctx, input),
    // the agent
    agentList: (query: Parameters<typeof agentList>[1], call: AgentCall = {}) => {
      retries.sawCall(call.session ?? "");
      return agentList(ctx, query, cursors);
    },
    agentReply: (input: Parameters<typeof agentReply>[1], call: AgentCall = {}) =>
      retries.once(["review_reply", input.id ?? null, input.file ?? null, input.line ?? null, input.text, input.resolved ?? false], call, () =>
        agentReply(ctx, input),
      ),
    agentNote: (input: Parameters<typeof agentNote>[1], call: AgentCall = {}) =>
      retries.once(["review_open", input.file, input.line ?? null, input.from ?? null, input.to ?? null, input.text], call, () =>
        agentNote(ctx, input),
      ),
    /** The session called some other tool: the same reply or note after it is a new message, not a retry. */
    sawAgentCall: (session: string) => retries.sawCall(session),
    waitingForAgent: () => waitingForAgent(ctx),
    recordSession: (session: Parameters<typeof recordSession>[1]) => recordSession(ctx, session),
    // other processes
    changesSince: (from: Parameters<typeof changesSince>[1]) => changesSince(ctx, from),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
