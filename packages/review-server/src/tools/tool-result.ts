/**
 * What every agent tool answers, whichever client calls it: `output` is the prose the model reads,
 * `metadata` the structured JSON for programs (opencode's tool result; MCP's text and `structuredContent`).
 */
export interface ToolResult {
  readonly title: string;
  readonly output: string;
  readonly metadata: Record<string, unknown>;
}
