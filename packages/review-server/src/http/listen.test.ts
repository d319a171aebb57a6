import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ReviewError } from "@opencode-review/core";
import { Hono } from "hono";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createEventBus, type EventBus } from "../events/event-bus.js";
import type { RoundInfo } from "../events/review-event.js";
import { createApp } from "./create-app.js";
import { listen, type ListeningServer } from "./listen.js";
import { loopbackHosts } from "./loopback.js";
import { panelLink } from "./panel-link.js";

const here = dirname(fileURLToPath(import.meta.url));
const TOKEN = "listen-token-81d0";
const root = mkdtempSync(join(tmpdir(), "ocr-listen-"));
const panelDir = join(root, "panel");
mkdirSync(join(panelDir, "assets"), { recursive: true });
writeFileSync(join(panelDir, "index.html"), "<!doctype html><title>panel</title>");
writeFileSync(join(root, "secret.txt"), "TOP-SECRET-CONTENT");

const servers: ListeningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const round: RoundInfo = {
  id: "r1",
  ordinal: 1,
  base: "a".repeat(40),
  snapshot: "b".repeat(40),
  createdAt: "2025-01-01T00:00:00.000Z",
};

/** The composition-root dance: build with a hosts list filled in once the port is bound. */
async function start(
  options: { host?: string; heartbeatMs?: number } = {},
): Promise<{ server: ListeningServer; bus: EventBus }> {
  let hosts: readonly string[] = [];
  const bus = createEventBus();
  const routes = new Hono()
    .post("/echo", async (c) => c.json({ got: (await c.req.json()) as unknown }))
    .delete("/things/:id", (c) => c.json({ deleted: c.req.param("id") }));
  const app = createApp({
    token: TOKEN,
    allowedHosts: () => hosts,
    panelDir,
    routes,
    health: () => ({ ok: true, version: "0.1.0", repo: "/repo", branch: "main", tools: false }),
    events: bus,
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
  });
  const server = await listen(app, { host: options.host ?? "127.0.0.1", port: 0 });
  hosts = loopbackHosts(options.host ?? "127.0.0.1", server.port);
  servers.push(server);
  return { server, bus };
}

/**
 * A request over a raw socket (the path and headers exactly as given, the body written in these chunks:
 * chunked, no Content-Length), answered with its status and text.
 */
function rawRequest(
  port: number,
  options: { path: string; method?: string; headers: Record<string, string> },
  chunks: readonly string[] = [],
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, ...options }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** Reads an SSE body until `marker` appears, returning everything read so far. */
async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  seen: { text: string },
  marker: string,
): Promise<string> {
  const decoder = new TextDecoder();
  while (!seen.text.includes(marker)) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`stream ended before ${JSON.stringify(marker)}; got ${JSON.stringify(seen.text)}`);
    seen.text += decoder.decode(value, { stream: true });
  }
  return seen.text;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("listen: which hosts", () => {
  it.each(["0.0.0.0", "192.168.1.10", "example.com", "::", "10.0.0.1", "127.0.0.1.evil.example"])(
    "refuses %s before binding",
    async (host) => {
      const app = new Hono();
      const attempt = listen(app, { host, port: 0 });
      await expect(attempt).rejects.toBeInstanceOf(ReviewError);
      await expect(attempt).rejects.toMatchObject({
        code: "invalid_input",
        message: `host ${host} is not a loopback address; the review server only listens on 127.0.0.1 or ::1`,
      });
    },
  );

  it("refuses a port that is not a port", async () => {
    await expect(listen(new Hono(), { port: 70000 })).rejects.toMatchObject({ code: "invalid_input" });
  });

  it("serves the API over real loopback with port 0, and the panel link serves the page without a cookie", async () => {
    const { server } = await start();
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);

    const health = await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, branch: "main" });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(401);

    expect(panelLink(server.url, TOKEN)).toBe(`${server.url}/#token=${TOKEN}`);
    const link = await fetch(`${server.url}/?token=${TOKEN}`, { redirect: "manual" });
    expect(link.status).toBe(200);
    expect(link.headers.get("set-cookie")).toBeNull();
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("never redirects a raw //host path elsewhere (no open redirect), with a valid token or without", async () => {
    const { server } = await start();
    for (const path of [
      `//evil.example:8080/x?token=${TOKEN}`,
      `//evil.example:8080/x`,
      `///evil.example/?token=${TOKEN}`,
    ]) {
      const { status, headers } = await rawRequest(server.port, {
        path,
        headers: { host: `127.0.0.1:${server.port}` },
      });
      expect(status >= 300 && status < 400, `${path}: ${status}`).toBe(false);
      expect(headers.location, path).toBeUndefined();
    }
  });

  it("answers 400 naming the problem for a segment over 255 bytes and a 4,000-character path", async () => {
    const { server } = await start();
    for (const path of [`/${"a".repeat(300)}`, `/assets/${"b".repeat(256)}.js`, `/${"abcdefgh/".repeat(460)}`]) {
      const { status, body } = await rawRequest(server.port, { path, headers: { host: `127.0.0.1:${server.port}` } });
      expect(status, path.slice(0, 30)).toBe(400);
      expect(body).toMatch(/too long/);
    }
  });

  it("also listens when asked for localhost", async () => {
    const { server } = await start({ host: "localhost" });
    expect(server.url).toBe(`http://localhost:${server.port}`);
    const res = await fetch(`http://127.0.0.1:${server.port}/api/health`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
  });

  it("listens on ::1 and names it in brackets", async () => {
    const { server } = await start({ host: "::1" });
    expect(server.url).toBe(`http://[::1]:${server.port}`);
    const res = await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
  });

  it("refuses a real request that names a foreign Host, and a real oversized body by its Content-Length", async () => {
    const { server } = await start();
    const { status } = await rawRequest(server.port, {
      path: "/api/health",
      headers: { host: `evil.example:${server.port}`, authorization: `Bearer ${TOKEN}` },
    });
    expect(status).toBe(403);

    const big = await fetch(`${server.url}/api/echo`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ body: "x".repeat(400 * 1024) }),
    });
    expect(big.status).toBe(413);
  });

  it("routes a real DELETE that carries no body (the panel deletes drafts so)", async () => {
    const { server } = await start();
    const res = await fetch(`${server.url}/api/things/m_1`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${TOKEN}`, origin: server.url },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: "m_1" });
  });

  it("reads real bodies from the socket: JSON in pieces, an oversized one sent without a length, bad JSON", async () => {
    const { server } = await start();
    /** A POST written in chunks (Transfer-Encoding: chunked, no Content-Length). */
    const post = (chunks: readonly string[], type = "application/json") =>
      rawRequest(
        server.port,
        { path: "/api/echo", method: "POST", headers: { authorization: `Bearer ${TOKEN}`, "content-type": type } },
        chunks,
      );
    const piecewise = await post(['{"body":"h', "é", 'llo ✓"', "}"]);
    expect({ status: piecewise.status, body: piecewise.body }).toEqual({
      status: 200,
      body: JSON.stringify({ got: { body: "héllo ✓" } }),
    });

    const flood = await post(Array.from({ length: 40 }, () => "x".repeat(8 * 1024)));
    expect(flood.status).toBe(413);
    expect(JSON.parse(flood.body)).toEqual({
      error: { code: "too_long", message: "The request body is over the limit of 262144 bytes." },
    });

    const broken = await post(['{"body": ', "nope}"]);
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).error.message).toMatch(/not valid JSON/);
    const form = await post(["a=1"], "application/x-www-form-urlencoded");
    expect(form.status).toBe(415);
  });

  it("does not serve a file outside the panel for a raw ../ path", async () => {
    const { server } = await start();
    for (const path of ["/assets/../../secret.txt", "/assets/..%2f..%2fsecret.txt", "/../secret.txt"]) {
      const { status, body } = await rawRequest(server.port, { path, headers: {} });
      expect(status, path).not.toBe(200);
      expect(body, path).not.toContain("TOP-SECRET");
    }
  });
});

describe("GET /api/events", () => {
  it("streams a published event to an SSE client over loopback, and lets go of it on disconnect", async () => {
    const { server, bus } = await start();
    const abort = new AbortController();
    const res = await fetch(`${server.url}/api/events`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const seen = { text: "" };
    await readUntil(reader, seen, ": connected");
    expect(bus.listenerCount()).toBe(1);

    bus.publish({ type: "round", round });
    // Read until the whole event block is in: the event name, the round as JSON data, the blank line.
    await readUntil(reader, seen, `event: round\ndata: ${JSON.stringify(round)}\n\n`);

    abort.abort();
    await until(() => bus.listenerCount() === 0);
    expect(bus.listenerCount()).toBe(0);
  });

  it("sends heartbeat comments while nothing happens", async () => {
    const { server } = await start({ heartbeatMs: 20 });
    const abort = new AbortController();
    const res = await fetch(`${server.url}/api/events`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: abort.signal,
    });
    const seen = { text: "" };
    await readUntil(res.body!.getReader(), seen, ": heartbeat\n\n");
    abort.abort();
  });

  it("needs the token like every /api route", async () => {
    const { server } = await start();
    expect((await fetch(`${server.url}/api/events`)).status).toBe(401);
  });

  it("closes with a stream still open", async () => {
    const { server, bus } = await start();
    const res = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${TOKEN}` } });
    await readUntil(res.body!.getReader(), { text: "" }, ": connected");
    await servers.pop()!.close();
    await until(() => bus.listenerCount() === 0);
    expect((await fetch(`${server.url}/api/health`).catch(() => null))?.status).toBeUndefined();
  });
});

describe("under Bun", () => {
  it("listens with Bun.serve and answers over loopback", () => {
    const bun = join(here, "..", "..", "node_modules", ".bin", "bun");
    const script = join(root, "bun-listen.ts");
    writeFileSync(
      script,
      `
import { Hono } from "hono";
import { createEventBus } from ${JSON.stringify(join(here, "..", "events", "event-bus.ts"))};
import { createApp } from ${JSON.stringify(join(here, "create-app.ts"))};
import { listen } from ${JSON.stringify(join(here, "listen.ts"))};
import { loopbackHosts } from ${JSON.stringify(join(here, "loopback.ts"))};
let hosts: readonly string[] = [];
const bus = createEventBus();
const app = createApp({ token: "bun-token", allowedHosts: () => hosts, panelDir: ${JSON.stringify(panelDir)},
  health: () => ({ ok: true, version: "bun", repo: "/r", branch: "main", tools: true }), events: bus });
const server = await listen(app, { host: "127.0.0.1", port: 0 });
hosts = loopbackHosts("127.0.0.1", server.port);
const health = await fetch(server.url + "/api/health", { headers: { authorization: "Bearer bun-token" } });
const denied = await fetch(server.url + "/api/health");
const events = await fetch(server.url + "/api/events", { headers: { authorization: "Bearer bun-token" } });
const reader = events.body!.getReader();
let text = "";
while (!text.includes(": connected")) text += new TextDecoder().decode((await reader.read()).value);
bus.publish({ type: "round", round: { id: "r9", ordinal: 9, base: "b", snapshot: "s", createdAt: "t" } });
while (!text.includes("event: round")) text += new TextDecoder().decode((await reader.read()).value);
await reader.cancel();
let refused = "";
try { await listen(app, { host: "0.0.0.0" }); } catch (error) { refused = (error as { code: string }).code; }
console.log(JSON.stringify({ runtime: typeof Bun, health: health.status, version: (await health.json()).version, denied: denied.status, event: text.includes('"ordinal":9'), refused, url: server.url.startsWith("http://127.0.0.1:") }));
await server.close();
`,
    );
    // Bun resolves bare imports from the importing file, so the script's own "hono" comes from this package.
    const result = spawnSync(bun, [script], { cwd: join(here, "..", ".."), encoding: "utf8", timeout: 20_000 });
    expect(result.stderr).toBe("");
    const line = result.stdout.trim().split("\n").at(-1) ?? "";
    expect(JSON.parse(line)).toEqual({
      runtime: "object",
      health: 200,
      version: "bun",
      denied: 401,
      event: true,
      refused: "invalid_input",
      url: true,
    });
  });
});
