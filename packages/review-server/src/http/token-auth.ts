import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";

/** The query parameter of the panel link: `/?token=<token>`. */
export const tokenQueryParameter = "token";

/**
 * The cookie that carries the token. Cookies ignore ports, so two servers on 127.0.0.1 (two opencode
 * processes) would overwrite each other's cookie under one name; the port in the name keeps them apart.
 * @example tokenCookieName("127.0.0.1:4321") // "opencode-review-4321"
 */
export function tokenCookieName(hostHeader: string | undefined): string {
  const port = /:(\d+)$/.exec(hostHeader ?? "")?.[1] ?? "80";
  return `opencode-review-${port}`;
}

/**
 * Compares two tokens in time that does not depend on where they differ; hashing first makes the
 * lengths equal, which `timingSafeEqual` needs, without revealing the length either.
 * @example tokensEqual("abc", "abc") // true
 */
export function tokensEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digestOf(presented), expectedDigest(expected));
}

const digestOf = (value: string): Buffer => createHash("sha256").update(value).digest();
/** The server's own token is hashed once, not on every request (a process has a token or a few). */
const expectedDigests = new Map<string, Buffer>();
function expectedDigest(token: string): Buffer {
  let digest = expectedDigests.get(token);
  if (digest === undefined) expectedDigests.set(token, (digest = digestOf(token)));
  return digest;
}

/** What a request shows of the token: none at all, or the values it carries. */
export type PresentedToken = { readonly kind: "none" } | { readonly kind: "some"; readonly values: readonly string[] };

/**
 * The tokens a request carries, from `Authorization: Bearer` and from this server's cookie.
 * @example presentedToken(c) // { kind: "some", values: ["3f9c..."] }
 */
export function presentedToken(c: Context): PresentedToken {
  const values: string[] = [];
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (bearer) values.push(bearer);
  const cookie = getCookie(c, tokenCookieName(c.req.header("host")));
  if (cookie) values.push(cookie);
  return values.length === 0 ? { kind: "none" } : { kind: "some", values };
}

/**
 * Whether the request carries the right token, and if not, whether it carried any.
 * @example tokenVerdict(c, token) // "ok" | "missing" | "wrong"
 */
export function tokenVerdict(c: Context, token: string): "ok" | "missing" | "wrong" {
  const presented = presentedToken(c);
  if (presented.kind === "none") return "missing";
  // Every value is compared, not the first match returned early, so timing says nothing about which matched.
  let ok = false;
  for (const value of presented.values) ok = tokensEqual(value, token) || ok;
  return ok ? "ok" : "wrong";
}

/**
 * Refuses (401) a request without the right token, as a bearer header or as the panel's cookie.
 * @example app.use("/api/*", tokenAuth(token))
 */
export function tokenAuth(token: string): MiddlewareHandler {
  return async (c, next) => {
    const verdict = tokenVerdict(c, token);
    if (verdict === "ok") return next();
    const message =
      verdict === "missing"
        ? "This request carries no token. Open the panel link that `opencode-review url` prints, or send Authorization: Bearer <token>."
        : "The token does not match this server's; it changes each time the server starts. Run `opencode-review url` for the current link.";
    return c.json({ error: { code: "unauthorized", message } }, 401);
  };
}
