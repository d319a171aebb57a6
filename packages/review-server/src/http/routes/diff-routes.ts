import { diffQuerySchema } from "@opencode-review/core";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { DiffView, RoundOperations } from "../../service/index.js";
import { validQuery } from "./valid-input.js";

/**
 * `GET /diff?from=base|<roundId>&to=<roundId>|worktree[&file=<path>[&full=1]]`: the parsed diff between two points
 * of the review, or `view=uncommitted|staged|since-review|commit:<sha>` for those diffs; `ignoreWhitespace=1`
 * leaves out changes of whitespace alone; a file over the per-file limits comes as `{ ..., hunks: [], tooLarge: { message, canLoad, ... } }`,
 * and `file=<path>&full=1` loads it anyway, up to a hard ceiling.
 * @example api.route("/", diffRoutes(service))
 */
export function diffRoutes(service: RoundOperations) {
  // A big agent change is megabytes of JSON; gzipped it is a tenth of that, and the panel's first paint waits on it.
  return new Hono().get("/diff", compress({ encoding: "gzip" }), validQuery(diffQuerySchema), async (c) => {
    const { from, to, file, full, view, ignoreWhitespace } = c.req.valid("query");
    const files = await service.diff({
      ...(view === undefined ? {} : { view: view as DiffView }),
      ...(ignoreWhitespace === "1" ? { ignoreWhitespace: true } : {}),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(file === undefined ? {} : { file }),
      ...(full === undefined ? {} : { full: full === "1" }),
    });
    return c.json({ files }, 200);
  });
}
