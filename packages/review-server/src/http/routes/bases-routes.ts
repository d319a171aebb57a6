import { Hono } from "hono";
import { z } from "zod";
import type { RoundOperations } from "../../service/index.js";
import { validJson } from "./valid-input.js";

/** `POST /bases`: `{ from }`, a parent branch as `branch:<name>`, or null for the review's base. */
export const pickBaseBodySchema = z.object({
  from: z
    .string({
      error: "from must be branch:<name> (a branch GET /api/bases lists), view:<view> or null (the review's base).",
    })
    .max(300, { error: "from is too long for a branch name; give branch:<name> as GET /api/bases lists it, or null." })
    .nullable(),
});

/**
 * `GET /bases`: the review's base and the local branches HEAD descends from, nearest parent first, each
 * with its merge base and how many commits HEAD has since, and the base picked for this branch;
 * `POST /bases` keeps a pick (or forgets it) in the store; `GET /diff?from=branch:<name>` diffs from there.
 * @example api.route("/", basesRoutes(service))
 */
export function basesRoutes(service: RoundOperations) {
  return new Hono()
    .get("/bases", async (c) => c.json(await service.reviewBases(), 200))
    .post("/bases", validJson(pickBaseBodySchema), async (c) =>
      c.json(await service.pickBase(c.req.valid("json").from), 200),
    );
}
