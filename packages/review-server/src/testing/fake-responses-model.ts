import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One tool call the scripted model makes: an MCP tool carries its client's `namespace` (`mcp__<server>`). */
export interface ResponsesToolCall {
  readonly name: string;
  readonly namespace?: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** One scripted answer: tool calls, or plain text that ends the agent's turn. */
export type ResponsesTurn =
  | { readonly kind: "tools"; readonly calls: readonly ResponsesToolCall[] }
  | { readonly kind: "text"; readonly text: string };

/** A Responses API request as Codex sends it, with the parts tests read pulled out. */
export interface ResponsesRequest {
  readonly body: Readonly<Record<string, any>>;
  /** The text of every user message in the input, in order (a Stop hook's reason arrives as one). */
  readonly userTexts: readonly string[];
  /** The text of every developer message (Codex's own instructions, and a UserPromptSubmit hook's context). */
  readonly developerTexts: readonly string[];
  /** Every tool result in the input, in order. */
  readonly toolOutputs: readonly { readonly callId: string; readonly output: string }[];
  /** The namespaces offered (`{ name, description, tools }`), MCP servers' among them. */
  readonly namespaces: readonly {
    readonly name: string;
    readonly description: string;
    readonly tools: readonly string[];
  }[];
}

/** A running scripted Responses API on loopback. */
export interface FakeResponsesModel {
  /** The `base_url` for a Codex model provider, ending in `/v1`. */
  readonly url: string;
  readonly requests: readonly ResponsesRequest[];
  close(): Promise<void>;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part: any) => (typeof part?.text === "string" ? part.text : "")).join("");
}

function recorded(body: Record<string, any>): ResponsesRequest {
  const input: any[] = Array.isArray(body.input) ? body.input : [];
  return {
    body,
    userTexts: input
      .filter((item) => item.type === "message" && item.role === "user")
      .map((item) => textOf(item.content)),
    developerTexts: input
      .filter((item) => item.type === "message" && item.role === "developer")
      .map((item) => textOf(item.content)),
    toolOutputs: input
      .filter((item) => item.type === "function_call_output" || item.type === "custom_tool_call_output")
      .map((item) => ({ callId: String(item.call_id), output: textOf(item.output) })),
    namespaces: (Array.isArray(body.tools) ? body.tools : [])
      .filter((tool: any) => tool.type === "namespace")
      .map((tool: any) => ({
        name: tool.name,
        description: tool.description ?? "",
        tools: (tool.tools ?? []).map((t: any) => t.name),
      })),
  };
}

/**
 * A model Codex talks to over the OpenAI Responses API (`POST /v1/responses`, streamed as SSE): each
 * request is recorded and answered by the script, which may act in between (a person releasing a review).
 * Once the script returns undefined, it answers "Done.".
 * @example const model = await startFakeResponsesModel(async (req, i) => i === 0 ? { kind: "text", text: "Hi" } : undefined)
 */
export async function startFakeResponsesModel(
  script: (request: ResponsesRequest, index: number) => Promise<ResponsesTurn | undefined> | ResponsesTurn | undefined,
): Promise<FakeResponsesModel> {
  const requests: ResponsesRequest[] = [];
  let calls = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (req.method !== "POST" || !req.url?.startsWith("/v1/responses")) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: `no ${req.method} ${req.url} here` } }));
      return;
    }
    const request = recorded(JSON.parse(raw) as Record<string, any>);
    const index = requests.push(request) - 1;
    let turn: ResponsesTurn;
    try {
      turn = (await script(request, index)) ?? { kind: "text", text: "Done." };
    } catch (error) {
      // A failing script step must show in the test, not hang Codex: answer with the reason as text.
      turn = { kind: "text", text: `script failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    const id = `resp_${index + 1}`;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (event: Record<string, unknown>) =>
      res.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
    send({ type: "response.created", response: { id } });
    const items =
      turn.kind === "text"
        ? [
            {
              type: "message",
              role: "assistant",
              id: `msg_${index + 1}`,
              status: "completed",
              content: [{ type: "output_text", text: turn.text, annotations: [] }],
            },
          ]
        : turn.calls.map((call) => {
            calls++;
            return {
              type: "function_call",
              id: `fc_${calls}`,
              call_id: `call_${calls}`,
              name: call.name,
              ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
              arguments: JSON.stringify(call.args),
              status: "completed",
            };
          });
    items.forEach((item, outputIndex) => {
      send({ type: "response.output_item.added", output_index: outputIndex, item });
      send({ type: "response.output_item.done", output_index: outputIndex, item });
    });
    send({
      type: "response.completed",
      response: {
        id,
        usage: {
          input_tokens: 10,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 5,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 15,
        },
      },
    });
    res.end();
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
