import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";

/** The parameter of the panel link: `/#token=<token>` (the fragment never reaches a server) or `/?token=`. */
export const tokenQueryParameter = "token";

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
 * The token a request carries, from `Authorization: Bearer` only. Never from a cookie: browsers send
 * cookies of 127.0.0.1 to every port on it, so a cookie would hand the token to any local server the
 * browser visits, and let a page on another port plant one that locks the panel out.
 * @example presentedToken(c) // { kind: "some", values: ["3f9c..."] }
 */
export function presentedToken(c: Context): PresentedToken {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return bearer ? { kind: "some", values: [bearer] } : { kind: "none" };
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
 * Refuses (401) a request without the right token as a bearer header.
 * @example app.use("/api/*", tokenAuth(token))
 */
export function tokenAuth(token: string): MiddlewareHandler {
  return async (c, next) => {
    const verdict = tokenVerdict(c, token);
    if (verdict === "ok") return next();
    const message =
      verdict === "missing"
        ? "This request carries no token. Open the panel link that `opencode-review url` prints (the panel sends the token itself), or send Authorization: Bearer <token>."
        : "The token does not match this server's; it changes each time the server starts. Run `opencode-review url` for the current link.";
    return c.json({ error: { code: "unauthorized", message } }, 401);
  };
}
