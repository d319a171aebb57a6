import { tool, type ToolDefinition } from "@opencode-ai/plugin";
import { AGENT_TOOLS, type AgentTool, type AgentToolName } from "./agent-tools.js";
import type { ServiceSource } from "./service-source.js";
import { agentCallOf } from "./tool-result.js";

/**
 * The agent tools of the registry as opencode's tools, by name, for `hooks.tool`.
 * @example return { tool: createReviewTools(source) };
 */
export function createReviewTools(source: ServiceSource): Readonly<Record<AgentToolName, ToolDefinition>> {
  const tools: Partial<Record<AgentToolName, ToolDefinition>> = {};
  for (const entry of AGENT_TOOLS as readonly AgentTool[]) {
    tools[entry.name as AgentToolName] = tool({
      description: entry.description,
      args: entry.args,
      execute: async (raw, context) => entry.run(await source(), raw, agentCallOf(context)),
    });
  }
  return tools as Record<AgentToolName, ToolDefinition>;
}
