import { Hono } from "hono";
import type { RoundOperations } from "../../service/index.js";

/**
 * `GET /rounds` lists the branch's rounds, oldest first; `POST /rounds` takes one now (the latest when nothing changed).
 * @example api.route("/", roundsRoutes(service))
 */
export function roundsRoutes(service: RoundOperations) {
  return new Hono()
    .get("/rounds", async (c) => c.json({ rounds: await service.listRounds() }, 200))
    .post("/rounds", async (c) => c.json({ round: await service.takeRound() }, 200));
}
