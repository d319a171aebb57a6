import { filePath, idText } from "@opencode-review/core";
import { Hono } from "hono";
import { z } from "zod";
import type { RoundOperations } from "../../service/index.js";
import { validJson, validQuery } from "./valid-input.js";

const ref = idText("ref", '"base", a round id or "worktree"', {
  empty: 'give "base", a round id or "worktree", or leave it out.',
}).optional();

/** `GET /viewed?ref=`: the marks judged against the files at `ref` (a round id, `base`, or `worktree`, the default). */
export const viewedQuerySchema = z.object({ ref });

/** `POST /viewed`: `{ path, viewed, ref? }`; the mark keeps the file's content at `ref`. */
export const viewedBodySchema = z.object({
  path: filePath("path"),
  viewed: z.boolean({ error: "viewed must be true (mark the file viewed) or false (take the mark away)." }),
  ref,
});

/**
 * The person's viewed files: `GET /viewed` lists the branch's marks, each `viewed` or `changed` (the
 * file reads otherwise than when it was marked); `POST /viewed` sets or clears one.
 * @example api.route("/", viewedRoutes(service))
 */
export function viewedRoutes(service: RoundOperations) {
  return new Hono()
    .get("/viewed", validQuery(viewedQuerySchema), async (c) => {
      const { ref } = c.req.valid("query");
      return c.json({ files: await service.listViewed(ref === undefined ? {} : { ref }) }, 200);
    })
    .post("/viewed", validJson(viewedBodySchema), async (c) => {
      const { path, viewed, ref } = c.req.valid("json");
      return c.json({ file: await service.setViewed({ path, viewed, ...(ref === undefined ? {} : { ref }) }) }, 200);
    });
}
