import type { EventBus } from "../events/event-bus.js";
import type { Repository } from "../git/index.js";
import { newId, type Store } from "../store/index.js";
import { createAgentNote } from "./agent/agent-note.js";
import { addAgentReply } from "./agent/agent-reply.js";
import { changesSince } from "./agent/changes-since.js";
import { trackRepository } from "./files/current-repository.js";
import {
  compareBranches,
  createBranchScopes,
  currentBranchScope,
  deliverHandedOff,
  listBranches,
  type BranchWatchState,
} from "./branches/index.js";
import type { DiffSize } from "../git/index.js";
import { listRounds } from "./rounds/branch-rounds.js";
import { fileText } from "./files/file-text.js";
import { worktreeFiles } from "../git/index.js";
import { reviewDiff } from "./rounds/review-diff.js";
import { addDraftReply, deleteDraft, editDraft } from "./threads/draft-reply.js";
import { createDraftThread } from "./threads/draft-thread.js";
import { agentList, prepareFirstPage } from "./agent/agent-list.js";
import { listThreads, threadListing } from "./agent/list-threads.js";
import { AgentRetries, type AgentCall } from "./agent/agent-retries.js";
import { createServiceCaches, type ServiceCaches } from "./service-caches.js";
import { releasePendingReview } from "./review/release-review.js";
import { dismissDelivery, pastReviews, retryDelivery } from "./review/past-reviews.js";
import { pendingReview } from "./review/review-state.js";
import { roundJson } from "./rounds/round-json.js";
import type { ReleaseDelivery, ServiceContext } from "./service-context.js";
import { deliverWaitingReviews, resumeOrphanedDeliveries, type DeliveryRetry } from "./review/deliver-review.js";
import { recordSession } from "./review/sessions.js";
import { takeServiceRound } from "./rounds/record-round.js";
import { markThreadRead, reopenThread, resolveThread } from "./threads/thread-status.js";
import { fileBytes } from "./files/file-bytes.js";
import { pickBase, reviewBases } from "./rounds/review-bases.js";
import { listViewed, setViewed } from "./rounds/viewed-files.js";
import { waitingForAgent } from "./review/waiting-summary.js";
import { listFindings } from "./reviewer/list-findings.js";
import { pinFinding } from "./reviewer/pin-finding.js";
import { releaseRun } from "./reviewer/release-run.js";
import { renderRunDiff, runDiffFiles } from "./reviewer/run-diff.js";
import { callerRun, changeRun, getRun, listRuns, recordRun, sweepInterruptedRuns } from "./reviewer/runs.js";
import { runJson } from "./reviewer/run-json.js";
import { acceptFinding, markFindingSeen, reopenFinding, setFindingStatus } from "./reviewer/triage-finding.js";
import { fileInDiff } from "./reviewer/run-diff.js";
import { runBySession, type RunRow } from "../store/index.js";
import { openForge, type TokenSource } from "../forge/index.js";
import { pullForgeThreads } from "./forge/pull-forge-threads.js";
import { pushForgeReplies } from "./forge/push-forge-replies.js";
import { forgeStatus } from "./forge/forge-status.js";
import { releaseToPullRequest } from "./forge/release-to-pull-request.js";
import type { Clock } from "./clock.js";
import {
  applySuggestion,
  keepHunks,
  listChanges,
  restoreChange,
  undoChange,
  untoldNotices,
  withChangeNotices,
  type UndoInput,
} from "./changes/index.js";
import { branchTour, writeTour } from "./tour/index.js";

export interface ReviewServiceOptions {
  /** A folder inside the work tree. */
  readonly dir: string;
  readonly store: Store;
  readonly bus: EventBus;
  readonly delivery: ReleaseDelivery;
  /** The one clock every stamp is read from (the composition root passes systemClock; tests may fix it). */
  readonly now: Clock;
  /** How a failed delivery of a release is retried; default: five attempts, from 2 s doubling to 60 s. */
  readonly deliveryRetry?: DeliveryRetry;
  /** The repository of `dir` as the caller just opened it (saves the first operation opening it again). */
  readonly repository?: Repository;
  /** The listing and anchor caches, made at the composition root; default: fresh ones for this service alone. */
  readonly caches?: ServiceCaches;
  /**
   * Where a forge's token is read from, per request (the environment, `gh`), handed in by the composition
   * root; default: nowhere, so a service built without one (a test, the demo) never reads the person's token.
   */
  readonly forge?: TokenSource;
  /** What the branch list's live feed watches now (see branchFeed); reported by GET /api/branches. */
  readonly branchWatch?: () => BranchWatchState;
  /** `push: "auto"`: an agent's reply on a forge thread is posted as soon as it is written. */
  readonly forgePush?: "auto" | "manual";
}

/**
 * The operations behind both the agent's tools and the HTTP surface, bound to one repository and store.
 * Each operation reads the branch checked out now, does its git work first and its writes in one transaction.
 * @example const service = createReviewService({ dir, store, bus, delivery, now: systemClock }); await service.listThreads({});
 */
export function createReviewService(options: ReviewServiceOptions) {
  // The panel's listings: fifty open panels re-listing an unchanged review cost one check, not fifty listings.
  const { listings, anchors, pages, roundFiles, commitFiles } = options.caches ?? createServiceCaches();
  const ownRepository = trackRepository(options.dir, options.repository);
  // The one place a request's branch is chosen (see BranchScope): every operation reads these two.
  const ctx: ServiceContext = {
    repository: () => currentBranchScope()?.repository() ?? ownRepository(),
    get delivery() {
      return currentBranchScope()?.delivery ?? options.delivery;
    },
    db: options.store.db,
    bus: options.bus,
    now: options.now,
    instanceId: newId("service"),
    anchors,
    pages,
    roundFiles,
    ...(commitFiles === undefined ? {} : { commitFiles }),
  };
  // Every branch of the repository: `branch=` on a request picks one of these scopes (see BranchScope).
  const scopes = createBranchScopes({ own: ownRepository, db: options.store.db, delivery: options.delivery });
  // The agent's review_list pages: each cursor is the set of threads its earlier pages returned.
  // A retried reply or note returns the first one's result instead of storing it twice.
  const retries = new AgentRetries(() => Date.parse(ctx.now()));
  const forgeSource: TokenSource = options.forge ?? { env: {}, gh: false };
  const pushForge = async (target: { readonly number?: number } = {}) =>
    pushForgeReplies(ctx, await openForge(await ctx.repository(), forgeSource), target);
  // The pulls under way (the one on start above all): the agent's review_list waits for them a while.
  const pulling = new Set<Promise<unknown>>();
  // Why the last pull failed (one line), until a pull succeeds: the panels' forge bar shows it over the
  // last good state, which a failed pull leaves as it was.
  let pullError: string | null = null;
  const pullForge = (target: { readonly number?: number } = {}) => {
    const pull = (async () => pullForgeThreads(ctx, await openForge(await ctx.repository(), forgeSource), target))();
    const tracked = pull.then(
      () => {
        pullError = null;
      },
      (error: unknown) => {
        const code = (error as { code?: string }).code;
        // No forge, no token, no pull request: nothing is wrong with the last good state.
        if (code !== "no_token" && code !== "no_pull_request" && code !== "invalid_input")
          pullError = error instanceof Error ? error.message : String(error);
      },
    );
    pulling.add(tracked);
    void tracked.then(() => pulling.delete(tracked));
    return pull;
  };
  return {
    context: ctx,
    repository: ctx.repository,
    /** The service's own work tree, whatever branch the caller's scope names. */
    ownRepository,
    // rounds and diffs
    listRounds: () => listRounds(ctx),
    takeRound: async () => roundJson((await takeServiceRound(ctx, await ctx.repository())).round),
    takeRoundIfChanged: async () => takeServiceRound(ctx, await ctx.repository()),
    diff: (query: Parameters<typeof reviewDiff>[1]) => reviewDiff(ctx, query),
    fileText: (query: Parameters<typeof fileText>[1]) => fileText(ctx, query),
    /** Every file of the work tree git would list (tracked, and untracked not ignored), changed or not. */
    worktreeFiles: async () => worktreeFiles(await ctx.repository()),
    fileBytes: (query: Parameters<typeof fileBytes>[1]) => fileBytes(ctx, query),
    reviewBases: () => reviewBases(ctx),
    pickBase: (from: string | null) => pickBase(ctx, from),
    // the person
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
    pendingReview: () => pendingReview(ctx),
    release: (input: Parameters<typeof releasePendingReview>[1]) =>
      releasePendingReview(ctx, input, options.deliveryRetry),
    pastReviews: () => pastReviews(ctx),
    retryDelivery: (id: string, sessionId?: string) => retryDelivery(ctx, id, sessionId),
    /** A session appeared: releases that wait for one go to it. */
    deliverWaiting: (sessionId: string) => deliverWaitingReviews(ctx, sessionId, options.deliveryRetry),
    /** At start: releases a process that is gone left pending are delivered here (or read failed, with why). */
    resumeOrphanedDeliveries: () => resumeOrphanedDeliveries(ctx, options.deliveryRetry),
    dismissDelivery: (id: string) => dismissDelivery(ctx, id),
    listViewed: (query: Parameters<typeof listViewed>[1]) => listViewed(ctx, query),
    setViewed: (input: Parameters<typeof setViewed>[1]) => setViewed(ctx, input),
    // the person's hands on the code: undo, restore, apply a suggestion, keep
    listChanges: () => listChanges(ctx),
    /** The person's changes the agent's review_list has not told it of yet (for the system prompt's waiting line). */
    untoldChanges: () => untoldNotices(ctx),
    undo: (input: UndoInput) => undoChange(ctx, input),
    restoreChange: (id: string) => restoreChange(ctx, id),
    applySuggestion: (threadId: string, input: { readonly messageId?: string } = {}) =>
      applySuggestion(ctx, threadId, input),
    keepHunks: (input: Parameters<typeof keepHunks>[1]) => keepHunks(ctx, input),
    // the agent
    agentList: async (query: Parameters<typeof agentList>[1], call: AgentCall = {}) => {
      retries.sawCall(call.session ?? "");
      // What the person changed in the agent's code since it last read comes first, once.
      return withChangeNotices(ctx, await agentList(ctx, query));
    },
    agentReply: (input: Parameters<typeof addAgentReply>[1], call: AgentCall = {}) =>
      retries.once(
        ["review_reply", input.id ?? null, input.file ?? null, input.line ?? null, input.text, input.resolved ?? false],
        call,
        () => addAgentReply(ctx, input, options.forgePush === "auto" ? () => pushForge() : undefined),
      ),
    agentNote: (input: Parameters<typeof createAgentNote>[1], call: AgentCall = {}) =>
      retries.once(
        ["review_open", input.file, input.line ?? null, input.from ?? null, input.to ?? null, input.text],
        call,
        () => createAgentNote(ctx, input),
      ),
    /** The agent's tour of its change (review_tour), replacing the branch's last one. */
    writeTour: (args: Parameters<typeof writeTour>[1]) => writeTour(ctx, args),
    /** The branch's tour with its steps located now and the hunks no step touches; null when there is none. */
    tour: () => branchTour(ctx),
    /**
     * When threads wait on the agent, reads and locates them ahead of its first review_list (which then
     * continues that listing); resolves to how many it read, 0 when none wait.
     */
    prepareAgentList: async () => ((await waitingForAgent(ctx)).count === 0 ? 0 : prepareFirstPage(ctx)),
    /** The session called some other tool: the same reply or note after it is a new message, not a retry. */
    sawAgentCall: (session: string) => retries.sawCall(session),
    waitingForAgent: () => waitingForAgent(ctx),
    recordSession: (session: Parameters<typeof recordSession>[1]) => recordSession(ctx, session),
    // reviewer agents: runs (driven by the run supervisor) and the reviewer's findings
    recordRun: (input: Parameters<typeof recordRun>[1]) => recordRun(ctx, input),
    changeRun: (id: string, patch: Parameters<typeof changeRun>[2], from: Parameters<typeof changeRun>[3]) =>
      changeRun(ctx, id, patch, from),
    getRun: (id: string) => getRun(ctx, id),
    runJson: (row: RunRow) => runJson(ctx, row),
    listRuns: () => listRuns(ctx),
    sweepInterruptedRuns: () => sweepInterruptedRuns(ctx),
    callerRun: (sessionId: string, tool: string) => callerRun(ctx, sessionId, tool),
    runOfSession: (sessionId: string) => runBySession(ctx.db, sessionId),
    releasedRunOf: async (sessionId: string) => {
      const row = await runBySession(ctx.db, sessionId);
      return row?.status === "completed" ? row : undefined;
    },
    runDiff: async (run: RunRow, file?: string) => {
      const { round, files } = await runDiffFiles(ctx, await ctx.repository(), run);
      return renderRunDiff(file === undefined ? files : [fileInDiff(files, file, round.ordinal)], round.ordinal);
    },
    pinFinding: (run: RunRow, args: Parameters<typeof pinFinding>[2]) => pinFinding(ctx, run, args),
    releaseRun: (run: RunRow, args: Parameters<typeof releaseRun>[2]) => releaseRun(ctx, run, args),
    listFindings: (query?: Parameters<typeof listFindings>[1]) => listFindings(ctx, query),
    acceptFinding: (id: string, input: Parameters<typeof acceptFinding>[2]) => acceptFinding(ctx, id, input),
    dismissFinding: (id: string) => setFindingStatus(ctx, id, "dismissed"),
    resolveFinding: (id: string) => setFindingStatus(ctx, id, "resolved"),
    reopenFinding: (id: string) => reopenFinding(ctx, id),
    markFindingSeen: (id: string) => markFindingSeen(ctx, id),
    // pull requests on a forge (the branch's upstream; the token is read by each request)
    pullForge: (target: { readonly number?: number } = {}) => pullForge(target),
    /** The pulls under way now, each settling (never rejecting) when it ends; empty when none is. */
    forgePullsUnderWay: (): readonly Promise<unknown>[] => [...pulling],
    pushForge: (target: { readonly number?: number } = {}) => pushForge(target),
    forgeStatus: async () => ({ ...(await forgeStatus(ctx)), pullError }),
    releaseToPullRequest: async (input: Parameters<typeof releaseToPullRequest>[2]) =>
      releaseToPullRequest(ctx, await openForge(await ctx.repository(), forgeSource), input),
    // every branch in one panel
    branchScopes: scopes,
    /** Every branch (see listBranches); `sizes`: the live feed's cache of each work tree's change size. */
    listBranches: async (sizes?: Map<string, Promise<DiffSize>>) => {
      const list = await listBranches({
        own: ownRepository,
        db: ctx.db,
        scopes,
        now: ctx.now,
        ...(sizes ? { sizes } : {}),
      });
      return options.branchWatch === undefined ? list : { ...list, watch: options.branchWatch() };
    },
    compareBranches: (a: string, b: string, query: Parameters<typeof compareBranches>[4] = {}) =>
      compareBranches(scopes, ownRepository, a, b, query),
    /** Releases made for this work tree's agent from a panel on another one: delivered here. */
    deliverHandedOff: () => deliverHandedOff(ctx, options.deliveryRetry),
    // other processes
    changesSince: (from: Parameters<typeof changesSince>[1]) => changesSince(ctx, from),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
