// Reviewer agents: runs and findings. A table of contents; no logic lives here.
export { reviewerOperations, type ReviewerOperations } from "./reviewer-operations.js";
