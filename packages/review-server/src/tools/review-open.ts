import { tool, type ToolDefinition } from "@opencode-ai/plugin";
import { describePlace, reviewOpenArgs, reviewOpenArgsSchema } from "@opencode-review/core";
import { parseToolArgs } from "./parse-tool-args.js";
import { REVIEW_OPEN_DESCRIPTION } from "./review-open.description.js";
import type { ServiceSource } from "./service-source.js";

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
      const args = parseToolArgs(reviewOpenArgsSchema, raw);
      const service = await source();
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
    },
  });
}
