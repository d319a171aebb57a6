import type { ReviewService } from "../../service/index.js";
import type { AppFor } from "../create-app.js";
import { basesRoutes } from "./bases-routes.js";
import { diffRoutes } from "./diff-routes.js";
import { fileRoutes } from "./file-routes.js";
import { findingsRoutes } from "./findings-routes.js";
import { runsRoutes } from "./runs-routes.js";
import type { RunSupervisor } from "../../reviewer/run-supervisor.js";
import { messagesRoutes } from "./messages-routes.js";
import { reviewRoutes } from "./review-routes.js";
import { reviewsRoutes } from "./reviews-routes.js";
import { roundsRoutes } from "./rounds-routes.js";
import { rawRoutes } from "./raw-routes.js";
import { threadsRoutes } from "./threads-routes.js";
import { viewedRoutes } from "./viewed-routes.js";
import { forgeRoutes } from "./forge-routes.js";
import { changesRoutes } from "./changes-routes.js";
import { branchesRoutes } from "./branches-routes.js";
import { tourRoutes } from "./tour.js";

/**
 * Every resource route over one service, chained so the type carries them all; `createApp` mounts it at `/api`.
 * @example createApp({ token, allowedHosts, panelDir, health, events: bus, routes: apiRoutes(service) })
 */
export function apiRoutes(service: ReviewService, runs: RunSupervisor | null = null) {
  // Chained onto the first sub-app, not onto a blank Hono: a blank app's empty schema in the union lets
  // TypeScript reduce the union to that empty schema, and the typed client would see no routes.
  return roundsRoutes(service)
    .route("/", diffRoutes(service))
    .route("/", fileRoutes(service))
    .route("/", threadsRoutes(service))
    .route("/", messagesRoutes(service))
    .route("/", reviewRoutes(service))
    .route("/", runsRoutes(service, runs))
    .route("/", findingsRoutes(service))
    .route("/", reviewsRoutes(service))
    .route("/", viewedRoutes(service))
    .route("/", rawRoutes(service))
    .route("/", basesRoutes(service))
    .route("/", forgeRoutes(service))
    .route("/", changesRoutes(service))
    .route("/", branchesRoutes(service))
    .route("/", tourRoutes(service));
}

/** The whole app's type (health, events, resources, panel): `hc<AppType>(url)` is the typed client. */
export type AppType = AppFor<ReturnType<typeof apiRoutes>>;
