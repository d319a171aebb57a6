import { ReviewError, startRunBodySchema } from "@opencode-review/core";
import { Hono } from "hono";
import type { RunSupervisor } from "../../reviewer/run-supervisor.js";
import type { ReviewerOperations } from "../../service/index.js";
import { pathId, validJson } from "./valid-input.js";

/**
 * Review runs: list them, start one (answers the session's live run when there is one), cancel one.
 * Without a supervisor (a server with no opencode behind it) runs are listed but cannot start.
 * @example api.route("/", runsRoutes(service, supervisor))
 */
export function runsRoutes(service: ReviewerOperations, runs: RunSupervisor | null) {
  const supervisor = () => {
    if (runs === null)
      throw new ReviewError(
        "conflict",
        "AI review runs need opencode: this panel was not started by the opencode plugin.",
      );
    return runs;
  };
  return (
    new Hono()
      .get("/runs", async (c) => c.json({ runs: await service.listRuns() }, 200))
      // Before /runs/:id routes: "models" is not a run id.
      .get("/runs/models", async (c) =>
        c.json(
          runs === null
            ? { models: [] as readonly string[], default: null as string | null, available: false }
            : await runs.models(),
          200,
        ),
      )
      .post("/runs", validJson(startRunBodySchema), async (c) => {
        const body = c.req.valid("json");
        const { run, existing } = await supervisor().start({
          ...(body.model === undefined ? {} : { model: body.model }),
          ...(body.sessionId === undefined ? {} : { sessionId: body.sessionId }),
        });
        return c.json({ run }, existing ? 200 : 201);
      })
      .post("/runs/:id/cancel", async (c) => c.json({ run: await supervisor().cancel(pathId(c)) }, 200))
  );
}
