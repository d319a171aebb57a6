import { tool, type ToolDefinition } from "@opencode-ai/plugin";
import { reviewListArgs, reviewListArgsSchema } from "@opencode-review/core";
import { parseToolArgs } from "./parse-tool-args.js";
import { REVIEW_LIST_DESCRIPTION } from "./review-list.description.js";
import type { ServiceSource } from "./service-source.js";
import type { ToolResult } from "./tool-result.js";
import type { ReviewService } from "../service/index.js";

/**
 * The `review_list` tool: the released threads the agent may see, as prose for the model and JSON in
 * metadata; every human message it returns is marked delivered.
 * @example hooks.tool = { review_list: reviewListTool(source) };
 */
export function reviewListTool(source: ServiceSource): ToolDefinition {
  return tool({
    description: REVIEW_LIST_DESCRIPTION,
    args: reviewListArgs,
    async execute(raw) {
      // Checked before the service is awaited, so bad arguments are said even while the server is down.
      parseToolArgs(reviewListArgsSchema, raw);
      return runReviewList(await source(), raw);
    },
  });
}

/**
 * `review_list`'s work for any client (opencode's tool, the MCP server): checks the raw arguments,
 * lists, and answers prose plus metadata.
 * @example const { output } = await runReviewList(service, { status: "all" });
 */
export async function runReviewList(service: ReviewService, raw: unknown): Promise<ToolResult> {
  const args = parseToolArgs(reviewListArgsSchema, raw);
  const { threads, output } = await service.agentList({
    ...(args.status === undefined ? {} : { status: args.status }),
    ...(args.file === undefined ? {} : { file: args.file }),
  });
  const waiting = threads.filter((t) => t.awaiting === "agent").length;
  const title =
    threads.length === 0
      ? "No review threads"
      : `${threads.length === 1 ? "1 review thread" : `${threads.length} review threads`}, ${waiting} waiting for you`;
  return { title, output, metadata: { threads } };
}
