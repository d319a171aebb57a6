import { tool, type ToolDefinition } from "@opencode-ai/plugin";
import { describePlace, reviewOpenArgs, reviewOpenArgsSchema } from "@opencode-review/core";
import type { ReviewService } from "../service/index.js";
import { parseToolArgs } from "./parse-tool-args.js";
import { REVIEW_OPEN_DESCRIPTION } from "./review-open.description.js";
import type { ServiceSource } from "./service-source.js";
import type { ToolResult } from "./tool-result.js";

/**
 * The `review_open` tool: the agent's own note for the person, on a line, a range or a whole file as
 * it reads now; it waits on the person.
 * @example hooks.tool = { review_open: reviewOpenTool(source) };
 */
export function reviewOpenTool(source: ServiceSource): ToolDefinition {
  return tool({
    description: REVIEW_OPEN_DESCRIPTION,
    args: reviewOpenArgs,
    async execute(raw) {
      // Checked before the service is awaited, so bad arguments are said even while the server is down.
      parseToolArgs(reviewOpenArgsSchema, raw);
      return runReviewOpen(await source(), raw);
    },
  });
}

/**
 * `review_open`'s work for any client (opencode's tool, the MCP server): checks the raw arguments,
 * opens the note, and answers prose plus metadata.
 * @example const { metadata } = await runReviewOpen(service, { file: "src/a.ts", line: 3, text: "Why so?" });
 */
export async function runReviewOpen(service: ReviewService, raw: unknown): Promise<ToolResult> {
  const args = parseToolArgs(reviewOpenArgsSchema, raw);
  const thread = await service.agentNote({
    file: args.file,
    text: args.text,
    ...(args.line === undefined ? {} : { line: args.line }),
    ...(args.from === undefined ? {} : { from: args.from }),
    ...(args.to === undefined ? {} : { to: args.to }),
  });
  const place = describePlace(thread);
  return {
    title: `Note on ${place}`,
    output: `Opened thread ${thread.id} on ${place} for the reviewer; it waits for their answer, not yours.`,
    metadata: { thread },
  };
}
