import type { PluginInput } from "@opencode-ai/plugin";
import type { ReleaseDelivery } from "../service/index.js";

/**
 * The doorbell: how a released review reaches the agent session, as a user message sent with
 * `promptAsync` (opencode queues it while the session is busy). With no session known it rings nobody
 * and the release still stands: the system-prompt line tells the agent at its next turn.
 * @example startReviewServer({ dir, tools: true, delivery: createSessionDoorbell(input.client, "tools") });
 */
export function createSessionDoorbell(client: PluginInput["client"], mode: ReleaseDelivery["mode"]): ReleaseDelivery {
  return {
    mode,
    // The plugin's client is this opencode process's: a session another process runs is not its to ring.
    ownSessionsOnly: true,
    async deliver({ sessionId, text }) {
      if (sessionId === null) return null;
      const sent = await client.session.promptAsync({
        path: { id: sessionId },
        body: { parts: [{ type: "text", text }] },
      });
      // The session is gone or refused the message: report it as not delivered rather than fail the release.
      if (sent.error !== undefined || (sent.response !== undefined && !sent.response.ok)) return null;
      return { sessionId };
    },
  };
}
