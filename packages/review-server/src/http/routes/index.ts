// The resource routes under /api, one sub-app per resource. A table of contents; no logic lives here.
export { apiRoutes, type AppType } from "./api-routes.js";
export { roundsRoutes } from "./rounds-routes.js";
export { diffRoutes } from "./diff-routes.js";
export { fileRoutes, fileQuerySchema } from "./file-routes.js";
export { threadsRoutes } from "./threads-routes.js";
export { messagesRoutes } from "./messages-routes.js";
export { reviewRoutes } from "./review-routes.js";
export { reviewsRoutes } from "./reviews-routes.js";
export { parseInput, validJson, validQuery } from "./valid-input.js";
export { viewedRoutes, viewedBodySchema, viewedQuerySchema } from "./viewed-routes.js";
export { rawRoutes, rawQuerySchema } from "./raw-routes.js";
export { basesRoutes } from "./bases-routes.js";
export { forgeRoutes, forgeBodySchema } from "./forge-routes.js";
export { changesRoutes, undoBodySchema, keepBodySchema, applyBodySchema } from "./changes-routes.js";
export { branchesRoutes } from "./branches-routes.js";
