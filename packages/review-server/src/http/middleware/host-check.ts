import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { currentHosts, type AllowedHosts } from "../allowed-hosts.js";

/**
 * Refuses (403) every request whose `Host` is not one of this server's own loopback host:port pairs.
 * This is the DNS-rebinding defence: a page on evil.example that re-resolves its name to 127.0.0.1
 * still sends `Host: evil.example`, and the token cookie would not be sent to it anyway, but the
 * help page and the panel itself must not be readable to it either.
 * @example app.use(hostCheck(["127.0.0.1:4321", "localhost:4321", "[::1]:4321"]))
 */
export function hostCheck(allowed: AllowedHosts): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header("host")?.toLowerCase();
    if (host === undefined || !currentHosts(allowed).includes(host)) {
      throw new HTTPException(403, {
        message: `This server answers only to its own loopback address, not to Host ${host ?? "(none)"}.`,
      });
    }
    await next();
  };
}
