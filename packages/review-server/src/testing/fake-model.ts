import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One call the scripted model makes: a tool name and the JSON arguments it sends. */
export interface FakeToolCall {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** One scripted answer of the model: either tool calls or plain text. */
export type FakeTurn =
  | { readonly kind: "tools"; readonly calls: readonly FakeToolCall[] }
  | { readonly kind: "text"; readonly text: string }
  /** An HTTP error from the provider (use a 4xx: opencode retries 5xx and 429). */
  | { readonly kind: "error"; readonly status: number; readonly message: string }
  /** No answer at all until the server closes: a model that hangs. */
  | { readonly kind: "hang" };

/** A chat message as opencode sends it (OpenAI chat-completions shape, loosely typed). */
export interface FakeChatMessage {
  readonly role: string;
  readonly content?: unknown;
  readonly tool_calls?: readonly {
    readonly id: string;
    readonly function: { readonly name: string; readonly arguments: string };
  }[];
  readonly tool_call_id?: string;
}

/** A request the model received, with the parts tests read most often pulled out. */
export interface RecordedRequest {
  /** `title`: opencode's hidden title request (answered with a short text, never from the script). */
  readonly kind: "conversation" | "title";
  readonly body: Readonly<Record<string, unknown>>;
  readonly messages: readonly FakeChatMessage[];
  /** Every system message's text, joined with newlines. */
  readonly system: string;
  /** Names of the tools offered to the model. */
  readonly tools: readonly string[];
  /** Tool results sent back to the model, in order. */
  readonly toolResults: readonly { readonly callId: string; readonly content: string }[];
  /** The text of the last user message. */
  readonly lastUserText: string;
  /** When the request arrived (ms since the epoch), for start-up measurements. */
  readonly receivedAt: number;
  /** The session the request is for (opencode's `X-Session-Id` header), and its parent's for a child session. */
  readonly sessionId: string | null;
  readonly parentSessionId: string | null;
}

/** Decides the next turn from the conversation so far; `undefined` means the script is exhausted. */
export type FakeModelScript = readonly FakeTurn[] | ((request: RecordedRequest, index: number) => FakeTurn | undefined);

/** A running scripted model server. */
export interface FakeModel {
  /** Base URL for `@ai-sdk/openai-compatible`, ending in `/v1`. */
  readonly url: string;
  /** Every request, in arrival order, title requests included. */
  readonly requests: readonly RecordedRequest[];
  /** Only the conversation requests (the ones the script answers). */
  conversation(): readonly RecordedRequest[];
  /** Resolves once `count` conversation requests have arrived; rejects after `timeoutMs`. */
  waitForConversation(count: number, timeoutMs?: number): Promise<readonly RecordedRequest[]>;
  close(): Promise<void>;
}

/** What the model says when the script has no turn left, so a run still ends. */
export const SCRIPT_EXHAUSTED_TEXT = "Done.";

/**
 * Starts an OpenAI-compatible chat-completions server on 127.0.0.1 that streams scripted turns.
 *
 * @example
 * const model = await startFakeModel([{ kind: "tools", calls: [{ name: "review_list", args: {} }] }, { kind: "text", text: "ok" }]);
 */
export async function startFakeModel(script: FakeModelScript): Promise<FakeModel> {
  const requests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  let conversationIndex = 0;

  const nextTurn = (request: RecordedRequest): FakeTurn => {
    const index = conversationIndex++;
    const turn = typeof script === "function" ? script(request, index) : script[index];
    return turn ?? { kind: "text", text: SCRIPT_EXHAUSTED_TEXT };
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (req.method === "GET" && path.endsWith("/models")) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model", owned_by: "fake" }] }));
      return;
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: `fake model: no route ${req.method} ${path}` } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === "string" ? value : null;
    };
    const request = {
      ...describe(body),
      sessionId: header("x-session-id"),
      parentSessionId: header("x-parent-session-id"),
    };
    requests.push(request);
    for (const wake of waiters) wake();
    const turn = request.kind === "title" ? ({ kind: "text", text: "Fake title" } as const) : nextTurn(request);
    if (turn.kind === "hang") return;
    if (turn.kind === "error") {
      res.writeHead(turn.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: turn.message, type: "invalid_request_error" } }));
      return;
    }
    if (body.stream === true) stream(res, turn);
    else whole(res, turn);
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const conversation = () => requests.filter((r) => r.kind === "conversation");
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    conversation,
    waitForConversation: (count, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (conversation().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(conversation());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`fake model: ${conversation().length} of ${count} conversation requests after ${timeoutMs} ms`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => (typeof part === "object" && part !== null && "text" in part ? String(part.text) : ""))
      .join("");
  }
  return "";
}

function describe(body: Record<string, unknown>): Omit<RecordedRequest, "sessionId" | "parentSessionId"> {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as FakeChatMessage[];
  const system = messages
    .filter((m) => m.role === "system")
    .map((m) => textOf(m.content))
    .join("\n");
  const tools = (Array.isArray(body.tools) ? body.tools : []).map(
    (t: { function?: { name?: string } }) => t.function?.name ?? "",
  );
  const toolResults = messages
    .filter((m) => m.role === "tool")
    .map((m) => ({ callId: m.tool_call_id ?? "", content: textOf(m.content) }));
  const lastUser = [...messages].reverse().find((m) => m.role === "user");
  // opencode's title request carries its own title-generator prompt and offers no tools.
  const kind = tools.length === 0 && /\btitle\b/i.test(system) ? "title" : "conversation";
  return {
    kind,
    body,
    messages,
    system,
    tools,
    toolResults,
    lastUserText: textOf(lastUser?.content),
    receivedAt: Date.now(),
  };
}

let callCounter = 0;

function chunk(delta: Record<string, unknown>, finishReason: string | null): string {
  const payload = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "fake-model",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...(finishReason ? { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } } : {}),
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function stream(res: ServerResponse, turn: Extract<FakeTurn, { kind: "tools" | "text" }>): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.write(chunk({ role: "assistant", content: "" }, null));
  if (turn.kind === "text") {
    // Two chunks, so consumers that only handle a single delta would show up in tests.
    const middle = Math.ceil(turn.text.length / 2);
    res.write(chunk({ content: turn.text.slice(0, middle) }, null));
    res.write(chunk({ content: turn.text.slice(middle) }, null));
    res.write(chunk({}, "stop"));
  } else {
    turn.calls.forEach((call, index) => {
      const id = `call_${++callCounter}`;
      res.write(
        chunk({ tool_calls: [{ index, id, type: "function", function: { name: call.name, arguments: "" } }] }, null),
      );
      res.write(chunk({ tool_calls: [{ index, function: { arguments: JSON.stringify(call.args) } }] }, null));
    });
    res.write(chunk({}, "tool_calls"));
  }
  res.end("data: [DONE]\n\n");
}

function whole(res: ServerResponse, turn: Extract<FakeTurn, { kind: "tools" | "text" }>): void {
  const message =
    turn.kind === "text"
      ? { role: "assistant", content: turn.text }
      : {
          role: "assistant",
          content: null,
          tool_calls: turn.calls.map((call) => ({
            id: `call_${++callCounter}`,
            type: "function",
            function: { name: call.name, arguments: JSON.stringify(call.args) },
          })),
        };
  res.setHeader("content-type", "application/json");
  res.end(
    JSON.stringify({
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: "fake-model",
      choices: [{ index: 0, message, finish_reason: turn.kind === "text" ? "stop" : "tool_calls" }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    }),
  );
}
