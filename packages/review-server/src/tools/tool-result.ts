import type { ToolContext } from "@opencode-ai/plugin";
import type { AgentCall } from "../service/index.js";

/** What every review tool answers (docs/agent-tools.md): prose for the model, JSON for programs. */
export interface ToolResult {
  readonly title: string;
  readonly output: string;
  readonly metadata: Record<string, unknown>;
}

/**
 * The caller of a tool as the service tells retries apart: opencode's session and the assistant
 * message (turn) the call belongs to.
 * @example await reviewReply(service, args, agentCallOf(context));
 */
export function agentCallOf(context: Pick<ToolContext, "sessionID" | "messageID"> | undefined): AgentCall {
  if (context === undefined) return {};
  return { session: context.sessionID, turn: context.messageID };
}
