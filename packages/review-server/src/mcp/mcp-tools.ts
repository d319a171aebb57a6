import { z } from "zod";
import type { AgentCall, ReviewService } from "../service/index.js";
import { AGENT_TOOLS, type AgentToolName } from "../tools/agent-tools.js";
import type { ToolResult } from "../tools/tool-result.js";

/** One agent tool as an MCP server lists and runs it: the opencode tool's description, arguments and work. */
export interface McpTool {
  readonly name: AgentToolName;
  readonly description: string;
  /** JSON Schema of the arguments, made from the same zod shape opencode turns into the model's schema. */
  readonly inputSchema: { readonly type: "object"; readonly [key: string]: unknown };
  /** `call` names the client session, so a retried reply or note is stored once (no turn ids over MCP). */
  run(service: ReviewService, args: unknown, call: AgentCall): Promise<ToolResult>;
}

function inputSchema(shape: z.ZodRawShape): McpTool["inputSchema"] {
  // "input": what the model sends (optional fields stay optional); the full rules run in the tool itself.
  const schema = z.toJSONSchema(z.object(shape), { io: "input" }) as Record<string, unknown>;
  delete schema.$schema;
  return { ...schema, type: "object" };
}

/**
 * The agent tools of the registry over MCP, by the names and with the words the opencode tools have; no logic of their own.
 * @example for (const tool of mcpTools()) console.error(tool.name)
 */
export function mcpTools(): readonly McpTool[] {
  return AGENT_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: inputSchema(tool.args),
    run: tool.run,
  }));
}
