import { retryDeliveryBodySchema } from "@opencode-review/core";
import { Hono } from "hono";
import type { ReleaseOperations } from "../../service/index.js";
import { pathId, validJson } from "./valid-input.js";

/**
 * `GET /reviews`: every past release of the branch, newest first, with its prose and delivery state;
 * `POST /reviews/:id/retry` `{ sessionId? }`: tries a failed or waiting delivery again now, to the session named
 * (the one the panel shows; default: where a release would go now); `POST /reviews/:id/dismiss`: stops showing
 * (and retrying) a failed one.
 * @example api.route("/", reviewsRoutes(service))
 */
export function reviewsRoutes(service: ReleaseOperations) {
  return new Hono()
    .get("/reviews", async (c) => c.json({ reviews: await service.pastReviews() }, 200))
    .post("/reviews/:id/retry", validJson(retryDeliveryBodySchema), async (c) =>
      c.json({ review: await service.retryDelivery(pathId(c), c.req.valid("json").sessionId) }, 200),
    )
    .post("/reviews/:id/dismiss", async (c) => c.json({ review: await service.dismissDelivery(pathId(c)) }, 200));
}
