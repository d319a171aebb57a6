// The person's threads: drafts, replies, status, anchors. A table of contents; no logic lives here.
export { threadOperations, type ThreadOperations, type ThreadDeps } from "./thread-operations.js";
