import { reviewListArgsSchema } from "@opencode-review/core";
import { FORGE_PULL_WAIT_MS, forgePullStillRunning, STILL_FETCHING } from "./forge-pull-wait.js";
import { parseToolArgs } from "./parse-tool-args.js";
import type { AgentCall, AgentOperations, ForgeOperations } from "../service/index.js";
import type { ToolResult } from "./tool-result.js";

/**
 * What `review_list` does with its arguments as the model sent them (checked here), for any host of
 * the tools (opencode, MCP): one page of threads, `metadata.next` the cursor of the next. A forge pull
 * under way (the one on start) is waited for up to `pullWaitMs`, so "address the PR comments" finds them.
 * @example const { output, metadata } = await reviewList(service, { cursor }, { session: "ses_1" });
 */
export async function reviewList(
  service: AgentOperations & ForgeOperations,
  raw: unknown,
  call: AgentCall = {},
  pullWaitMs = FORGE_PULL_WAIT_MS,
): Promise<ToolResult> {
  const args = parseToolArgs(reviewListArgsSchema, raw);
  const stillFetching = await forgePullStillRunning(service, pullWaitMs);
  const { threads, output, next, changes } = await service.agentList(
    {
      ...(args.status === undefined ? {} : { status: args.status }),
      ...(args.file === undefined ? {} : { file: args.file }),
      ...(args.cursor === undefined ? {} : { cursor: args.cursor }),
    },
    call,
  );
  const waiting = threads.filter((t) => t.awaiting === "agent").length;
  const title =
    threads.length === 0
      ? "No review threads"
      : `${threads.length === 1 ? "1 review thread" : `${threads.length} review threads`}, ${waiting} waiting for you${next === undefined ? "" : ", more on the next page"}`;
  return {
    title,
    output: stillFetching ? `${STILL_FETCHING}\n\n${output}` : output,
    // `changes`: what the person undid or applied since the last call, said at the top of `output` too.
    metadata: { threads, ...(next === undefined ? {} : { next }), ...(changes.length > 0 ? { changes } : {}) },
  };
}
