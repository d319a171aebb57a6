import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { ReviewError } from "@opencode-review/core";
import { requireLoopbackHost } from "./loopback.js";

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

export interface ListenOptions {
  /** A loopback address; default 127.0.0.1. */
  readonly host?: string;
  /** 0 (the default) takes any free port. */
  readonly port?: number;
}

export interface ListeningServer {
  /** `http://host:port`, without a trailing slash or token. */
  readonly url: string;
  readonly port: number;
  /** Stops listening and ends open connections (SSE streams included). */
  close(): Promise<void>;
}

// The slice of Bun's API used here, so the package needs no Bun type definitions.
interface BunServer {
  readonly port: number;
  stop(closeActiveConnections?: boolean): Promise<void> | void;
}
interface BunRuntime {
  serve(options: { fetch: FetchHandler; hostname: string; port: number; idleTimeout?: number }): BunServer;
}

function listenWithBun(
  bun: BunRuntime,
  fetch: FetchHandler,
  host: string,
  port: number,
): { port: number; close(): Promise<void> } {
  // Bun closes connections idle for 10 s by default, sooner than the 15 s SSE heartbeat.
  const server = bun.serve({ fetch, hostname: host, port, idleTimeout: 60 });
  return { port: server.port, close: async () => void (await server.stop(true)) };
}

function listenWithNode(
  fetch: FetchHandler,
  host: string,
  port: number,
): Promise<{ port: number; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    // @hono/node-server's own Request and Response stand in for the global ones (its default): a Response
    // made from bytes is then written straight to the socket, where a global one was read back through a
    // web stream, and a request's body is a web stream only when something asks for it.
    const server = serve({ fetch, hostname: host, port });
    const fail = (error: Error): void => reject(error);
    server.once("error", fail);
    server.once("listening", () => {
      server.off("error", fail);
      const bound = (server.address() as AddressInfo).port;
      resolve({
        port: bound,
        close: () =>
          new Promise<void>((done, failClose) => {
            server.close((error) => (error ? failClose(error) : done()));
            // Open SSE streams would keep close() waiting forever.
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * Serves the app on a loopback address under Node or Bun; any other host is refused before binding.
 * @example const server = await listen(app, { host: "127.0.0.1", port: 0 }); console.log(server.url); await server.close()
 */
export async function listen(
  app: { readonly fetch: FetchHandler },
  options: ListenOptions = {},
): Promise<ListeningServer> {
  const host = requireLoopbackHost(options.host ?? "127.0.0.1");
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ReviewError("invalid_input", `port ${port} is not a port number; use 0 to 65535 (0: any free port)`);
  }
  // Under Node the environment carries the Node request, which requestBody reads directly.
  const fetch: FetchHandler = (request, env) => app.fetch(request, env);
  const bun = (globalThis as { Bun?: BunRuntime }).Bun;
  let bound: { port: number; close(): Promise<void> };
  try {
    bound = bun ? listenWithBun(bun, fetch, host.bind, port) : await listenWithNode(fetch, host.bind, port);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ReviewError("internal", `The review server cannot listen on ${host.urlHost}:${port}: ${reason}`);
  }
  return { url: `http://${host.urlHost}:${bound.port}`, port: bound.port, close: bound.close };
}
