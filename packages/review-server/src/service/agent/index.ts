// The agent's side: its list, replies, notes and their retries. A table of contents; no logic lives here.
export { agentOperations, type AgentOperations, type AgentDeps } from "./agent-operations.js";
