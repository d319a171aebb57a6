import { releaseReviewBodySchema } from "@opencode-review/core";
import { Hono } from "hono";
import type { ForgeOperations, ReleaseOperations } from "../../service/index.js";
import { validJson } from "./valid-input.js";

/**
 * `GET /review`: the pending review (draft threads, draft replies, the session a release goes to);
 * `POST /review/release`: sends every draft at once (409 when there is none).
 * @example api.route("/", reviewRoutes(service))
 */
export function reviewRoutes(service: ReleaseOperations & ForgeOperations) {
  return new Hono()
    .get("/review", async (c) => {
      const { drafts, session, waiting } = await service.pendingReview();
      // `waiting` only where releases wait for the agent's next turn (MCP): other answers stay as they were.
      return c.json(waiting === undefined ? { drafts, session } : { drafts, session, waiting }, 200);
    })
    .post("/review/release", validJson(releaseReviewBodySchema), async (c) => {
      const { sessionId, summary, verdict, pr } = c.req.valid("json");
      if (pr === true) {
        // To the branch's pull request as a review, not to the agent (docs/forge.md).
        const review = await service.releaseToPullRequest({
          ...(summary === undefined ? {} : { summary }),
          ...(verdict === undefined ? {} : { verdict }),
        });
        return c.json({ review }, 200);
      }
      const released = await service.release({
        ...(sessionId === undefined ? {} : { sessionId }),
        ...(summary === undefined ? {} : { summary }),
        ...(verdict === undefined ? {} : { verdict }),
      });
      return c.json(
        released.prose === undefined ? { review: released.review } : { review: released.review, prose: released.prose },
        200,
      );
    });
}
