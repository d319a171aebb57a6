import { renderSystemGuidance } from "@opencode-review/core";

/**
 * The MCP server's `instructions` (a client shows them to its model as the server's description): the
 * same guidance lines opencode's system prompt carries, and where the person reviews.
 * @example new Server(info, { instructions: mcpInstructions("http://127.0.0.1:4100/#token=t") })
 */
export function mcpInstructions(panelUrl: string | null): string {
  const where =
    panelUrl === null
      ? "The review panel is not running here (see the review tools' errors)."
      : `The person reviews in a web panel at ${panelUrl} (give them this link when they ask where to review).`;
  return `${renderSystemGuidance()}\n${where}`;
}
