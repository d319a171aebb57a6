/**
 * What the panel says about a release an MCP client's agent has not read yet: it cannot be pushed into
 * that chat, so it waits for the agent's next turn (the Stop hook rings then, and a tool reads it).
 * @example renderWaitingForTurn({ count: 2, files: ["src/a.ts"] }) // "2 released comments on src/a.ts: waiting for the agent's next turn."
 */
export function renderWaitingForTurn(unread: { readonly count: number; readonly files: readonly string[] }): string {
  const what = unread.count === 1 ? "1 released comment" : `${unread.count} released comments`;
  const where = unread.files.length === 0 ? "" : ` on ${unread.files.join(", ")}`;
  return `${what}${where}: waiting for the agent's next turn.`;
}
