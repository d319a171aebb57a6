import { ReviewError, type Run } from "@opencode-review/core";
import { livePanelLinks } from "../cli/live-panels.js";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository, watchWorktree } from "../git/index.js";
import { parsePluginOptions } from "../opencode/plugin-options.js";
import { createReviewService, createServiceCaches, systemClock, type ReleaseDelivery } from "../service/index.js";
import { openStore, unsentTextFile, type StorePosition } from "../store/index.js";
import { binaryVersions } from "./binary-versions.js";
import { createImageComparer } from "./image-comparer.js";
import { openInBrowser } from "./open-browser.js";

/** How the terminal half sends a released review into a session: opencode's own client in this process. */
export type SendToSession = (sessionId: string, text: string) => Promise<boolean>;

export interface OpenTuiBackendInput {
  /** opencode's directory for this TUI. */
  readonly dir: string;
  /** The options from tui.json (the same names as opencode.json's: `dbPath`, `tools`). */
  readonly options: unknown;
  readonly send: SendToSession;
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
      throw new ReviewError("not_git", `${input.dir} is not a git repository, so there is nothing to review here. Run git init there to use it.`);
    }
    throw error;
  });
  const dbPath = parsed.settings.dbPath ?? defaultDbPath(repo);
  const store = await openStore({ path: dbPath });
  const pid = input.pid ?? process.pid;
  const doFetch = input.fetch ?? fetch;

  // The web panel of the server half running in this same process, if any, and whether its tools are on.
  const ownPanel = async (): Promise<{ readonly url: string; readonly tools: boolean; readonly origin: string; readonly token: string } | null> => {
    const panels = await livePanelLinks(await service.repository(), { dbPath }).catch(() => []);
    const mine = panels.find((p) => p.row.pid === pid);
    if (!mine || mine.token === null) return null;
    const health = await doFetch(new URL("/api/health", mine.row.url), { headers: { authorization: `Bearer ${mine.token}` } })
      .then((r) => (r.ok ? (r.json() as Promise<{ tools?: boolean }>) : null))
      .catch(() => null);
    return { url: mine.link, tools: health?.tools === true, origin: mine.row.url, token: mine.token };
  };
  const ownPanelOrSay = async () => {
    const panel = await ownPanel();
    if (panel === null) {
      throw new ReviewError("conflict", "AI review needs the server half: list opencode-review in opencode.json too (the terminal half alone cannot start a reviewer agent).");
    }
    return panel;
  };
  // Runs live in the server half's run supervisor (it drives opencode's sessions): asked over its own HTTP API.
  const panelCall = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> => {
    const panel = await ownPanelOrSay();
    const answer = await doFetch(new URL(path, panel.origin), {
      method,
      headers: { authorization: `Bearer ${panel.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await answer.json().catch(() => null)) as (T & { error?: { code?: string; message?: string } }) | null;
    if (!answer.ok || json === null) throw new ReviewError("conflict", json?.error?.message ?? `The server half answered ${answer.status} to ${method} ${path}.`);
    return json;
  };

  // The line an MCP server's panel shows while releases wait for its agent's next turn; null from a panel that
  // is no MCP server's (its answer has no `waiting` field) or when none runs. `mcp` says one runs at all.
  const agentTurnPanels = async (): Promise<{ readonly mcp: boolean; readonly text: string | null }> => {
    const panels = await livePanelLinks(await service.repository(), { dbPath }).catch(() => []);
    let mcp = false;
    for (const panel of panels) {
      if (panel.row.pid === pid || panel.token === null) continue;
      const answer = await doFetch(new URL("/api/review", panel.row.url), { headers: { authorization: `Bearer ${panel.token}` }, signal: AbortSignal.timeout(3000) })
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
  const service = createReviewService({ dir: input.dir, store, bus: createEventBus(), delivery, now: systemClock, caches: createServiceCaches() });
  let position: StorePosition | null = (await service.changesSince(null)).position;
  // Kept for the backend's life: the diff's polls and every reopen of the panel ask for the same images again.
  const compareImages = createImageComparer();

  return {
    where: { workTree: repo.workTree, branch: repo.branch ?? repo.branchKey },
    diff: (range: { readonly from: string; readonly to: string }) => service.diff(range),
    fullDiff: async (range: { readonly from: string; readonly to: string }, path: string) => (await service.diff({ ...range, file: path, full: true }))[0] ?? null,
    fileText: async (ref: string, path: string) => (await service.fileText({ path, ref })).text,
    binaryVersions: (file: { readonly path: string; readonly oldPath: string | null; readonly status: string }, range: { readonly from: string; readonly to: string }) =>
      binaryVersions((query) => service.fileBytes(query), compareImages, file, range),
    unsentStorage: unsentTextFile(dbPath),
    threads: () => service.listThreads({ status: "all" }),
    rounds: () => service.listRounds(),
    takeRound: () => service.takeRound(),
    bases: () => service.reviewBases(),
    pickBase: async (from: string | null) => void (await service.pickBase(from)),
    draftThread: (thread: Parameters<typeof service.draftThread>[0]) => service.draftThread(thread),
    draftReply: (threadId: string, message: { readonly body: string; readonly suggestion?: readonly string[] | null }) => service.draftReply(threadId, message),
    editDraft: (messageId: string, message: { readonly body: string; readonly suggestion?: readonly string[] | null }) => service.editDraft(messageId, message),
    deleteDraft: async (messageId: string) => void (await service.deleteDraft(messageId)),
    resolve: (threadId: string) => service.resolve(threadId),
    reopen: (threadId: string) => service.reopen(threadId),
    seen: (threadId: string) => service.markSeen(threadId),
    release: async (sessionId: string | null, finish: { readonly summary?: string; readonly verdict?: "comment" | "approve" | "changes" } = {}) => {
      const panel = await ownPanel();
      forAgentTurn = sessionId === null && (await agentTurnPanels()).mcp;
      // An MCP client's agent has the tools (review_list), as this process's own server half may.
      mode = parsed.settings.tools && (panel?.tools === true || forAgentTurn) ? "tools" : "prose";
      try {
        const { review } = await service.release({ ...(sessionId === null ? {} : { sessionId }), ...finish });
        return {
          messages: review.messages,
          mode: review.mode,
          deliveredTo: review.deliveredTo,
          ...(forAgentTurn ? { waitsForAgentTurn: true } : {}),
          ...(review.delivery?.waitsFor === "session" ? { waitsForSession: true } : {}),
        };
      } finally {
        forAgentTurn = false;
      }
    },
    reviews: () => service.pastReviews(),
    findings: () => service.listFindings({ status: "waiting" }),
    viewed: () => service.listViewed({}),
    setViewed: async (path: string, viewed: boolean) => void (await service.setViewed({ path, viewed })),
    startRun: async (sessionId: string | null, model?: string) =>
      (await panelCall<{ run: Run }>("POST", "/api/runs", { ...(sessionId === null ? {} : { sessionId }), ...(model === undefined ? {} : { model }) })).run,
    runModels: async () => {
      const known = await panelCall<{ models: string[]; default: string | null }>("GET", "/api/runs/models");
      return { models: known.models, default: known.default };
    },
    /** The newest run of the branch, or null (also when no server half runs: nothing can run then). */
    latestRun: async () => {
      if ((await ownPanel()) === null) return null;
      const { runs } = await panelCall<{ runs: Run[] }>("GET", "/api/runs");
      return [...runs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
    },
    cancelRun: async (id: string) => (await panelCall<{ run: Run }>("POST", `/api/runs/${encodeURIComponent(id)}/cancel`)).run,
    acceptFinding: async (id: string) => (await service.acceptFinding(id, {})).thread,
    dismissFinding: async (id: string) => void (await service.dismissFinding(id)),
    retryDelivery: (reviewId: string, sessionId?: string | null) => service.retryDelivery(reviewId, sessionId ?? undefined),
    deliverWaiting: (sessionId: string) => service.deliverWaiting(sessionId),
    dismissDelivery: (reviewId: string) => service.dismissDelivery(reviewId),
    // Only an MCP server's own service knows its releases wait for a turn: its panel is asked, as the web panel asks it.
    waitingForTurn: async () => (await agentTurnPanels()).text,
    changes: async () => {
      const next = await service.changesSince(position);
      position = next.position;
      const runs = next.events.flatMap((e) => (e.type === "run" ? [e.run] : []));
      return {
        // A run's released findings and their triage come as threads: they are shown inline like one.
        threads: next.events.some((e) => e.type === "thread" || e.type === "review"),
        rounds: next.events.some((e) => e.type === "round"),
        viewed: next.events.some((e) => e.type === "viewed"),
        bases: next.events.some((e) => e.type === "base"),
        run: runs.reduce<Run | null>((newest, run) => (newest === null || run.createdAt >= newest.createdAt ? run : newest), null),
      };
    },
    ownPanelUrl: async () => (await ownPanel())?.url ?? null,
    // While the view is open: a file the agent writes shows its new diff at once, not at the next round.
    watchWorktree: (onChange: (paths: readonly string[]) => void) => {
      let stop = () => {};
      let stopped = false;
      void watchWorktree(repo, { onChange }).then(
        (watch) => (stopped ? watch.close() : (stop = () => watch.close())),
        () => {},
      );
      return () => {
        stopped = true;
        stop();
      };
    },
    panelUrl: async () => (await ownPanel())?.url ?? (await livePanelLinks(await service.repository(), { dbPath }).catch(() => []))[0]?.link ?? null,
    openInBrowser: (url: string) => openInBrowser(url),
    close: async () => {
      await service.context.anchors.written();
      await store.close();
    },
  };
}
