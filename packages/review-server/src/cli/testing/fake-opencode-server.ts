import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A prompt the fake opencode server received: the session in its path and the JSON body. */
export interface RecordedPrompt {
  readonly sessionId: string;
  readonly body: { readonly parts: readonly { readonly type: string; readonly text: string }[] };
}

/** A stand-in for `opencode serve`: answers `GET /session` and records `POST /session/:id/prompt_async`. */
export interface FakeOpencodeServer {
  readonly url: string;
  readonly prompts: RecordedPrompt[];
  /** Resolves with the next prompt received (or the first one already received and not yet taken). */
  nextPrompt(): Promise<RecordedPrompt>;
  close(): Promise<void>;
}

/**
 * Starts the fake on a free loopback port with the given sessions (the shape of the sdk's `Session`).
 * @example const opencode = await startFakeOpencodeServer([{ id: "ses_1", time: { created: 1, updated: 2 } }])
 */
export async function startFakeOpencodeServer(
  sessions: readonly {
    readonly id: string;
    readonly parentID?: string;
    readonly time: { readonly created: number; readonly updated: number };
  }[],
  options: { readonly promptStatus?: number } = {},
): Promise<FakeOpencodeServer> {
  const prompts: RecordedPrompt[] = [];
  let taken = 0;
  const waiting: ((prompt: RecordedPrompt) => void)[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      if (req.method === "GET" && path === "/session") {
        const full = sessions.map((s) => ({ projectID: "p", directory: "/d", title: s.id, version: "1.18.33", ...s }));
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(full));
        return;
      }
      const prompt = /^\/session\/([^/]+)\/prompt_async$/.exec(path);
      if (req.method === "POST" && prompt) {
        const status = options.promptStatus ?? 204;
        if (status === 204) {
          const recorded = { sessionId: decodeURIComponent(prompt[1]!), body: JSON.parse(raw) };
          prompts.push(recorded);
          const waiter = waiting.shift();
          if (waiter) {
            taken++;
            waiter(recorded);
          }
          res.writeHead(204).end();
        } else {
          res
            .writeHead(status, { "content-type": "application/json" })
            .end(JSON.stringify({ name: "NotFoundError", data: { message: "no such session" } }));
        }
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    prompts,
    nextPrompt: () =>
      taken < prompts.length ? Promise.resolve(prompts[taken++]!) : new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
