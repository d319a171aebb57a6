import type { MiddlewareHandler } from "hono";

const jsonType = /^application\/([\w.-]+\+)?json$/i;

/**
 * Checks a request body before any route reads it: an empty body passes, anything else must be JSON
 * (415 otherwise, which also keeps HTML forms out) and must parse (400 otherwise). Hono caches the
 * text, so routes read it again with `c.req.json()` at no cost.
 * @example app.use("/api/*", jsonBody())
 */
export function jsonBody(): MiddlewareHandler {
  return async (c, next) => {
    // A GET or HEAD has no body to check. Asking the request object (`c.req.raw.body`) made
    // @hono/node-server build a whole web Request, stream and abort signal included, for every GET.
    if (c.req.method === "GET" || c.req.method === "HEAD" || !c.req.raw.body) return next();
    const text = await c.req.text();
    if (text.trim() === "") return next();
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
    if (!jsonType.test(mediaType)) {
      return c.json(
        { error: { code: "invalid_input", message: `The request body must be JSON (Content-Type: application/json), not ${mediaType || "untyped"}.` } },
        415,
      );
    }
    try {
      JSON.parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return c.json({ error: { code: "invalid_input", message: `The request body is not valid JSON: ${reason}` } }, 400);
    }
    await next();
  };
}

