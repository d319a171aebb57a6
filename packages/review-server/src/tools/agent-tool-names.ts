/**
 * The agent's three review tools by the names the contract gives them: the one spelling that opencode's
 * `hooks.tool`, the MCP server, client set-up (allow lists) and the tool-call hooks all read.
 * @example AGENT_TOOL_NAMES.map((name) => `mcp__opencode-review__${name}`)
 */
export const AGENT_TOOL_NAMES = ["review_list", "review_reply", "review_open"] as const;

/** One of the agent's review tools. */
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];
