import { describePlace, reviewOpenArgsSchema } from "@opencode-review/core";
import { parseToolArgs } from "./parse-tool-args.js";
import type { AgentCall, AgentOperations } from "../service/index.js";
import type { ToolResult } from "./tool-result.js";

/**
 * What `review_open` does with its arguments as the model sent them (checked here), for any host of
 * the tools. The same note retried (same session, place and text, in the same turn or with nothing
 * between) returns the first note and opens no second thread.
 * @example await reviewOpen(service, { file: "src/a.ts", line: 3, text: "Kept the old API." }, { session: "ses_1" });
 */
export async function reviewOpen(service: AgentOperations, raw: unknown, call: AgentCall = {}): Promise<ToolResult> {
  const args = parseToolArgs(reviewOpenArgsSchema, raw);
  const thread = await service.agentNote(
    {
      file: args.file,
      text: args.text,
      ...(args.line === undefined ? {} : { line: args.line }),
      ...(args.from === undefined ? {} : { from: args.from }),
      ...(args.to === undefined ? {} : { to: args.to }),
    },
    call,
  );
  const place = describePlace(thread);
  return {
    title: `Note on ${place}`,
    output: `Opened thread ${thread.id} on ${place} for the reviewer; it waits for their answer, not yours.`,
    metadata: { thread },
  };
}
