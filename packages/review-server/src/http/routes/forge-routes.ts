import { Hono } from "hono";
import { z } from "zod";
import type { ForgeOperations } from "../../service/index.js";
import { validJson } from "./valid-input.js";

/** `POST /forge/pull` and `POST /forge/push`: `{ pr? }`, another pull request than the branch's. */
export const forgeBodySchema = z.object({
  pr: z
    .number({ error: "pr must be a pull request's number, such as 7, or left out for the branch's." })
    .int()
    .min(1)
    .optional(),
});

/**
 * The branch's pull request for the panels: `GET /forge` is where it stands (last pull, the replies that
 * will be posted and to whom), `POST /forge/pull` brings its threads in, `POST /forge/push` sends the
 * queued replies (the person's Send). Forge failures answer with their one line and code, never a token.
 * @example api.route("/", forgeRoutes(service))
 */
export function forgeRoutes(service: ForgeOperations) {
  return new Hono()
    .get("/forge", async (c) => c.json(await service.forgeStatus(), 200))
    .post("/forge/pull", validJson(forgeBodySchema), async (c) => {
      const { pr } = c.req.valid("json");
      return c.json({ pull: await service.pullForge(pr === undefined ? {} : { number: pr }) }, 200);
    })
    .post("/forge/push", validJson(forgeBodySchema), async (c) => {
      const { pr } = c.req.valid("json");
      return c.json({ push: await service.pushForge(pr === undefined ? {} : { number: pr }) }, 200);
    });
}
