// The review and its release to the agent. A table of contents; no logic lives here.
export { releaseOperations, type ReleaseOperations, type ReleaseDeps } from "./release-operations.js";
