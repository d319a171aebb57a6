import type { MiddlewareHandler } from "hono";

/** The panel's policy: its own scripts (Shiki needs WebAssembly), inline styles, nothing framed or posted elsewhere. */
export const panelContentSecurityPolicy =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const isApi = (path: string): boolean => path === "/api" || path.startsWith("/api/");

/**
 * Adds the headers every answer carries (no sniffing, no referrer, so a token never leaks in one),
 * the panel's Content-Security-Policy on pages and files, and `no-store` on API answers, which hold
 * the user's code. Registered first, so it also covers refusals and errors.
 * @example app.use(securityHeaders())
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("Cross-Origin-Resource-Policy", "same-origin");
    if (isApi(c.req.path)) {
      if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
    } else {
      c.header("Content-Security-Policy", panelContentSecurityPolicy);
      c.header("X-Frame-Options", "DENY");
    }
  };
}
