import { Hono } from "hono";
import type { TourOperations } from "../../service/index.js";

/**
 * `GET /tour`: the agent's tour of its change on the checked-out branch (`review_tour`), each step located
 * in the work tree now and the hunks no step touches; `{ tour: null }` when the agent left none.
 * @example api.route("/", tourRoutes(service))
 */
export function tourRoutes(service: TourOperations) {
  return new Hono().get("/tour", async (c) => c.json({ tour: await service.tour() }, 200));
}
