import { describePlace, reviewReplyArgsSchema } from "@opencode-review/core";
import { parseToolArgs } from "./parse-tool-args.js";
import type { AgentCall, AgentOperations } from "../service/index.js";
import type { ToolResult } from "./tool-result.js";

/**
 * What `review_reply` does with its arguments as the model sent them (checked here), for any host of
 * the tools. The same reply retried (same session, thread reference and text, in the same turn or
 * with nothing between) returns the first result and stores nothing more.
 * @example await reviewReply(service, { id: "t_1", text: "Renamed it.", resolved: true }, { session: "ses_1", turn: "msg_4" });
 */
export async function reviewReply(service: AgentOperations, raw: unknown, call: AgentCall = {}): Promise<ToolResult> {
  const args = parseToolArgs(reviewReplyArgsSchema, raw);
  const result = await service.agentReply(
    {
      // With both given, the id decides (the schema's rule), so a stale file never misdirects a reply.
      ...(args.id === undefined ? { file: args.file, line: args.line } : { id: args.id }),
      text: args.text,
      resolved: args.resolved ?? false,
    },
    call,
  );
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
  // On a pull request's thread the words go out under the person's account: they decide when.
  const last = thread.messages[thread.messages.length - 1];
  const forgeNote =
    thread.forge === undefined || last?.forge === undefined
      ? ""
      : last.forge.state === "posted"
        ? ` It is posted on PR #${thread.forge.pr}.`
        : ` It is queued for PR #${thread.forge.pr}: the person sends it from the panel or with opencode-review pr push.`;
  return {
    title: `${resolved ? "Resolved" : "Replied to"} ${place}`,
    output: output + forgeNote,
    metadata: { thread, resolved, ...(refusal === undefined ? {} : { refusal }) },
  };
}
