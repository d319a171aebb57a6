import { ReviewError } from "@opencode-review/core";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { BranchOperations } from "../../service/index.js";

/**
 * `GET /branches`: every branch with a review or a changed work tree, those waiting on the person first.
 * `GET /compare?a=<branch>&b=<branch>[&file=<path>[&full=1]]`: the diff between two branches' work trees,
 * shaped like `GET /diff` (`a` the old side, `b` the new).
 * @example api.route("/", branchesRoutes(service))
 */
export function branchesRoutes(service: BranchOperations) {
  return new Hono()
    .get("/branches", async (c) => c.json(await service.listBranches(), 200))
    .get("/compare", compress({ encoding: "gzip" }), async (c) => {
      const a = c.req.query("a");
      const b = c.req.query("b");
      if (!a || !b)
        throw new ReviewError("invalid_input", "a and b: name two branches to compare (GET /api/branches lists them).");
      const file = c.req.query("file");
      const full = c.req.query("full");
      const files = await service.compareBranches(a, b, {
        ...(file === undefined || file === "" ? {} : { file }),
        ...(full === undefined ? {} : { full: full === "1" }),
      });
      return c.json({ files }, 200);
    });
}
