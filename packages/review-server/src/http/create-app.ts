import { Hono, type Env, type MiddlewareHandler, type Schema } from "hono";
import { ReviewError } from "@opencode-review/core";
import type { BlankEnv, BlankSchema } from "hono/types";
import type { EventBus } from "../events/event-bus.js";
import type { AllowedHosts } from "./allowed-hosts.js";
import { errorResponse } from "./error-response.js";
import { eventsRoute } from "./routes/events-route.js";
import { healthRoute, type Health } from "./routes/health-route.js";
import { hostCheck } from "./middleware/host-check.js";
import { noticePage } from "./notice-page.js";
import { originCheck } from "./middleware/origin-check.js";
import { panelRoute } from "./routes/panel-route.js";
import { requestBody } from "./middleware/request-body.js";
import { securityHeaders } from "./middleware/security-headers.js";
import { tokenAuth } from "./middleware/token-auth.js";

/** 256 KB: a thousand-character body with a long suggestion is far below it; a flood is not. */
export const defaultMaxBodyBytes = 256 * 1024;

export interface AppOptions<E extends Env, S extends Schema, B extends string> {
  /** The secret every `/api` request must carry; random per start unless the user set one. */
  readonly token: string;
  /** This server's own `Host` values; see `loopbackHosts`. A function when the port is not yet known. */
  readonly allowedHosts: AllowedHosts;
  /** The built panel (`index.html`, `assets/*`). */
  readonly panelDir: string;
  /** The resource routes, mounted under `/api` (their paths are `/threads`, `/rounds`, ...). */
  readonly routes?: Hono<E, S, B>;
  readonly health: () => Health | Promise<Health>;
  /** Picks the branch a request is about (`branch=`, see branchChoice), for every `/api` route; absent: none. */
  readonly branchChoice?: MiddlewareHandler;
  readonly events: EventBus;
  readonly maxBodyBytes?: number;
  readonly heartbeatMs?: number;
  /** Told about 5xx errors; the answer never carries their stack. Defaults to console.error. */
  readonly reportError?: (error: unknown) => void;
}

const isApi = (path: string): boolean => path === "/api" || path.startsWith("/api/");

/**
 * Builds the whole HTTP surface: the security checks first (Host, Origin, token, body size, JSON),
 * then the `/api` routes, then the panel. The return type carries every route, for `hc<typeof app>`.
 * @example const app = createApp({ token, allowedHosts: () => hosts, panelDir, routes, health, events: bus })
 */
export function createApp<E extends Env = BlankEnv, S extends Schema = BlankSchema, B extends string = "/">(
  options: AppOptions<E, S, B>,
) {
  if (options.token.length === 0)
    throw new ReviewError("invalid_input", "token must not be empty; leave it unset for a random one");
  const maxBodyBytes = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const reportError = options.reportError ?? ((error: unknown) => console.error("opencode-review:", error));

  const app = new Hono();
  app.onError((error, c) => {
    const answer = errorResponse(error);
    if (answer.unexpected) reportError(error);
    return c.json(answer.body, answer.status);
  });
  app.notFound((c) => {
    if (isApi(c.req.path)) {
      const answer = errorResponse(new ReviewError("not_found", `There is no route ${c.req.method} ${c.req.path}.`));
      return c.json(answer.body, answer.status);
    }
    return c.html(noticePage("Not found", [`There is nothing at ${c.req.path}.`]), 404);
  });

  // Middleware refuses a request by throwing (HTTPException with its status); `onError` above answers it.
  // Compression is per route, not app-wide: only the diff earns it (through hono/compress); the rest are
  // JSON on loopback, where gzip saves less than a millisecond (bench/listing-encoding.bench.mjs).
  app.use(securityHeaders());
  app.use(hostCheck(options.allowedHosts));
  app.use(originCheck(options.allowedHosts));
  app.use("/api/*", tokenAuth(options.token));
  app.use("/api/*", requestBody(maxBodyBytes));
  if (options.branchChoice !== undefined) app.use("/api/*", options.branchChoice);

  const api = new Hono()
    .route("/", healthRoute(options.health))
    .route(
      "/",
      eventsRoute(options.events, options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    );

  return app
    .route("/api", api)
    .route("/api", options.routes ?? (new Hono() as unknown as Hono<E, S, B>))
    .route("/", panelRoute({ panelDir: options.panelDir, token: options.token }));
}

/** The app `createApp` builds for a given set of routes; `hc<AppFor<typeof routes>>` is the typed client. */
export type AppFor<R extends Hono<any, any, any>> =
  R extends Hono<infer E, infer S, infer B> ? ReturnType<typeof createApp<E, S, B>> : never;
