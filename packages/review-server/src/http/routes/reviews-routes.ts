import { Hono } from "hono";
import type { ReviewService } from "../../service/index.js";
import { pathId } from "./valid-input.js";

/**
 * `GET /reviews`: every past release of the branch, newest first, with its prose and delivery state;
 * `POST /reviews/:id/retry`: tries a failed delivery again now; `POST /reviews/:id/dismiss`: stops showing
 * (and retrying) a failed one.
 * @example api.route("/", reviewsRoutes(service))
 */
export function reviewsRoutes(service: ReviewService) {
  return new Hono()
    .get("/reviews", async (c) => c.json({ reviews: await service.pastReviews() }, 200))
    .post("/reviews/:id/retry", async (c) => c.json({ review: await service.retryDelivery(pathId(c)) }, 200))
    .post("/reviews/:id/dismiss", async (c) => c.json({ review: await service.dismissDelivery(pathId(c)) }, 200));
}
