// The composition root: what the plugin and the CLI start. A table of contents; no logic lives here.
export {
  startReviewServer,
  SERVER_HEARTBEAT_MS,
  type StartReviewServerOptions,
  type RunningReviewServer,
} from "./start-review-server.js";
export type { AppType } from "../http/routes/index.js";
export { defaultPanelDir } from "./default-panel-dir.js";
export { packageVersion } from "./package-version.js";
