import type { EventBus } from "../events/event-bus.js";
import { createApp } from "../http/create-app.js";
import { listen, type ListeningServer } from "../http/listen.js";
import { loopbackHosts } from "../http/loopback.js";
import { panelLink } from "../http/panel-link.js";
import { apiRoutes } from "../http/routes/index.js";
import { branchChoice } from "../http/middleware/branch-choice.js";
import type { RunSupervisor } from "../reviewer/run-supervisor.js";
import type { ReviewService } from "../service/index.js";
import { packageVersion } from "./package-version.js";

export interface PanelHttpOptions {
  readonly service: ReviewService;
  readonly runs: RunSupervisor;
  readonly bus: EventBus;
  readonly token: string;
  /** A loopback host, already checked. */
  readonly host: string;
  readonly port?: number;
  readonly panelDir: string;
  /** Reported by /api/health. */
  readonly tools: boolean;
  readonly reportError: (error: unknown) => void;
}

/** The panel's server, listening: its URL and the link a person opens. */
export interface ListeningPanel {
  readonly listening: ListeningServer;
  readonly panelUrl: string;
}

/**
 * Builds the HTTP surface (the Hono app, its routes, the panel) over a service and listens on loopback.
 * startReviewServer loads this module with import() once the service is handed over: the HTTP stack is
 * most of the bundle and of the Node built-ins it loads (http, http2, tls, zlib, undici), and the agent's
 * tools need none of it, so a first review_list does not wait for it to be read and compiled.
 * @example const { listening, panelUrl } = await listenPanel({ service, runs, bus, token, host: "127.0.0.1", panelDir, tools: true, reportError });
 */
export async function listenPanel(options: PanelHttpOptions): Promise<ListeningPanel> {
  const version = packageVersion();
  let port = 0;
  const app = createApp({
    token: options.token,
    allowedHosts: () => (port === 0 ? [] : loopbackHosts(options.host, port)),
    panelDir: options.panelDir,
    routes: apiRoutes(options.service, options.runs),
    branchChoice: branchChoice(options.service.branchScopes),
    health: async () => {
      const now = await options.service.repository();
      return { ok: true, version, repo: now.workTree, branch: now.branch ?? now.branchKey, tools: options.tools };
    },
    events: options.bus,
    reportError: options.reportError,
  });
  const listening = await listen(app, {
    host: options.host,
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  port = listening.port;
  return { listening, panelUrl: panelLink(listening.url, options.token) };
}
