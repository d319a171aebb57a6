import type { MiddlewareHandler } from "hono";

/** The panel's policy: its own scripts (Shiki needs WebAssembly), inline styles, nothing framed or posted elsewhere. */
export const panelContentSecurityPolicy =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const isApi = (path: string): boolean => path === "/api" || path.startsWith("/api/");

/**
 * Adds the headers every answer carries (no sniffing, no referrer, so a token never leaks in one),
 * the panel's Content-Security-Policy on pages and files, and `no-store` on API answers, which hold
 * the user's code. Registered first, so it also covers refusals and errors.
 *
 * Set before the route runs: every answer made from this context then carries them (a route may still
 * set its own Cache-Control). Setting them on the finished answer instead made @hono/node-server send
 * every answer through its slow path, reading the body back as a web stream: a millisecond per request.
 * @example app.use(securityHeaders())
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    if (isApi(c.req.path)) {
      c.header("Cache-Control", "no-store");
    } else {
      c.header("Content-Security-Policy", panelContentSecurityPolicy);
      c.header("X-Frame-Options", "DENY");
    }
    await next();
  };
}
