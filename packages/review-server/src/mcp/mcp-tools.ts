import { reviewListArgs, reviewOpenArgs, reviewReplyArgs } from "@opencode-review/core";
import { z } from "zod";
import type { AgentCall, ReviewService } from "../service/index.js";
import { REVIEW_LIST_DESCRIPTION } from "../tools/review-list.description.js";
import { reviewList } from "../tools/review-list.js";
import { REVIEW_OPEN_DESCRIPTION } from "../tools/review-open.description.js";
import { reviewOpen } from "../tools/review-open.js";
import { REVIEW_REPLY_DESCRIPTION } from "../tools/review-reply.description.js";
import { reviewReply } from "../tools/review-reply.js";
import type { ToolResult } from "../tools/tool-result.js";
import type { AgentToolName } from "../tools/agent-tool-names.js";

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
 * The three tools over MCP, by the names and with the words the opencode tools have; no logic of their own.
 * @example for (const tool of mcpTools()) console.error(tool.name)
 */
export function mcpTools(): readonly McpTool[] {
  return [
    {
      name: "review_list",
      description: REVIEW_LIST_DESCRIPTION,
      inputSchema: inputSchema(reviewListArgs),
      run: reviewList,
    },
    {
      name: "review_reply",
      description: REVIEW_REPLY_DESCRIPTION,
      inputSchema: inputSchema(reviewReplyArgs),
      run: reviewReply,
    },
    {
      name: "review_open",
      description: REVIEW_OPEN_DESCRIPTION,
      inputSchema: inputSchema(reviewOpenArgs),
      run: reviewOpen,
    },
  ];
}
