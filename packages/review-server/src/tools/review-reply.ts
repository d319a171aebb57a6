import { tool, type ToolDefinition } from "@opencode-ai/plugin";
import { describePlace, reviewReplyArgs, reviewReplyArgsSchema } from "@opencode-review/core";
import type { ReviewService } from "../service/index.js";
import { parseToolArgs } from "./parse-tool-args.js";
import { REVIEW_REPLY_DESCRIPTION } from "./review-reply.description.js";
import type { ServiceSource } from "./service-source.js";
import type { ToolResult } from "./tool-result.js";

/**
 * The `review_reply` tool: the agent answers a thread and may claim it resolved; a refused claim keeps
 * the reply and says why, beginning `Replied, but not resolved:`.
 * @example hooks.tool = { review_reply: reviewReplyTool(source) };
 */
export function reviewReplyTool(source: ServiceSource): ToolDefinition {
  return tool({
    description: REVIEW_REPLY_DESCRIPTION,
    args: reviewReplyArgs,
    async execute(raw) {
      // Checked before the service is awaited, so bad arguments are said even while the server is down.
      parseToolArgs(reviewReplyArgsSchema, raw);
      return runReviewReply(await source(), raw);
    },
  });
}

/**
 * `review_reply`'s work for any client (opencode's tool, the MCP server): checks the raw arguments,
 * replies (the checked resolve decides a `resolved: true`), and answers prose plus metadata.
 * @example const { output } = await runReviewReply(service, { id, text: "Done.", resolved: true });
 */
export async function runReviewReply(service: ReviewService, raw: unknown): Promise<ToolResult> {
  const args = parseToolArgs(reviewReplyArgsSchema, raw);
  const result = await service.agentReply({
    // With both given, the id decides (the schema's rule), so a stale file never misdirects a reply.
    ...(args.id === undefined ? { file: args.file, line: args.line } : { id: args.id }),
    text: args.text,
    resolved: args.resolved ?? false,
  });
  const { thread, resolved, refusal } = result;
  const place = describePlace(thread);
  const output =
    refusal !== undefined
      ? `${refusal} Your reply is on thread ${thread.id} (${place}); it stays open for the reviewer.`
      : resolved
        ? `Replied to thread ${thread.id} (${place}) and marked it resolved.`
        : thread.status === "resolved"
          ? `Replied to thread ${thread.id} (${place}); it was already resolved.`
          : `Replied to thread ${thread.id} (${place}); it now waits for the reviewer.`;
  return {
    title: `${resolved ? "Resolved" : "Replied to"} ${place}`,
    output,
    metadata: { thread, resolved, ...(refusal === undefined ? {} : { refusal }) },
  };
}
