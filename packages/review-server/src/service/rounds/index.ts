// Rounds and diffs: snapshots of the agent's work and the diff between them. A table of contents; no logic here.
export { roundOperations, type RoundOperations } from "./round-operations.js";
