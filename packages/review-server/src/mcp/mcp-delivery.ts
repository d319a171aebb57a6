import type { ReleaseDelivery } from "../service/index.js";

/**
 * How a release reaches an MCP client's agent: it cannot be pushed into that chat, so it waits in the
 * store (the client's Stop hook rings with the notice at the end of the agent's turn, and `review_list`
 * reads it). The panel names the client, by the name it gave at `initialize`, as where the release goes.
 * @example startReviewServer({ dir, tools: true, delivery: mcpDelivery(() => server.getClientVersion()?.name) })
 */
export function mcpDelivery(clientName: () => string | undefined): ReleaseDelivery {
  return {
    mode: "tools",
    waitsForAgentTurn: true,
    // Nothing is pushed: the review's row then reads not delivered until a tool returns the comments.
    deliver: async () => null,
    target: async () => {
      const name = clientName() ?? "the MCP client";
      return { id: `mcp:${name}`, title: `${name} (MCP), at the agent's next turn` };
    },
  };
}
