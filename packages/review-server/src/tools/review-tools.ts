import type { ToolDefinition } from "@opencode-ai/plugin";
import { reviewListTool } from "./review-list.js";
import { reviewOpenTool } from "./review-open.js";
import { reviewReplyTool } from "./review-reply.js";
import type { ServiceSource } from "./service-source.js";
import type { AgentToolName } from "./agent-tool-names.js";

/**
 * The three agent tools by the names the contract gives them, for `hooks.tool`.
 * @example return { tool: createReviewTools(source) };
 */
export function createReviewTools(source: ServiceSource): Readonly<Record<AgentToolName, ToolDefinition>> {
  return {
    review_list: reviewListTool(source),
    review_reply: reviewReplyTool(source),
    review_open: reviewOpenTool(source),
  };
}
