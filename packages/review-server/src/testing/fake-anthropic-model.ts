import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One tool call the scripted model makes (Claude Code names MCP tools `mcp__<server>__<tool>`). */
export interface AnthropicToolCall {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** One scripted answer: tool uses, or plain text that ends the agent's turn. */
export type AnthropicTurn =
  | { readonly kind: "tools"; readonly calls: readonly AnthropicToolCall[] }
  | { readonly kind: "text"; readonly text: string };

/** A Messages API request as Claude Code sends it, with the parts tests read pulled out. */
export interface AnthropicRequest {
  readonly body: Readonly<Record<string, any>>;
  /** The system prompt's text, joined (an MCP server's instructions are in it). */
  readonly system: string;
  /** The text blocks of every user message, in order (hook feedback arrives as one). */
  readonly userTexts: readonly string[];
  /** Every tool result, in order, its text joined. */
  readonly toolResults: readonly { readonly toolUseId: string; readonly text: string; readonly isError: boolean }[];
  readonly tools: readonly string[];
}

/** A running scripted Anthropic Messages API on loopback. */
export interface FakeAnthropicModel {
  /** `ANTHROPIC_BASE_URL` (no `/v1`). */
  readonly url: string;
  /** The conversation requests (streamed ones), in order; other calls are answered and not kept. */
  readonly requests: readonly AnthropicRequest[];
  close(): Promise<void>;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part: any) => (part?.type === "text" && typeof part.text === "string" ? part.text : "")).join("");
}

function recorded(body: Record<string, any>): AnthropicRequest {
  const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
  const userTexts: string[] = [];
  const toolResults: { toolUseId: string; text: string; isError: boolean }[] = [];
  for (const message of messages) {
    if (message.role !== "user") continue;
    if (typeof message.content === "string") {
      userTexts.push(message.content);
      continue;
    }
    for (const block of message.content ?? []) {
      if (block.type === "text") userTexts.push(block.text);
      if (block.type === "tool_result")
        toolResults.push({
          toolUseId: block.tool_use_id,
          text: textOf(block.content),
          isError: block.is_error === true,
        });
    }
  }
  return {
    body,
    system: Array.isArray(body.system)
      ? body.system.map((b: any) => b.text ?? "").join("\n")
      : String(body.system ?? ""),
    userTexts,
    toolResults,
    tools: (body.tools ?? []).map((t: any) => t.name),
  };
}

/**
 * A model Claude Code talks to (`POST /v1/messages`, streamed as Anthropic SSE): each conversation request
 * is recorded and answered by the script, which may act in between. Non-streamed side calls get a short text.
 * Once the script returns undefined, it answers "Done.".
 * @example const model = await startFakeAnthropicModel((req, i) => (i === 0 ? { kind: "text", text: "Hi" } : undefined))
 */
export async function startFakeAnthropicModel(
  script: (request: AnthropicRequest, index: number) => Promise<AnthropicTurn | undefined> | AnthropicTurn | undefined,
): Promise<FakeAnthropicModel> {
  const requests: AnthropicRequest[] = [];
  let uses = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = raw === "" ? {} : (JSON.parse(raw) as Record<string, any>);
    if (req.method !== "POST" || !req.url?.startsWith("/v1/messages") || body.stream !== true) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "msg_side",
          type: "message",
          role: "assistant",
          model: body.model ?? "x",
          content: [{ type: "text", text: "ok" }],
          stop_reason: "end_turn",
          usage: { input_tokens: 1, output_tokens: 1 },
        }),
      );
      return;
    }
    const request = recorded(body);
    const index = requests.push(request) - 1;
    let turn: AnthropicTurn;
    try {
      turn = (await script(request, index)) ?? { kind: "text", text: "Done." };
    } catch (error) {
      turn = { kind: "text", text: `script failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (event: Record<string, unknown>) =>
      res.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
    send({
      type: "message_start",
      message: {
        id: `msg_${index + 1}`,
        type: "message",
        role: "assistant",
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 0 },
      },
    });
    if (turn.kind === "text") {
      send({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
      send({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: turn.text } });
      send({ type: "content_block_stop", index: 0 });
    } else {
      turn.calls.forEach((call, i) => {
        uses++;
        send({
          type: "content_block_start",
          index: i,
          content_block: { type: "tool_use", id: `toolu_${uses}`, name: call.name, input: {} },
        });
        send({
          type: "content_block_delta",
          index: i,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(call.args) },
        });
        send({ type: "content_block_stop", index: i });
      });
    }
    send({
      type: "message_delta",
      delta: { stop_reason: turn.kind === "text" ? "end_turn" : "tool_use", stop_sequence: null },
      usage: { output_tokens: 5 },
    });
    send({ type: "message_stop" });
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
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
