import { randomUUID } from "node:crypto";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ServiceSource } from "../tools/service-source.js";
import { mcpInstructions } from "./mcp-instructions.js";
import { mcpTools } from "./mcp-tools.js";

export interface McpServerOptions {
  /** The review service, or a rejection whose message every tool answers (a folder that is not a git repository). */
  readonly source: ServiceSource;
  readonly version: string;
  /** The panel link for the instructions; null when no panel runs. */
  readonly panelUrl: string | null;
}

/**
 * The MCP server over one review service: lists the agent tools with their JSON Schemas and runs each
 * through the same function the opencode tool runs, so arguments are checked by the same full schema
 * and refused with the same words. A result's prose is its text content, and `structuredContent` is its
 * metadata with the prose first under `prose` (see `structuredResult`); a refusal is a tool error (`isError`)
 * whose text is the Error's message, as opencode shows it to the model.
 * The SDK is loaded here, on first use: every other command (the hooks above all) starts without its cost.
 * @example const server = await createMcpServer({ source, version, panelUrl }); await server.connect(new StdioServerTransport());
 */
export async function createMcpServer(options: McpServerOptions): Promise<Server> {
  const [{ Server }, { CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode }] = await loadMcpSdk();
  const tools = mcpTools();
  // One stdio server is one client session: a retried reply or note within minutes is stored once.
  const call = { session: `mcp-${randomUUID()}` };
  const server = new Server(
    { name: "opencode-review", version: options.version },
    { capabilities: { tools: {} }, instructions: mcpInstructions(options.panelUrl) },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = tools.find((t) => t.name === request.params.name);
    // A name the server does not list is a protocol error, as the SDK's own McpServer answers it; a
    // refusal (isError) is for a listed tool that declined the call.
    if (tool === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Tool ${request.params.name} not found; the review tools are ${tools.map((t) => t.name).join(", ")}.`,
      );
    }
    try {
      const result = await tool.run(await options.source(), request.params.arguments ?? {}, call);
      return structuredResult(result.output, result.metadata);
    } catch (error) {
      return refusal(error instanceof Error ? error.message : String(error));
    }
  });
  return server;
}

/**
 * The SDK modules the server needs (the module cache makes a second call free); `mcp` starts loading them
 * while the review server starts, so a client's `initialize` is answered as soon as both are ready.
 * @example void loadMcpSdk(); // early; later createMcpServer awaits the same load
 */
export function loadMcpSdk() {
  return Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("@modelcontextprotocol/sdk/server/stdio.js"),
  ]);
}

/**
 * Claude Code and Codex hand the model a result's `structuredContent` as JSON whenever there is one, and
 * drop its text (docs/mcp.md): the prose goes first inside it too, so it reaches the model in every client,
 * while a program reads the metadata's own fields where they always were.
 * @example structuredResult("1 thread waits for you...", { threads }) // structuredContent: { prose, threads }
 */
function structuredResult(prose: string, metadata: Readonly<Record<string, unknown>>): CallToolResult {
  return { content: [{ type: "text", text: prose }], structuredContent: { prose, ...metadata } };
}

function refusal(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
