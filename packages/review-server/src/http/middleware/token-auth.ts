import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";

/** The parameter of the panel link: `/#token=<token>` (the fragment never reaches a server) or `/?token=`. */
export const tokenQueryParameter = "token";

/**
 * Compares two tokens in time that does not depend on where they differ; hashing first makes the
 * lengths equal, which `timingSafeEqual` needs, without revealing the length either.
 * @example tokensEqual("abc", "abc") // true
 */
export function tokensEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digestOf(presented), digestOf(expected));
}

const digestOf = (value: string): Buffer => createHash("sha256").update(value).digest();

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
 * Whether the request carries the right token (given as its digest), and if not, whether it carried any.
 * @example tokenVerdict(c, digestOf(token)) // "ok" | "missing" | "wrong"
 */
function tokenVerdict(c: Context, expectedDigest: Buffer): "ok" | "missing" | "wrong" {
  const presented = presentedToken(c);
  if (presented.kind === "none") return "missing";
  // Every value is compared, not the first match returned early, so timing says nothing about which matched.
  let ok = false;
  for (const value of presented.values) ok = timingSafeEqual(digestOf(value), expectedDigest) || ok;
  return ok ? "ok" : "wrong";
}

/**
 * Refuses (401) a request without the right token as a bearer header.
 * @example app.use("/api/*", tokenAuth(token))
 */
export function tokenAuth(token: string): MiddlewareHandler {
  // The server's own token is hashed once per app, not on every request.
  const expectedDigest = digestOf(token);
  return async (c, next) => {
    const verdict = tokenVerdict(c, expectedDigest);
    if (verdict === "ok") return next();
    const message =
      verdict === "missing"
        ? "This request carries no token. Open the panel link that `opencode-review url` prints (the panel sends the token itself), or send Authorization: Bearer <token>."
        : "The token does not match this server's; it changes each time the server starts. Run `opencode-review url` for the current link.";
    throw new HTTPException(401, { message });
  };
}
