import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { hc } from "hono/client";
import { ReviewError, type ReviewErrorCode } from "@opencode-review/core";
import { z } from "zod";
import { afterAll, describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { createApp, type AppFor } from "./create-app.js";
import { loopbackHosts } from "./loopback.js";

const PORT = 4321;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "t0ken-3f9c2a";
const COOKIE = `opencode-review-${PORT}=${TOKEN}`;

// Built at load time: the app below is made once for the whole file, from this folder.
const root = mkdtempSync(join(tmpdir(), "ocr-http-"));
const panelDir = join(root, "panel");
mkdirSync(join(panelDir, "assets"), { recursive: true });
writeFileSync(
  join(panelDir, "index.html"),
  "<!doctype html><title>panel</title><script src=./assets/index-abc123.js></script>",
);
writeFileSync(join(panelDir, "assets", "index-abc123.js"), "console.log('panel')");
writeFileSync(join(panelDir, "assets", "index-abc123.css"), "body{}");
writeFileSync(join(root, "secret.txt"), "TOP-SECRET-CONTENT");
symlinkSync(join(root, "secret.txt"), join(panelDir, "assets", "link.txt"));

afterAll(() => rmSync(root, { recursive: true, force: true }));

const routes = new Hono()
  .post("/echo", async (c) => c.json({ got: (await c.req.json()) as unknown }))
  .get("/fail/:code", (c) => {
    throw new ReviewError(c.req.param("code") as ReviewErrorCode, `failed with ${c.req.param("code")}`);
  })
  .get("/crash", () => {
    throw new Error("database at /home/someone/private/path exploded");
  })
  .get("/zod", () => {
    z.object({ body: z.string() }).parse({ body: 7 });
    return new Response("unreachable");
  });

function build(options: { panelDir?: string; reported?: unknown[] } = {}) {
  return createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: options.panelDir ?? panelDir,
    routes,
    health: () => ({ ok: true, version: "0.1.0", repo: "/repo", branch: "main", tools: true }),
    events: createEventBus(),
    reportError: (error) => options.reported?.push(error),
  });
}

const app = build();

/** A request as a browser on the panel's own page would send it, unless headers say otherwise. */
function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return app.request(path, { ...init, headers: { host: HOST, ...init.headers } });
}
const bearer = { authorization: `Bearer ${TOKEN}` };

describe("Host check (DNS rebinding)", () => {
  it("refuses a foreign Host with 403 JSON, on the API and on the panel", async () => {
    for (const path of ["/api/health", "/", "/assets/index-abc123.js"]) {
      const res = await send(path, { headers: { ...bearer, host: `evil.example:${PORT}`, cookie: COOKIE } });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    }
  });

  it("refuses the right host name on another port", async () => {
    const res = await send("/api/health", { headers: { ...bearer, host: "127.0.0.1:9999" } });
    expect(res.status).toBe(403);
  });

  it("accepts every loopback name of the server", async () => {
    for (const host of [`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`, `LOCALHOST:${PORT}`]) {
      const res = await send("/api/health", { headers: { ...bearer, host } });
      expect(res.status).toBe(200);
    }
  });

  it("refuses everything while the list is still empty (port not bound yet)", async () => {
    let hosts: readonly string[] = [];
    const early = createApp({
      token: TOKEN,
      allowedHosts: () => hosts,
      panelDir,
      health: () => ({ ok: true, version: "", repo: "", branch: "", tools: false }),
      events: createEventBus(),
    });
    const before = await early.request("/api/health", { headers: { host: HOST, ...bearer } });
    expect(before.status).toBe(403);
    hosts = loopbackHosts("127.0.0.1", PORT);
    const after = await early.request("/api/health", { headers: { host: HOST, ...bearer } });
    expect(after.status).toBe(200);
  });
});

describe("token", () => {
  it("answers 401 JSON without a token", async () => {
    const res = await send("/api/health");
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("unauthorized");
    expect(body.error.message).toContain("opencode-review url");
  });

  it("answers 401 for a wrong bearer token, and takes no cookie at all, not even one with the right token", async () => {
    expect((await send("/api/health", { headers: { authorization: "Bearer nope" } })).status).toBe(401);
    // Browsers send 127.0.0.1's cookies to every port, so a cookie proves nothing about who sent it.
    expect((await send("/api/health", { headers: { cookie: COOKIE } })).status).toBe(401);
    expect(
      (await send("/api/health", { headers: { cookie: `opencode-review=${TOKEN}; token=${TOKEN}` } })).status,
    ).toBe(401);
  });

  it("answers with the bearer token", async () => {
    const res = await send("/api/health", { headers: bearer });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, version: "0.1.0", repo: "/repo", branch: "main", tools: true });
  });

  it("serves the page for /?token= without a cookie or a redirect, kept out of the cache", async () => {
    const res = await send(`/?token=${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await res.text()).toContain("<title>panel</title>");
  });

  it("serves the public page without a token (the page asks for the link itself), and says a wrong link is out of date", async () => {
    const bare = await send("/");
    expect(bare.status).toBe(200);
    expect(bare.headers.get("set-cookie")).toBeNull();
    expect(await bare.text()).toContain("<title>panel</title>");

    const wrong = await send("/?token=stale");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await wrong.text()).toContain("out of date");
  });

  it("never redirects off this server, whatever the path (no open redirect)", async () => {
    for (const path of [
      `//evil.example:8080/x?token=${TOKEN}`,
      `/\\evil.example/x?token=${TOKEN}`,
      `//evil.example/?token=${TOKEN}`,
      "//evil.example/x",
    ]) {
      const res = await send(path);
      expect(res.status >= 300 && res.status < 400, `${path}: ${res.status}`).toBe(false);
      expect(res.headers.get("location"), path).toBeNull();
    }
  });
});

describe("path length", () => {
  it("answers a segment over 255 bytes or a 4,000-character path with 400 naming the problem, not 500", async () => {
    const longSegment = `/${"a".repeat(300)}.js`;
    const longPath = `/assets/${"abcdefghi/".repeat(450)}x.js`;
    for (const path of [longSegment, `/assets${longSegment}`, longPath]) {
      const res = await send(path);
      expect(res.status, path.slice(0, 40)).toBe(400);
      expect(await res.text()).toMatch(/too long/);
    }
  });
});

describe("Origin check", () => {
  const json = { "content-type": "application/json" };

  it("accepts a same-origin POST", async () => {
    const res = await send("/api/echo", {
      method: "POST",
      headers: { ...bearer, ...json, origin: ORIGIN, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ got: { a: 1 } });
  });

  it("accepts a POST from a program that sends no Origin", async () => {
    const res = await send("/api/echo", { method: "POST", headers: { ...bearer, ...json }, body: "[1]" });
    expect(res.status).toBe(200);
  });

  it("refuses a cross-origin POST even with the token", async () => {
    for (const origin of ["http://evil.example", "http://127.0.0.1:9999", "null", `https://${HOST}`]) {
      const res = await send("/api/echo", { method: "POST", headers: { ...bearer, ...json, origin }, body: "{}" });
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    }
  });

  it("refuses state changes marked Sec-Fetch-Site cross-site or same-site, but not reads", async () => {
    for (const site of ["cross-site", "same-site"]) {
      for (const method of ["POST", "PATCH", "PUT", "DELETE"]) {
        const res = await send("/api/echo", { method, headers: { ...bearer, "sec-fetch-site": site } });
        expect(res.status, `${method} ${site}`).toBe(403);
      }
    }
    const read = await send("/api/health", { headers: { ...bearer, "sec-fetch-site": "cross-site" } });
    expect(read.status).toBe(200);
  });
});

describe("request bodies", () => {
  it("answers 413 JSON for a body over 256 KB", async () => {
    const body = JSON.stringify({ body: "x".repeat(300 * 1024) });
    const res = await send("/api/echo", {
      method: "POST",
      headers: { ...bearer, "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("too_long");
  });

  it("accepts a body just under the limit", async () => {
    const body = JSON.stringify({ body: "x".repeat(200 * 1024) });
    const res = await send("/api/echo", {
      method: "POST",
      headers: { ...bearer, "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(200);
  });

  it("answers 400 JSON for malformed JSON", async () => {
    const res = await send("/api/echo", {
      method: "POST",
      headers: { ...bearer, "content-type": "application/json" },
      body: "{ body: ",
    });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("invalid_input");
    expect(error.message).toMatch(/not valid JSON/);
  });

  it("answers 415 for a body that is not JSON, such as a form post", async () => {
    const res = await send("/api/echo", {
      method: "POST",
      headers: { ...bearer, "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(res.status).toBe(415);
  });
});

describe("errors", () => {
  const expected: Readonly<Record<ReviewErrorCode, number>> = {
    invalid_input: 400,
    too_long: 400,
    out_of_range: 400,
    binary: 400,
    outside_worktree: 400,
    not_found: 404,
    ambiguous: 409,
    conflict: 409,
    stale: 409,
    unauthorized: 401,
    forbidden: 403,
    not_git: 500,
    store: 500,
    disk_full: 507,
    no_token: 424,
    forge_auth: 424,
    no_pull_request: 404,
    rate_limited: 429,
    forge_unreachable: 502,
    internal: 500,
  };

  it("maps every ReviewError code to its status and { error: { code, message } }", async () => {
    for (const [code, status] of Object.entries(expected)) {
      const res = await send(`/api/fail/${code}`, { headers: bearer });
      expect(res.status, code).toBe(status);
      expect(await res.json()).toEqual({ error: { code, message: `failed with ${code}` } });
    }
  });

  it("answers an unknown error with a bare 500 that leaks nothing, and reports it", async () => {
    const reported: unknown[] = [];
    const local = build({ reported });
    const res = await local.request("/api/crash", { headers: { host: HOST, ...bearer } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("/home/someone");
    expect(text).not.toContain("exploded");
    expect(JSON.parse(text)).toMatchObject({ error: { code: "internal" } });
    expect(reported).toHaveLength(1);
  });

  it("answers a zod validation failure with 400 invalid_input", async () => {
    const res = await send("/api/zod", { headers: bearer });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe("invalid_input");
    expect(error.message).toContain("body");
  });

  it("answers unknown /api routes with 404 JSON, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await send("/api/nothing/here", { method, headers: bearer });
      expect(res.status, method).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });
});

describe("panel", () => {
  it("serves hashed assets as immutable, with the CSP and security headers", async () => {
    const res = await send("/assets/index-abc123.js");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("console.log('panel')");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const css = await send("/assets/index-abc123.css");
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("serves index.html with no-cache and the CSP", async () => {
    for (const path of ["/", "/index.html", "/threads/t1"]) {
      const res = await send(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(await res.text()).toContain("<title>panel</title>");
    }
  });

  it("answers 404 for a missing asset", async () => {
    const res = await send("/assets/index-gone.js");
    expect(res.status).toBe(404);
  });

  it("refuses every way out of the panel folder", async () => {
    const attempts = [
      "/assets/../../secret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/assets/%252e%252e/%252e%252e/secret.txt",
      "/%2e%2e/secret.txt",
      "/assets/..%5c..%5csecret.txt",
      "/assets/link.txt",
    ];
    for (const path of attempts) {
      const res = await send(path, { headers: { cookie: COOKIE } });
      expect(res.status, path).not.toBe(200);
      expect(await res.text(), path).not.toContain("TOP-SECRET");
    }
  });

  it("says to run pnpm build when the panel is not built", async () => {
    const local = build({ panelDir: join(root, "not-built") });
    const res = await local.request("/", { headers: { host: HOST, cookie: COOKIE } });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("<code>pnpm build</code>");
  });
});

describe("typed client", () => {
  it("reaches the shell's and the plugged-in routes through hc<typeof app>", async () => {
    const client = hc<typeof app>(ORIGIN, {
      fetch: (input: string | URL | Request, init?: RequestInit) => app.request(input, init),
      headers: { host: HOST, ...bearer },
    });
    // The type the panel will name: the app for these routes, which is exactly what createApp returned.
    const typed: AppFor<typeof routes> = app;
    expect(typed).toBe(app);
    const health = await client.api.health.$get();
    expect((await health.json()).branch).toBe("main");
    const echo = await client.api.echo.$post();
    expect(echo.status).toBe(400);
  });
});

describe("security headers", () => {
  it("are on every API answer: success, refusal and error alike, with no-store", async () => {
    const answers = {
      ok: await send("/api/health", { headers: bearer }),
      "no token": await send("/api/health"),
      "foreign host": await send("/api/health", { headers: { ...bearer, host: `evil.example:${PORT}` } }),
      "unknown route": await send("/api/nothing", { headers: bearer }),
      "route error": await send("/api/fail/conflict", { headers: bearer }),
      crash: await send("/api/crash", { headers: bearer }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.status]))).toEqual({
      ok: 200,
      "no token": 401,
      "foreign host": 403,
      "unknown route": 404,
      "route error": 409,
      crash: 500,
    });
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), name).toBe("no-referrer");
      expect(res.headers.get("cross-origin-resource-policy"), name).toBe("same-origin");
      expect(res.headers.get("cache-control"), name).toBe("no-store");
      expect(res.headers.get("content-security-policy"), name).toBeNull();
    }
  });
});

describe("refusals by the middleware", () => {
  it("each answer exactly { error: { code, message } } with its status, and none is logged as a fault", async () => {
    const reported: unknown[] = [];
    const strict = build({ reported });
    const post = (headers: Record<string, string>, body: string) =>
      strict.request("/api/echo", { method: "POST", headers: { host: HOST, ...bearer, ...headers }, body });
    const answers = {
      "no token": await strict.request("/api/health", { headers: { host: HOST } }),
      "foreign host": await strict.request("/api/health", { headers: { ...bearer, host: `evil.example:${PORT}` } }),
      "foreign origin": await post({ origin: "http://evil.example", "content-type": "application/json" }, "{}"),
      "too long": await post({ "content-type": "application/json" }, JSON.stringify({ body: "x".repeat(300 * 1024) })),
      "not JSON": await post({ "content-type": "text/plain" }, "hello"),
      "bad JSON": await post({ "content-type": "application/json" }, "{ body: "),
      "unknown route": await strict.request("/api/nothing", { headers: { host: HOST, ...bearer } }),
    };
    const seen: Record<string, { status: number; code: unknown; keys: string[]; message: unknown }> = {};
    for (const [name, res] of Object.entries(answers)) {
      const body = (await res.json()) as { error: Record<string, unknown> };
      expect(Object.keys(body), name).toEqual(["error"]);
      seen[name] = {
        status: res.status,
        code: body.error.code,
        keys: Object.keys(body.error),
        message: typeof body.error.message,
      };
    }
    const refusal = (status: number, code: string) => ({ status, code, keys: ["code", "message"], message: "string" });
    expect(seen).toEqual({
      "no token": refusal(401, "unauthorized"),
      "foreign host": refusal(403, "forbidden"),
      "foreign origin": refusal(403, "forbidden"),
      "too long": refusal(413, "too_long"),
      "not JSON": refusal(415, "invalid_input"),
      "bad JSON": refusal(400, "invalid_input"),
      "unknown route": refusal(404, "not_found"),
    });
    expect(reported).toEqual([]);
  });
});
