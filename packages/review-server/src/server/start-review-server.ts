import { isDiskFull, ReviewError } from "@opencode-review/core";
import { dataVersionFeed } from "../events/data-version-feed.js";
import { worktreeFeed } from "../events/worktree-feed.js";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import type { ListeningServer } from "../http/listen.js";
import { requireLoopbackHost } from "../http/loopback.js";
import {
  createReviewService,
  createServiceCaches,
  startAutoForge,
  branchFeed,
  type Clock,
  type ForgeOptions,
  type ReleaseDelivery,
  type ReviewService,
} from "../service/index.js";
import type { TokenSource } from "../forge/index.js";
import {
  openStore,
  preloadSqliteBinding,
  removePanelToken,
  removeServer,
  upsertServer,
  writePanelToken,
  writeTransaction,
  type Store,
} from "../store/index.js";
import { defaultPanelDir } from "./default-panel-dir.js";
import { randomToken } from "./random-token.js";
import { storeChanges } from "./store-changes.js";
import { createRunSupervisor, type RunSupervisor } from "../reviewer/run-supervisor.js";
import type { ReviewerLauncher } from "../reviewer/reviewer-launcher.js";

export interface StartReviewServerOptions {
  /** Pull requests on a forge: automatic pulls (default) and pushes; the token is read from `forgeSource`, which the composition root hands in (default: no token). */
  readonly forge?: ForgeOptions;
  readonly forgeSource?: TokenSource;
  /** A folder inside the work tree. */
  readonly dir: string;
  /** Default: `<git common dir>/opencode-review/review.sqlite`. */
  readonly dbPath?: string;
  /** Default "127.0.0.1"; only loopback is accepted. */
  readonly host?: string;
  /** Default 0: any free port. */
  readonly port?: number;
  /** Default: random per start. */
  readonly token?: string;
  /** Mode "tools" (plugin with tools) or "prose". */
  readonly delivery: ReleaseDelivery;
  /** The clock every stamp is read from: the service's, and the panel's heartbeat in the store. */
  readonly now: Clock;
  /** Reported by /api/health. */
  readonly tools: boolean;
  /** Default: the dist/panel folder next to the built server. */
  readonly panelDir?: string;
  /** How often another process's writes are looked for while a panel listens; default 1000 ms. */
  readonly feedIntervalMs?: number;
  /** Told about unexpected errors (5xx, failed heartbeats); default console.error. Plugins route it to opencode's log. */
  readonly reportError?: (error: unknown) => void;
  /** Reviewer agents: how runs reach opencode (null: they cannot start here, `because` says why), the model option, the timeout. */
  readonly reviewer?: {
    readonly launcher: ReviewerLauncher | null;
    readonly because?: string;
    readonly model?: string;
    readonly timeoutMs?: number;
  };
  /**
   * Called with the service as soon as the repository and store are open, before the HTTP server is
   * built and listens: the agent's tools need only the service, so they answer without waiting for the panel.
   */
  readonly onService?: (service: ReviewService) => void;
  /**
   * Awaited after `onService` and before the panel's HTTP stack is loaded and listens. The plugin passes
   * the end of the tool calls already under way: a first review_list made as the plugin starts then does
   * not share the process with reading, compiling and starting the panel, which it does not need.
   */
  readonly beforePanel?: () => Promise<void>;
}

export interface RunningReviewServer {
  /** `http://127.0.0.1:PORT`, without token. */
  readonly url: string;
  /** `url + "/#token=" + token`: what the person opens (see panelLink). */
  readonly panelUrl: string;
  readonly token: string;
  readonly service: ReviewService;
  /** Starts and follows review runs; the plugin hands it the reviewer sessions' events. */
  readonly runs: RunSupervisor;
  /** Stops listening, unregisters, closes the store. Safe to call twice. */
  close(): Promise<void>;
}

/** How often a running server refreshes its row in `servers`, so `opencode-review url` can tell live from dead. */
export const SERVER_HEARTBEAT_MS = 30_000;

/** How often releases handed over from a panel on another branch are looked for (see deliverHandedOff). */
const HAND_OFF_POLL_MS = 1000;

/**
 * The composition root every entry uses: opens the repository and the store, builds the service, the
 * event bus (with the cross-process feed) and the app, listens on loopback, and registers the panel URL.
 * @example const server = await startReviewServer({ dir: process.cwd(), delivery, tools: true }); console.log(server.panelUrl)
 */
export async function startReviewServer(options: StartReviewServerOptions): Promise<RunningReviewServer> {
  // Refused before anything opens: a wrong host or an empty token are mistakes in the options.
  const host = options.host ?? "127.0.0.1";
  requireLoopbackHost(host);
  if (options.token !== undefined && options.token.length === 0) {
    throw new ReviewError("invalid_input", "token must not be empty; leave it unset for a random one");
  }
  const reportError = options.reportError ?? ((error: unknown) => console.error("opencode-review:", error));

  // The SQLite binding loads while git answers where the repository is.
  void preloadSqliteBinding();
  const repo = await openRepository(options.dir);
  const store = await openStore({ path: options.dbPath ?? defaultDbPath(repo) });
  let listening: ListeningServer | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let tokenWrittenFor: string | null = null;
  try {
    // Every branch's entry in the list, live while a panel listens; built over the service once it exists.
    const branches = branchFeed({
      db: store.db,
      own: () => ready.ownRepository(),
      scopes: {
        scopeFor: (b) => ready.branchScopes.scopeFor(b),
        worktrees: () => ready.branchScopes.worktrees(),
        open: (p) => ready.branchScopes.open(p),
        refresh: () => ready.branchScopes.refresh(),
      },
      list: (sizes) => ready.listBranches(sizes),
      onError: reportError,
    });
    const bus = createEventBus({
      // Another process's writes, for each branch a panel has open (this server's own, or one named by branch=):
      // each start reads the change log in that branch's scope, from where it stood when the first panel listened.
      branchFeeds: [
        dataVersionFeed({
          db: store.db,
          // Called only once a panel subscribes, after `ready` exists.
          changes: () => storeChanges(ready),
          ...(options.feedIntervalMs === undefined ? {} : { intervalMs: options.feedIntervalMs }),
          onError: reportError,
        }),
        // The agent's edits in the work tree of each branch a panel has open: its diff is read again at once.
        worktreeFeed({ repo, onError: reportError }),
      ],
      feeds: [branches],
      onListenerError: reportError,
    });
    const ready = createReviewService({
      dir: options.dir,
      store,
      bus,
      delivery: options.delivery,
      now: options.now,
      repository: repo,
      caches: createServiceCaches(),
      branchWatch: () => branches.state(),
      ...(options.forgeSource === undefined ? {} : { forge: options.forgeSource }),
      ...(options.forge?.push === undefined ? {} : { forgePush: options.forge.push }),
    });
    options.onService?.(ready);

    // Runs a previous process left live read cancelled: nothing drives them any more. Releases it left
    // pending (stopped before its doorbell rang) are delivered from here.
    // On a full disk the store is read-only (see openStore): these wait for the next start.
    await ready.sweepInterruptedRuns().catch(unlessDiskFull);
    await ready.resumeOrphanedDeliveries().catch(unlessDiskFull);
    const runs = createRunSupervisor({
      service: ready,
      launcher: options.reviewer?.launcher ?? null,
      ...(options.reviewer?.because === undefined ? {} : { because: options.reviewer.because }),
      ...(options.reviewer?.model === undefined ? {} : { model: options.reviewer.model }),
      ...(options.reviewer?.timeoutMs === undefined ? {} : { timeoutMs: options.reviewer.timeoutMs }),
      reportError,
    });

    await options.beforePanel?.();
    // Drawn only now: the first use of Web Crypto costs a few milliseconds under Node, which the agent's
    // first calls, made before the panel, do not need to wait for.
    const token = options.token ?? randomToken();
    // A module of its own (a chunk of its own in the bundle): see listenPanel.
    const { listenPanel } = await import("./panel-http.js");
    const panel = await listenPanel({
      service: ready,
      runs,
      bus,
      token,
      host,
      ...(options.port === undefined ? {} : { port: options.port }),
      panelDir: options.panelDir ?? defaultPanelDir(),
      tools: options.tools,
      reportError,
    });
    listening = panel.listening;
    const url = listening.url;
    const panelUrl = panel.panelUrl;

    // The row holds the URL only; the token goes to a file only this user can read, and
    // `opencode-review url` joins the two. Written before the row, so a listed panel always has its token.
    // On a full disk neither can be written: the panel serves its link all the same, and the heartbeat
    // writes them once there is room, so `opencode-review url` finds it from then on.
    const register = async (): Promise<void> => {
      if (tokenWrittenFor === null) {
        const replaced = writePanelToken(store.path, url, token);
        tokenWrittenFor = url;
        if (replaced !== null) reportError(new Error(replaced));
      }
      const now = await ready.repository();
      await writeTransaction(store.db, (trx) =>
        upsertServer(trx, {
          url,
          pid: process.pid,
          worktree: now.workTree,
          branch: now.branchKey,
          heartbeat_at: options.now(),
          kind:
            options.delivery.waitsForAgentTurn === true
              ? "mcp"
              : options.delivery.ownSessionsOnly === true
                ? "opencode"
                : "serve",
          instance: ready.context.instanceId,
        }),
      );
    };
    await register().catch(unlessDiskFull);
    heartbeat = setInterval(
      () => void register().catch((error: unknown) => (isDiskFull(error) ? undefined : reportError(error))),
      SERVER_HEARTBEAT_MS,
    );
    (heartbeat as { unref?: () => void }).unref?.();

    // Releases made for this work tree's agent from a panel on another branch: delivered from here, to its
    // session (see deliverHandedOff). One small query a second; quiet while nothing waits.
    const handOff = setInterval(
      () =>
        void ready.deliverHandedOff().catch((error: unknown) => (isDiskFull(error) ? undefined : reportError(error))),
      HAND_OFF_POLL_MS,
    );
    (handOff as { unref?: () => void }).unref?.();
    // The branch's pull request, pulled now and every few minutes (quiet when there is none or no token).
    const autoForge = startAutoForge(ready, options.forge ?? {}, reportError);
    let closing: Promise<void> | null = null;
    const server = listening;
    return {
      url,
      panelUrl,
      token,
      service: ready,
      runs,
      close: () =>
        (closing ??= (async () => {
          clearInterval(heartbeat!);
          clearInterval(handOff);
          autoForge.stop();
          runs.close();
          await server.close();
          await writeTransaction(store.db, (trx) => removeServer(trx, url)).catch((error: unknown) =>
            isDiskFull(error) ? undefined : reportError(error),
          );
          try {
            removePanelToken(store.path, url);
          } catch (error) {
            reportError(error);
          }
          await ready.context.anchors.written();
          await store.close();
        })()),
    };
  } catch (error) {
    if (heartbeat !== null) clearInterval(heartbeat);
    if (tokenWrittenFor !== null) removePanelToken(store.path, tokenWrittenFor);
    await listening?.close().catch(() => {});
    await closeQuietly(store);
    throw error;
  }
}

/** Lets a write that failed for a full disk pass (the store is read-only then); anything else is thrown on. */
function unlessDiskFull(error: unknown): void {
  if (!isDiskFull(error)) throw error;
}

async function closeQuietly(store: Store): Promise<void> {
  await store.close().catch(() => {});
}
