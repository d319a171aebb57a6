import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";

const jsonType = /^application\/([\w.-]+\+)?json$/i;
const decoder = new TextDecoder();

/** What @hono/node-server passes a handler as its environment: the Node request behind `c.req.raw`. */
interface NodeBindings {
  readonly incoming?: IncomingMessage;
}

/**
 * Reads every request body once, before any route: over `maxBytes` it is refused (413), whether or not a
 * Content-Length said so; an empty body passes; anything else must be JSON (415 otherwise, which also keeps
 * HTML forms out) and must parse (400 otherwise). The text goes into Hono's body cache, so routes and
 * validators read it again with `c.req.json()` at no cost.
 *
 * Under Node the body is read straight from the Node request: going through `c.req.raw` made
 * @hono/node-server build a web Request with a web stream over the Node one for every POST, which cost
 * more than the JSON handling itself. That is also why this is not Hono's `bodyLimit`: it reads
 * `c.req.raw.body` (building that Request), and counts a chunked body only to hand it on unread, where
 * this middleware must read the whole body anyway to refuse one that is not JSON.
 *
 * Refusals are thrown as `HTTPException`s with the status (413, 415, 400); `errorResponse` gives the code.
 * @example app.use("/api/*", requestBody(256 * 1024))
 */
export function requestBody(maxBytes: number): MiddlewareHandler {
  const tooLong = () => new HTTPException(413, { message: `The request body is over the limit of ${maxBytes} bytes.` });
  return async (c, next) => {
    // A GET or HEAD has no body to read (and asking `c.req.raw` for one builds the whole web Request).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const declared = c.req.header("content-length");
    if (declared !== undefined && Number(declared) > maxBytes) throw tooLong();
    const incoming = (c.env as NodeBindings | undefined)?.incoming;
    const bytes = incoming === undefined ? await readWeb(c.req.raw.body, maxBytes) : await readNode(incoming, maxBytes);
    if (bytes === null) throw tooLong();
    const text = decoder.decode(bytes);
    // Hono keeps each body it read as a promise (its type says the value); c.req.json() reads "text" from here.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    if (text.trim() === "") return next();
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
    if (!jsonType.test(mediaType)) {
      throw new HTTPException(415, {
        message: `The request body must be JSON (Content-Type: application/json), not ${mediaType || "untyped"}.`,
      });
    }
    try {
      JSON.parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new HTTPException(400, { message: `The request body is not valid JSON: ${reason}` });
    }
    await next();
  };
}

/**
 * The whole body of a Node request, or null once it passes `maxBytes`. The rest is then left unread (not
 * destroyed, which would close the socket before the 413 is written); @hono/node-server drains or drops it
 * when the answer is done.
 */
function readNode(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array | null> {
  if (incoming.readableEnded) return Promise.reject(new Error("the request body was already read"));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (): void => void incoming.off("data", onData).off("end", onEnd).off("error", onError);
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      settle();
      incoming.pause();
      resolve(null);
    };
    const onEnd = (): void => {
      settle();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      settle();
      reject(error);
    };
    incoming.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** The whole body of a web request (Bun, `app.request()`), or null once it passes `maxBytes`. */
async function readWeb(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | null> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}
