import { acceptFindingBodySchema, idText } from "@opencode-review/core";
import { Hono } from "hono";
import { z } from "zod";
import type { ReviewerOperations } from "../../service/index.js";
import { pathId, validJson, validQuery } from "./valid-input.js";

const findingsQuerySchema = z.object({
  status: z.enum(["waiting", "all"], { error: 'status must be "waiting" or "all".' }).optional(),
  at: idText("at", "a round id", { empty: "give a round id, or leave it out for the work tree." }).optional(),
});

/**
 * The reviewer's released findings and the person's triage of them: accept (a draft of their own on the
 * same place), dismiss. Resolve, reopen and reply go through the thread routes, which hand a finding's id here.
 * @example api.route("/", findingsRoutes(service))
 */
export function findingsRoutes(service: ReviewerOperations) {
  return new Hono()
    .get("/findings", validQuery(findingsQuerySchema), async (c) => {
      const { status, at } = c.req.valid("query");
      return c.json(
        {
          findings: await service.listFindings({
            ...(status === undefined ? {} : { status }),
            ...(at === undefined ? {} : { at }),
          }),
        },
        200,
      );
    })
    .post("/threads/:id/accept", validJson(acceptFindingBodySchema), async (c) => {
      const body = c.req.valid("json");
      const { finding, thread } = await service.acceptFinding(pathId(c), {
        ...(body.body === undefined ? {} : { body: body.body }),
        ...(body.suggestion === undefined ? {} : { suggestion: body.suggestion }),
      });
      return c.json({ thread: finding, draft: thread }, 200);
    })
    .post("/threads/:id/dismiss", async (c) => c.json({ thread: await service.dismissFinding(pathId(c)) }, 200));
}
