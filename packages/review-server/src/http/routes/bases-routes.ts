import { Hono } from "hono";
import type { ReviewService } from "../../service/index.js";

/**
 * `GET /bases`: the review's base and the local branches HEAD descends from, nearest parent first, each
 * with its merge base and how many commits HEAD has since; `GET /diff?from=branch:<name>` diffs from there.
 * @example api.route("/", basesRoutes(service))
 */
export function basesRoutes(service: ReviewService) {
  return new Hono().get("/bases", async (c) => c.json(await service.reviewBases(), 200));
}
