import { ReviewError, type Finding, type Run, type Thread } from "@opencode-review/core";
import type {
  DiffFile,
  DiffRange,
  Outcome,
  ReleaseResult,
  ReviewClient,
  ServerEvent,
} from "@opencode-review/panel/client";
import { livePanelLinks } from "../cli/live-panels.js";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository, watchWorktreeUntilStopped } from "../git/index.js";
import { parsePluginOptions } from "../opencode/plugin-options.js";
import {
  createReviewService,
  createServiceCaches,
  inBranchScope,
  readOnlyBranch,
  systemClock,
  type BranchScope,
  type ReleaseDelivery,
} from "../service/index.js";
import { openStore, unsentTextFile, type StorePosition } from "../store/index.js";
import { binaryVersions } from "./binary-versions.js";
import { createImageComparer } from "./image-comparer.js";
import { openInBrowser } from "./open-browser.js";
import { outcomeOf, panelEvent } from "./outcome-of.js";
import { isFindingId } from "../service/reviewer/triage-finding.js";
import type { ReviewDiffQuery } from "../service/index.js";

/** How often the change log is read for live changes: within a second, as the web's event stream. */
const CHANGE_LOG_POLL_MS = 1000;

/** A finding in a thread's place, as the thread routes answer it for a finding's id. */
const asThread = (finding: Finding): Thread => finding as unknown as Thread;

/** How the terminal half sends a released review into a session: opencode's own client in this process. */
export type SendToSession = (sessionId: string, text: string) => Promise<boolean>;

export interface OpenTuiBackendInput {
  /** opencode's directory for this TUI. */
  readonly dir: string;
  /** The options from tui.json (the same names as opencode.json's: `dbPath`, `tools`). */
  readonly options: unknown;
  readonly send: SendToSession;
  /** Where forge tokens are read from: the TUI entry hands in its process's environment; default none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** This process's id: the server half loaded beside this TUI registers its panel under it. */
  readonly pid?: number;
  readonly fetch?: typeof fetch;
}

/**
 * The terminal half's composition root: opens the repository, the store (bun:sqlite inside opencode) and the
 * same review service the server half and the CLI use, in the TUI's own thread. A release is the short
 * notice when this opencode process also runs the server half with its tools on, and the whole review as
 * prose otherwise (terminal half alone, `tools: false`).
 * @example const backend = await openTuiBackend({ dir: process.cwd(), options: {}, send }); await backend.threads();
 */
export async function openTuiBackend(input: OpenTuiBackendInput) {
  const parsed = parsePluginOptions(input.options ?? {}, input.dir);
  if (!parsed.ok) throw new ReviewError("invalid_input", parsed.message.replace("opencode.json", "tui.json"));
  const repo = await openRepository(input.dir).catch((error: unknown) => {
    if (error instanceof ReviewError && error.code === "not_git") {
      throw new ReviewError(
        "not_git",
        `${input.dir} is not a git repository, so there is nothing to review here. Run git init there to use it.`,
      );
    }
    throw error;
  });
  const dbPath = parsed.settings.dbPath ?? defaultDbPath(repo);
  const store = await openStore({ path: dbPath });
  const pid = input.pid ?? process.pid;
  const doFetch = input.fetch ?? fetch;

  // The web panel of the server half running in this same process, if any, and whether its tools are on.
  const ownPanel = async (): Promise<{
    readonly url: string;
    readonly tools: boolean;
    readonly origin: string;
    readonly token: string;
  } | null> => {
    const panels = await livePanelLinks(await service.repository(), { dbPath }).catch(() => []);
    const mine = panels.find((p) => p.row.pid === pid);
    if (!mine || mine.token === null) return null;
    const health = await doFetch(new URL("/api/health", mine.row.url), {
      headers: { authorization: `Bearer ${mine.token}` },
    })
      .then((r) => (r.ok ? (r.json() as Promise<{ tools?: boolean }>) : null))
      .catch(() => null);
    return { url: mine.link, tools: health?.tools === true, origin: mine.row.url, token: mine.token };
  };
  const ownPanelOrSay = async () => {
    const panel = await ownPanel();
    if (panel === null) {
      throw new ReviewError(
        "conflict",
        "AI review needs the server half: list opencode-review in opencode.json too (the terminal half alone cannot start a reviewer agent).",
      );
    }
    return panel;
  };
  // Runs live in the server half's run supervisor (it drives opencode's sessions): asked over its own HTTP API.
  const panelCall = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    const panel = await ownPanelOrSay();
    const answer = await doFetch(new URL(path, panel.origin), {
      method,
      headers: {
        authorization: `Bearer ${panel.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await answer.json().catch(() => null)) as
      | (T & { error?: { code?: string; message?: string } })
      | null;
    if (!answer.ok || json === null)
      throw new ReviewError(
        "conflict",
        json?.error?.message ?? `The server half answered ${answer.status} to ${method} ${path}.`,
      );
    return json;
  };

  // The line an MCP server's panel shows while releases wait for its agent's next turn; null from a panel that
  // is no MCP server's (its answer has no `waiting` field) or when none runs. `mcp` says one runs at all.
  const agentTurnPanels = async (): Promise<{ readonly mcp: boolean; readonly text: string | null }> => {
    const panels = await livePanelLinks(await service.repository(), { dbPath }).catch(() => []);
    let mcp = false;
    for (const panel of panels) {
      if (panel.row.pid === pid || panel.token === null) continue;
      const answer = await doFetch(new URL("/api/review", panel.row.url), {
        headers: { authorization: `Bearer ${panel.token}` },
        signal: AbortSignal.timeout(3000),
      })
        .then((r) => (r.ok ? (r.json() as Promise<{ waiting?: { text: string } | null }>) : null))
        .catch(() => null);
      if (answer === null || !("waiting" in answer)) continue;
      mcp = true;
      if (answer.waiting) return { mcp, text: answer.waiting.text };
    }
    return { mcp, text: null };
  };

  let mode: ReleaseDelivery["mode"] = "prose";
  // Set for a release that has no opencode session to go to while an MCP client's agent works on the
  // repository: that agent reads it at its next turn (its Stop hook rings, review_list returns it), so the
  // release waits pending, as one made in the MCP server's own panel does, instead of reading "failed".
  let forAgentTurn = false;
  const delivery: ReleaseDelivery = {
    get mode() {
      return mode;
    },
    get waitsForAgentTurn() {
      return forAgentTurn;
    },
    async deliver({ sessionId, text }) {
      if (sessionId === null) return null;
      return (await input.send(sessionId, text).catch(() => false)) ? { sessionId } : null;
    },
  };
  const service = createReviewService({
    dir: input.dir,
    store,
    bus: createEventBus(),
    delivery,
    now: systemClock,
    caches: createServiceCaches(),
    forge: { env: input.env ?? {} },
  });
  let position: StorePosition | null = (await service.changesSince(null)).position;
  // Kept for the backend's life: the diff's polls and every reopen of the panel ask for the same images again.
  const compareImages = createImageComparer();

  // Every call of the port answers an Outcome, as the web panel's HTTP client does (`outcomeOf`).
  const own = {
    where: { workTree: repo.workTree, branch: repo.branch ?? repo.branchKey },
    rounds: () => outcomeOf(async () => ({ rounds: await service.listRounds() })),
    takeRound: () => outcomeOf(async () => ({ round: await service.takeRound() })),
    diff: (range) => outcomeOf(async () => ({ files: await service.diff(diffQuery(range)) })),
    fullFileDiff: (range, path) =>
      outcomeOf(async () => ({ files: await service.diff({ ...diffQuery(range), file: path, full: true }) })),
    file: (path, ref) => outcomeOf(() => service.fileText({ path, ref })),
    worktreeFiles: () => outcomeOf(async () => ({ files: await service.worktreeFiles() })),
    binaryVersions: (file: DiffFile, range: DiffRange) =>
      outcomeOf(() => binaryVersions((query) => service.fileBytes(query), compareImages, file, range)),
    unsentStorage: unsentTextFile(dbPath),
    threads: (filter = {}) =>
      outcomeOf(async () => ({ threads: await service.listThreads({ status: "all", ...filter }) })),
    createThread: (input) =>
      outcomeOf(async () => ({ thread: await service.draftThread({ ...input, side: input.side ?? "new" }) })),
    // A reply to a reviewer's finding is the person taking it in their own words, as over HTTP.
    reply: (threadId, input) =>
      outcomeOf(async () => ({
        thread: isFindingId(threadId)
          ? (
              await service.acceptFinding(threadId, {
                body: input.body,
                ...(input.suggestion == null ? {} : { suggestion: [...input.suggestion] }),
              })
            ).thread
          : await service.draftReply(threadId, input),
      })),
    editMessage: (messageId, input) => outcomeOf(async () => ({ thread: await service.editDraft(messageId, input) })),
    deleteMessage: (messageId) => outcomeOf(async () => ({ thread: (await service.deleteDraft(messageId)).thread })),
    resolve: (threadId, body?) =>
      outcomeOf(async () => ({
        thread: isFindingId(threadId)
          ? asThread(await service.resolveFinding(threadId))
          : await service.resolve(threadId, body),
      })),
    reopen: (threadId, body?) =>
      outcomeOf(async () => ({
        thread: isFindingId(threadId)
          ? asThread(await service.reopenFinding(threadId))
          : await service.reopen(threadId, body),
      })),
    seen: (threadId) =>
      outcomeOf(async () => ({
        thread: isFindingId(threadId)
          ? asThread(await service.markFindingSeen(threadId))
          : await service.markSeen(threadId),
      })),
    findings: () => outcomeOf(async () => ({ findings: await service.listFindings({ status: "waiting" }) })),
    runs: () => outcomeOf(async () => ({ runs: await service.listRuns() })),
    // Runs start and stop in the server half's run supervisor (it drives opencode's sessions): asked over its own HTTP API.
    reviewerModels: () =>
      outcomeOf(async () => {
        if ((await ownPanel()) === null) return { models: [], default: null, available: false };
        return {
          ...(await panelCall<{ models: string[]; default: string | null }>("GET", "/api/runs/models")),
          available: true,
        };
      }),
    startRun: (model?, sessionId?) =>
      outcomeOf(() =>
        panelCall<{ run: Run }>("POST", "/api/runs", {
          ...(sessionId === undefined ? {} : { sessionId }),
          ...(model === undefined ? {} : { model }),
        }),
      ),
    cancelRun: (id) => outcomeOf(() => panelCall<{ run: Run }>("POST", `/api/runs/${encodeURIComponent(id)}/cancel`)),
    accept: (id) =>
      outcomeOf(async () => {
        const { finding, thread } = await service.acceptFinding(id, {});
        return { thread: finding, draft: thread };
      }),
    dismiss: (id) => outcomeOf(async () => ({ thread: await service.dismissFinding(id) })),
    review: () => outcomeOf(() => service.pendingReview()),
    release: (sessionId?, finish = {}): Promise<Outcome<ReleaseResult>> =>
      outcomeOf(async () => {
        if (finish.pr === true) {
          // To the branch's pull request as a review: no session takes it, the forge does.
          const review = await service.releaseToPullRequest({
            ...(finish.summary === undefined ? {} : { summary: finish.summary }),
            ...(finish.verdict === undefined ? {} : { verdict: finish.verdict }),
          });
          return { review };
        }
        const panel = await ownPanel();
        forAgentTurn = sessionId === undefined && (await agentTurnPanels()).mcp;
        // An MCP client's agent has the tools (review_list), as this process's own server half may.
        mode = parsed.settings.tools && (panel?.tools === true || forAgentTurn) ? "tools" : "prose";
        try {
          const released = await service.release({ ...(sessionId === undefined ? {} : { sessionId }), ...finish });
          return forAgentTurn ? { ...released, waitsForAgentTurn: true as const } : released;
        } finally {
          forAgentTurn = false;
        }
      }),
    reviews: () => outcomeOf(async () => ({ reviews: await service.pastReviews() })),
    // The branch's pull request: where it stands (the store only), Pull and the person's Send (the forge).
    forgeStatus: () => outcomeOf(() => service.forgeStatus()),
    pullForge: () => outcomeOf(async () => ({ pull: await service.pullForge() })),
    pushForge: () => outcomeOf(async () => ({ push: await service.pushForge() })),
    retryDelivery: (reviewId, sessionId?) =>
      outcomeOf(async () => ({ review: await service.retryDelivery(reviewId, sessionId) })),
    dismissDelivery: (reviewId) => outcomeOf(async () => ({ review: await service.dismissDelivery(reviewId) })),
    bases: () => outcomeOf(() => service.reviewBases()),
    pickBase: (from) => outcomeOf(() => service.pickBase(from)),
    viewed: (ref) => outcomeOf(async () => ({ files: await service.listViewed({ ref }) })),
    tour: () => outcomeOf(async () => ({ tour: await service.tour() })),
    setViewed: (path, viewed, ref) => outcomeOf(async () => ({ file: await service.setViewed({ path, viewed, ref }) })),
    // The person's hands on the code: the same service calls as the web panel's routes.
    changes: () => outcomeOf(async () => ({ changes: await service.listChanges() })),
    undo: (input) => outcomeOf(() => service.undo(input)),
    restoreChange: (id) => outcomeOf(() => service.restoreChange(id)),
    keepHunks: (input) => outcomeOf(() => service.keepHunks(input)),
    applySuggestion: (threadId, messageId?) =>
      outcomeOf(() => service.applySuggestion(threadId, messageId === undefined ? {} : { messageId })),
    readChanges: (): Promise<Outcome<readonly ServerEvent[]>> =>
      outcomeOf(async () => {
        const next = await service.changesSince(position);
        position = next.position;
        return next.events.map(panelEvent);
      }),
    // What the web's event stream pushes, read from the change log: another process's writes reach no bus here.
    events: (onEvent, onState): (() => void) => pollChanges(() => own.readChanges(), onEvent, onState),
    deliverWaiting: (sessionId: string) => outcomeOf(() => service.deliverWaiting(sessionId)),
    // Only an MCP server's own service knows its releases wait for a turn: its panel is asked, as the web panel asks it.
    waitingForTurn: () => outcomeOf(async () => (await agentTurnPanels()).text),
    ownPanelUrl: async () => (await ownPanel().catch(() => null))?.url ?? null,
    // While the view is open: a file the agent writes shows its new diff at once, not at the next round.
    watchWorktree: (onChange: (paths: readonly string[]) => void) => watchWorktreeUntilStopped(repo, { onChange }),
    panelUrl: () =>
      outcomeOf(
        async () =>
          (await ownPanel())?.url ??
          (await livePanelLinks(await service.repository(), { dbPath }).catch(() => []))[0]?.link ??
          null,
      ),
    openInBrowser: (url: string) => openInBrowser(url),
    // Every branch of the repository, as the web's switcher lists them (B).
    branches: () => outcomeOf(() => service.listBranches()),
    close: async () => {
      await service.context.anchors.written();
      await store.close();
    },
  } satisfies ReviewClient & Record<string, unknown>;
  const client: BranchReviews<typeof own> = {
    ...own,
    // The review of another branch in the same view (its scope's client), or this one for the own branch.
    forBranch: (branch: string) =>
      outcomeOf(async () => {
        const scope = await service.branchScopes.scopeFor(branch);
        return scope === null ? client : branchClient(scope);
      }),
  };

  /**
   * Another branch's review for the same view, as the web panel's `branch=` gives it: every call runs in the
   * branch's scope (its work tree, threads and rounds; a release waits in the store for the agent working
   * there, never this process's session), with its own place in the change log. Checked out nowhere, its
   * review is read-only: each write is refused in the middleware's words.
   */
  const branchClient = async (scope: BranchScope): Promise<BranchReviews<typeof own>> => {
    const inScope = <T>(work: () => T): T => inBranchScope(scope, work);
    let at: StorePosition | null = (await inScope(() => service.changesSince(null))).position;
    const scoped = Object.fromEntries(
      Object.entries(own).map(([name, member]) => [
        name,
        typeof member !== "function"
          ? member
          : scope.worktree === null && BRANCH_WRITES.has(name)
            ? () => outcomeOf(async () => Promise.reject(readOnlyBranch(scope.branch)))
            : (...args: unknown[]) => inScope(() => (member as (...a: unknown[]) => unknown)(...args)),
      ]),
    ) as typeof own;
    const readChanges = (): Promise<Outcome<readonly ServerEvent[]>> =>
      outcomeOf(() =>
        inScope(async () => {
          const next = await service.changesSince(at);
          at = next.position;
          return next.events.map(panelEvent);
        }),
      );
    return {
      ...scoped,
      where: { workTree: scope.worktree ?? repo.workTree, branch: scope.branch },
      readChanges,
      events: (onEvent: (event: ServerEvent) => void, onState?: (state: "open" | "lost") => void) =>
        pollChanges(readChanges, onEvent, onState),
      // Not to this process's session: to the agent working in the branch's work tree (see handOffDelivery).
      release: (_sessionId?: string, finish: Parameters<typeof own.release>[1] = {}) =>
        scope.worktree === null || finish.pr === true
          ? scoped.release(undefined, finish)
          : outcomeOf(() =>
              inScope(() => {
                mode = parsed.settings.tools ? "tools" : "prose";
                return service.release({ ...finish });
              }),
            ),
      retryDelivery: (reviewId: string) => scoped.retryDelivery(reviewId),
      // `o` opens the web panel on this branch's review, not on the server's own branch.
      panelUrl: async () => {
        const answer = await own.panelUrl();
        return answer.ok && answer.value !== null
          ? { ok: true, value: withBranch(answer.value, scope.branch) }
          : answer;
      },
      watchWorktree: (onChange: (paths: readonly string[]) => void) =>
        scope.worktree === null ? () => {} : watchWorktreeUntilStopped({ workTree: scope.worktree }, { onChange }),
      forBranch: client.forBranch,
      // The store and the service are the backend's: the branch's view only stops reading.
      close: async () => {},
    };
  };
  return client;
}

/**
 * The panel's link with the branch it opens named in its fragment (`#token=…&branch=name`).
 * @example withBranch("http://127.0.0.1:4321/#token=ab", "agent-a") // "http://127.0.0.1:4321/#token=ab&branch=agent-a"
 */
export function withBranch(link: string, branch: string): string {
  const url = new URL(link);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ""));
  fragment.set("branch", branch);
  url.hash = fragment.toString();
  return url.href;
}

/** A client that opens another branch's review as a client of the same kind (the panel's `ReviewBackend.forBranch`). */
type BranchReviews<T> = T & { forBranch(branch: string): Promise<Outcome<BranchReviews<T>>> };

/** The calls that write: refused on a branch checked out nowhere, as the HTTP middleware refuses them. */
const BRANCH_WRITES: ReadonlySet<string> = new Set([
  "takeRound",
  "createThread",
  "reply",
  "editMessage",
  "deleteMessage",
  "resolve",
  "reopen",
  "seen",
  "accept",
  "dismiss",
  "release",
  "retryDelivery",
  "dismissDelivery",
  "pickBase",
  "setViewed",
  "undo",
  "restoreChange",
  "keepHunks",
  "applySuggestion",
  "startRun",
  "cancelRun",
  "pullForge",
  "pushForge",
]);

/** Reads the change log every second while the view listens (what the web's event stream pushes); returns the stop. */
function pollChanges(
  read: () => Promise<Outcome<readonly ServerEvent[]>>,
  onEvent: (event: ServerEvent) => void,
  onState?: (state: "open" | "lost") => void,
): () => void {
  let stopped = false;
  let reading = false;
  const tick = async () => {
    if (reading || stopped) return;
    reading = true;
    const changes = await read();
    reading = false;
    if (stopped) return;
    onState?.(changes.ok ? "open" : "lost");
    if (changes.ok) for (const event of changes.value) onEvent(event);
  };
  void tick();
  const timer = setInterval(() => void tick(), CHANGE_LOG_POLL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/** The service's diff query for a panel's range: its view alone, or its two ends (as the web's GET /api/diff). */
function diffQuery(range: DiffRange): ReviewDiffQuery {
  return {
    ...(range.view === undefined ? { from: range.from, to: range.to } : { view: range.view }),
    ...(range.ignoreWhitespace ? { ignoreWhitespace: true } : {}),
  };
}
