import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { currentHosts, type AllowedHosts } from "../allowed-hosts.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses (403) a state-changing request sent by another origin: an `Origin` that is not this server,
 * or a `Sec-Fetch-Site` of `cross-site` or `same-site` (another port on 127.0.0.1 is same-site, and is
 * no more trusted than the open web). Requests without either header come from programs, not pages,
 * and the token check still applies to them.
 * @example app.use(originCheck(() => loopbackHosts("127.0.0.1", port)))
 */
export function originCheck(allowed: AllowedHosts): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const fetchSite = c.req.header("sec-fetch-site")?.toLowerCase();
    const origin = c.req.header("origin")?.toLowerCase();
    const ownOrigins = currentHosts(allowed).map((host) => `http://${host}`);
    const foreignSite = fetchSite === "cross-site" || fetchSite === "same-site";
    const foreignOrigin = origin !== undefined && !ownOrigins.includes(origin);
    if (foreignSite || foreignOrigin) {
      throw new HTTPException(403, {
        message: `Changes are accepted only from the review panel itself, not from ${origin ?? fetchSite ?? "another site"}.`,
      });
    }
    await next();
  };
}
