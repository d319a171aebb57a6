import { Hono } from "hono";

/** What `GET /api/health` answers (docs/http.md). */
export interface Health {
  readonly ok: boolean;
  readonly version: string;
  readonly repo: string;
  readonly branch: string;
  readonly tools: boolean;
}

/**
 * `GET /health` with data from the injected reader, so the shell knows nothing of git or the store.
 * @example api.route("/", healthRoute(() => ({ ok: true, version: "0.1.0", repo, branch, tools: true })))
 */
export function healthRoute(read: () => Health | Promise<Health>) {
  return new Hono().get("/health", async (c) => c.json(await read(), 200));
}
