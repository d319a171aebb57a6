import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { hc } from "hono/client";
import { threadSchema, type Thread } from "@opencode-review/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes, type AppType } from "./index.js";

const PORT = 4321;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "routes-test-token";

const BASE_A = ["export function add(a: number, b: number) {", "  return a + b;", "}", ""].join("\n");
const NOW_A = ["export function add(a: number, b: number) {", "  // sums two numbers", "  return a + b;", "}", ""].join(
  "\n",
);

let f: ServiceFixture;
let app: ReturnType<typeof build>;
let outside: string;

function build(fixture: ServiceFixture) {
  return createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(fixture.repo.dir, "no-panel"),
    routes: apiRoutes(fixture.service),
    health: () => ({ ok: true, version: "0.1.0", repo: fixture.repo.dir, branch: "main", tools: true }),
    events: fixture.bus,
    reportError: (error) => {
      throw error;
    },
  });
}

beforeEach(async () => {
  f = await makeServiceFixture({ "src/add.ts": BASE_A, "src/other.ts": "one\ntwo\nthree\n", "img.bin": "x" });
  await f.repo.write("src/add.ts", NOW_A);
  await f.repo.write("img.bin", new Uint8Array([0, 1, 2, 0, 255, 0, 3]));
  outside = await mkdtemp(join(tmpdir(), "ocr-outside-"));
  await writeFile(join(outside, "secret.txt"), "TOP SECRET\n");
  // A link to a file outside reads as git stores it (the link's target path); a link to a folder outside is a way out.
  await symlink(join(outside, "secret.txt"), join(f.repo.dir, "src", "leak.txt"));
  await symlink(outside, join(f.repo.dir, "src", "out"));
  app = build(f);
});

afterEach(async () => {
  await f.close();
  await rm(outside, { recursive: true, force: true });
});

interface Sent {
  readonly status: number;
  readonly json: any;
}

/** A request as the panel on its own page sends it, unless `headers` says otherwise. */
async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Sent> {
  const init: RequestInit = {
    method,
    headers: {
      host: HOST,
      authorization: `Bearer ${TOKEN}`,
      ...(method === "GET" ? {} : { origin: ORIGIN }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  };
  const response = await app.request(`${ORIGIN}${path}`, init);
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const get = (path: string, headers?: Record<string, string>) => send("GET", path, undefined, headers);
const post = (path: string, body?: unknown, headers?: Record<string, string>) => send("POST", path, body, headers);

function expectError(sent: Sent, status: number, code: string, message?: RegExp | string): void {
  expect(sent.status, JSON.stringify(sent.json)).toBe(status);
  expect(sent.json.error.code).toBe(code);
  if (message !== undefined) expect(sent.json.error.message).toMatch(message);
}

async function draft(body: Record<string, unknown> = {}): Promise<Thread> {
  const sent = await post("/api/threads", {
    file: "src/add.ts",
    start: 2,
    end: 2,
    body: "Why a comment here?",
    ...body,
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(201);
  return sent.json.thread as Thread;
}

describe("GET and POST /api/rounds", () => {
  it("takes a round on request, returns the latest when nothing changed, and lists them oldest first", async () => {
    expect((await get("/api/rounds")).json).toEqual({ rounds: [] });
    const first = await post("/api/rounds");
    expect(first.status).toBe(200);
    expect(first.json.round).toMatchObject({ ordinal: 1, base: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect((await post("/api/rounds")).json.round.id).toBe(first.json.round.id);
    await f.repo.write("src/other.ts", "one\n2\nthree\n");
    const second = await post("/api/rounds");
    expect(second.json.round.ordinal).toBe(2);
    const listed = await get("/api/rounds");
    expect(listed.json.rounds.map((r: { ordinal: number }) => r.ordinal)).toEqual([1, 2]);
    expect(Object.keys(listed.json.rounds[0]).sort()).toEqual(["base", "createdAt", "id", "ordinal", "snapshot"]);
  });
});

describe("GET /api/diff", () => {
  it("answers the base-to-work-tree diff by default, with the contract's hunk lines", async () => {
    const sent = await get("/api/diff");
    expect(sent.status).toBe(200);
    const add = sent.json.files.find((file: { path: string }) => file.path === "src/add.ts");
    expect(add).toMatchObject({ path: "src/add.ts", status: "modified", binary: false });
    expect(add.hunks[0].lines).toContainEqual({ kind: "add", old: null, new: 2, text: "  // sums two numbers" });
    expect(sent.json.files.find((file: { path: string }) => file.path === "img.bin")).toMatchObject({ binary: true });
  });

  it("gzips the diff for a client that accepts it", async () => {
    await f.repo.write("src/big.ts", Array.from({ length: 400 }, (_, i) => `export const line${i} = ${i};`).join("\n"));
    const plain = await get("/api/diff");
    const response = await app.request(`${ORIGIN}/api/diff`, {
      headers: { host: HOST, authorization: `Bearer ${TOKEN}`, "accept-encoding": "gzip" },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8"))).toEqual(plain.json);
  });

  it("diffs between rounds, and refuses an unknown round or an empty value", async () => {
    const round1 = (await post("/api/rounds")).json.round.id as string;
    await f.repo.write("src/other.ts", "one\n2\nthree\n");
    const round2 = (await post("/api/rounds")).json.round.id as string;
    const between = await get(`/api/diff?from=${round1}&to=${round2}`);
    expect(between.json.files.map((file: { path: string }) => file.path)).toEqual(["src/other.ts"]);
    const unchanged = await get(`/api/diff?from=${round2}&to=worktree`);
    expect(unchanged.json.files).toEqual([]);
    expectError(await get("/api/diff?from=r_nope"), 404, "not_found", /No round r_nope/);
    expectError(await get("/api/diff?to="), 400, "invalid_input", /to is empty/);
  });
});

describe("GET /api/file", () => {
  it("reads a file at the work tree, the base and a round", async () => {
    expect((await get("/api/file?path=src/add.ts")).json).toEqual({ path: "src/add.ts", text: NOW_A });
    expect((await get("/api/file?path=src/add.ts&ref=base")).json.text).toBe(BASE_A);
    const round = (await post("/api/rounds")).json.round.id as string;
    await f.repo.write("src/add.ts", "changed after the round\n");
    expect((await get(`/api/file?path=src/add.ts&ref=${round}`)).json.text).toBe(NOW_A);
    expect((await get("/api/file?path=src/add.ts&ref=worktree")).json.text).toBe("changed after the round\n");
  });

  it("refuses paths that leave the work tree, binary files, missing files and a missing path", async () => {
    expectError(await get("/api/file?path=../../etc/passwd"), 400, "outside_worktree");
    expectError(await get("/api/file?path=src/../../x"), 400, "outside_worktree");
    expectError(
      await get(`/api/file?path=${encodeURIComponent(join(outside, "secret.txt"))}`),
      400,
      "outside_worktree",
    );
    const through = await get("/api/file?path=src/out/secret.txt");
    expectError(through, 400, "outside_worktree");
    expect(JSON.stringify(through.json)).not.toContain("TOP SECRET");
    const link = await get("/api/file?path=src/leak.txt");
    expect(link.json).toEqual({ path: "src/leak.txt", text: join(outside, "secret.txt") });
    expectError(await get("/api/file?path=img.bin"), 400, "binary", /binary/);
    expectError(await get("/api/file?path=src/none.ts"), 404, "not_found");
    expectError(await get("/api/file"), 400, "invalid_input", /path is missing/);
    expectError(await get("/api/file?path=src/add.ts&ref=r_nope"), 404, "not_found");
  });
});

describe("POST /api/threads and GET /api/threads", () => {
  it("drafts a thread (201) that only the draft and all lists show", async () => {
    const thread = await draft({ suggestion: ["  // adds two numbers"] });
    expect(thread).toMatchObject({
      file: "src/add.ts",
      side: "new",
      start: 2,
      end: 2,
      status: "draft",
      origin: "human",
      quoted: ["+  // sums two numbers"],
      anchor: { state: "current", start: 2, end: 2 },
      messages: [
        { author: "human", body: "Why a comment here?", suggestion: ["  // adds two numbers"], delivery: "unsent" },
      ],
    });
    const whole = await post("/api/threads", { file: "src/other.ts", body: "Is this file needed?" });
    expect(whole.status).toBe(201);
    expect(whole.json.thread).toMatchObject({ start: null, end: null, anchor: { state: "current" } });

    const ids = (sent: Sent) => sent.json.threads.map((t: Thread) => t.id).sort();
    expect(ids(await get("/api/threads"))).toEqual([thread.id, whole.json.thread.id].sort());
    expect(ids(await get("/api/threads?status=draft"))).toEqual([thread.id, whole.json.thread.id].sort());
    expect(ids(await get("/api/threads?status=waiting"))).toEqual([]);
    expect(ids(await get("/api/threads?file=other.ts"))).toEqual([whole.json.thread.id]);
    expectError(
      await get("/api/threads?status=open"),
      400,
      "invalid_input",
      /status must be "waiting", "all" or "draft"/,
    );
  });

  it("locates anchors in a round's snapshot with at=, as a diff ending at that round shows them", async () => {
    // Round 1: the comment line added; the thread is on it.
    const thread = await draft();
    const round1 = thread.round.id;
    // Round 2: two lines added above it; then the work tree moves it down once more.
    await f.repo.write("src/add.ts", ["// one", "// two", ...NOW_A.split("\n")].join("\n"));
    const round2 = (await post("/api/rounds")).json.round.id as string;
    await f.repo.write("src/add.ts", ["// zero", "// one", "// two", ...NOW_A.split("\n")].join("\n"));
    const at = async (query: string) =>
      ((await get(`/api/threads?status=all${query}`)).json.threads as Thread[])[0]!.anchor;
    expect(await at("")).toMatchObject({ state: "moved", start: 5, end: 5 });
    expect(await at(`&at=${round2}`)).toMatchObject({ state: "moved", start: 4, end: 4 });
    expect(await at(`&at=${round1}`)).toMatchObject({ state: "current", start: 2, end: 2 });
    // The work-tree listing is unchanged by the question.
    expect(await at("")).toMatchObject({ state: "moved", start: 5, end: 5 });
    expectError(await get("/api/threads?at=r_nope"), 404, "not_found", /No round r_nope on main.*GET \/api\/rounds/);
    expectError(await get("/api/threads?at="), 400, "invalid_input", /at is empty/);
  });

  it("refuses missing fields and wrong types, naming the field", async () => {
    expectError(
      await post("/api/threads", { file: "src/add.ts", start: 2, end: 2 }),
      400,
      "invalid_input",
      /body: body is missing/,
    );
    expectError(
      await post("/api/threads", { start: 2, end: 2, body: "x" }),
      400,
      "invalid_input",
      /file: file is missing/,
    );
    expectError(
      await post("/api/threads", { file: "src/add.ts", start: "2", end: 2, body: "x" }),
      400,
      "invalid_input",
      /^start:/,
    );
    expectError(
      await post("/api/threads", { file: "src/add.ts", start: 2, body: "x" }),
      400,
      "invalid_input",
      /end is missing/,
    );
    expectError(
      await post("/api/threads", { file: "src/add.ts", side: "left", body: "x" }),
      400,
      "invalid_input",
      /side must be/,
    );
    expectError(await post("/api/threads", { file: 7, body: "x" }), 400, "invalid_input", /file must be a file path/);
    expectError(await post("/api/threads", [1, 2]), 400, "invalid_input");
    expectError(await post("/api/threads", "{not json"), 400, "invalid_input", /not valid JSON/);
    expect((await get("/api/threads")).json.threads).toEqual([]);
  });

  it("takes exactly 1000 characters and refuses 1001 with the length", async () => {
    expect((await post("/api/threads", { file: "src/add.ts", start: 1, end: 1, body: "x".repeat(1000) })).status).toBe(
      201,
    );
    expectError(
      await post("/api/threads", { file: "src/add.ts", start: 1, end: 1, body: "x".repeat(1001) }),
      400,
      "invalid_input",
      "body: body is 1001 characters; the limit is 1000. Shorten it or split it into two replies.",
    );
  });

  it("refuses places outside the work tree, ranges past the end, binary lines and unknown rounds", async () => {
    expectError(await post("/api/threads", { file: "../escape.ts", body: "x" }), 400, "outside_worktree");
    expectError(await post("/api/threads", { file: join(outside, "secret.txt"), body: "x" }), 400, "outside_worktree");
    expectError(
      await post("/api/threads", { file: "src/out/secret.txt", start: 1, end: 1, body: "x" }),
      400,
      "outside_worktree",
    );
    expectError(await post("/api/threads", { file: "src/add.ts", start: 4, end: 9, body: "x" }), 400, "out_of_range");
    expectError(await post("/api/threads", { file: "img.bin", start: 1, end: 1, body: "x" }), 400, "binary");
    expectError(
      await post("/api/threads", { file: "src/add.ts", start: 1, end: 1, roundId: "r_nope", body: "x" }),
      404,
      "not_found",
    );
    expect((await get("/api/threads")).json.threads).toEqual([]);
  });
});

describe("replies and drafts", () => {
  it("drafts a reply on a thread, edits it, and deletes it", async () => {
    const thread = await draft();
    const replied = await post(`/api/threads/${thread.id}/messages`, { body: "And the name?" });
    expect(replied.status).toBe(200);
    expect(replied.json.thread.messages.map((m: { body: string }) => m.body)).toEqual([
      "Why a comment here?",
      "And the name?",
    ]);
    const replyId = replied.json.thread.messages[1].id as string;

    const edited = await send("PATCH", `/api/messages/${replyId}`, { body: "And the function's name?" });
    expect(edited.status).toBe(200);
    expect(edited.json.thread.messages[1]).toMatchObject({ body: "And the function's name?", delivery: "unsent" });

    const removed = await send("DELETE", `/api/messages/${replyId}`);
    expect(removed.status).toBe(200);
    expect(removed.json.thread.messages).toHaveLength(1);
    const last = await send("DELETE", `/api/messages/${thread.messages[0]!.id}`);
    expect(last.json).toEqual({ thread: null });
    expect((await get("/api/threads")).json.threads).toEqual([]);
  });

  it("refuses bad reply and edit bodies, and unknown threads and messages", async () => {
    const thread = await draft();
    expectError(await post(`/api/threads/${thread.id}/messages`, {}), 400, "invalid_input", /body is missing/);
    expectError(
      await post(`/api/threads/${thread.id}/messages`, { body: "y".repeat(1001) }),
      400,
      "invalid_input",
      /1001 characters/,
    );
    expectError(
      await post(`/api/threads/${thread.id}/messages`, { body: "ok", suggestion: "not a list" }),
      400,
      "invalid_input",
      /^suggestion/,
    );
    expectError(await post("/api/threads/t_nope/messages", { body: "hello" }), 404, "not_found");
    expectError(
      await send("PATCH", `/api/messages/${thread.messages[0]!.id}`, {}),
      400,
      "invalid_input",
      /body is missing/,
    );
    expectError(await send("PATCH", `/api/messages/${thread.messages[0]!.id}`, { body: 5 }), 400, "invalid_input");
    expectError(await send("PATCH", "/api/messages/m_nope", { body: "x" }), 404, "not_found");
    expectError(await send("DELETE", "/api/messages/m_nope"), 404, "not_found");
  });

  it("answers 409 for editing or deleting a released message", async () => {
    const thread = await draft();
    expect((await post("/api/review/release", {})).status).toBe(200);
    const id = thread.messages[0]!.id;
    expectError(await send("PATCH", `/api/messages/${id}`, { body: "Rewritten history" }), 409, "conflict");
    expectError(await send("DELETE", `/api/messages/${id}`), 409, "conflict");
    expect((await get("/api/threads")).json.threads[0].messages[0].body).toBe("Why a comment here?");
  });
});

describe("GET /api/review and POST /api/review/release", () => {
  it("lists the pending drafts and releases them all at once", async () => {
    const thread = await draft();
    const pending = await get("/api/review");
    expect(pending.status).toBe(200);
    expect(pending.json.session).toBeNull();
    expect(pending.json.drafts.threads.map((t: Thread) => t.id)).toEqual([thread.id]);
    expect(pending.json.drafts.messages).toEqual([]);

    const released = await post("/api/review/release", { sessionId: "ses_1" });
    expect(released.status).toBe(200);
    expect(released.json).toEqual({
      review: {
        id: expect.any(String),
        releasedAt: expect.any(String),
        messages: 1,
        mode: "tools",
        deliveredTo: "ses_1",
        summary: null,
        verdict: null,
        delivery: { state: "delivered", to: "ses_1", attempts: 1, dismissed: false },
      },
    });
    expect(f.delivered).toHaveLength(1);
    expect(f.delivered[0]!.text).toContain("review_list");
    const after = await get("/api/threads?status=waiting");
    expect(after.json.threads[0]).toMatchObject({ id: thread.id, status: "open", awaiting: "agent" });
    expect((await get("/api/review")).json.drafts).toEqual({ threads: [], messages: [] });

    // A reply on the released thread is a draft message of the next review.
    const reply = await post(`/api/threads/${thread.id}/messages`, { body: "One more thing." });
    const next = await get("/api/review");
    expect(next.json.drafts.threads).toEqual([]);
    expect(next.json.drafts.messages).toEqual([
      expect.objectContaining({ threadId: thread.id, body: "One more thing.", delivery: "unsent" }),
    ]);
    expect(reply.json.thread.messages[1].delivery).toBe("unsent");
  });

  it("refuses a release with nothing in it (409) and a bad session id (400)", async () => {
    expectError(await post("/api/review/release", {}), 409, "conflict", /Nothing to release/);
    expectError(await post("/api/review/release", { sessionId: 42 }), 400, "invalid_input", /sessionId/);
  });

  it("sends the whole review as prose when the agent has no tools", async () => {
    const prose = await makeServiceFixture({ "a.txt": "one\n" }, "prose");
    try {
      await prose.repo.write("a.txt", "one\ntwo\n");
      const proseApp = build(prose);
      const call = (path: string, body: unknown) =>
        proseApp.request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { host: HOST, origin: ORIGIN, authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await call("/api/threads", { file: "a.txt", start: 2, end: 2, body: "Why two?" })).status).toBe(201);
      const released = (await (await call("/api/review/release", {})).json()) as {
        review: { mode: string };
        prose: string;
      };
      expect(released.review.mode).toBe("prose");
      expect(released.prose).toContain("Why two?");
      expect(released.prose).not.toContain("review_list");
    } finally {
      await prose.close();
    }
  });
});

describe("the agent's resolve claims on GET /api/threads", () => {
  it("carries on each agent message that claimed resolved whether the checked resolve accepted it, and why not", async () => {
    const thread = await draft();
    expect((await post("/api/review/release", {})).status).toBe(200);
    // Nothing changed under the thread: refused. Then the line is edited: accepted. A plain reply claims nothing.
    await f.service.agentReply({ id: thread.id, text: "Done.", resolved: true });
    await f.service.agentReply({ id: thread.id, text: "Said why." });
    await f.repo.write("src/add.ts", NOW_A.replace("  // sums two numbers", "  // adds two numbers"));
    await f.service.agentReply({ id: thread.id, text: "Now reworded.", resolved: true });
    const listed = await get("/api/threads?status=all");
    const shown = listed.json.threads.find((t: Thread) => t.id === thread.id);
    expect(threadSchema.safeParse(shown).success).toBe(true);
    expect(shown.messages.map((m: Thread["messages"][number]) => [m.body, m.claim ?? null])).toEqual([
      ["Why a comment here?", null],
      ["Done.", { resolved: true, accepted: false, reason: "the lines read as they did" }],
      ["Said why.", null],
      ["Now reworded.", { resolved: true, accepted: true }],
    ]);
    expect(shown.status).toBe("resolved");
  });
});

describe("resolve, reopen and seen", () => {
  it("resolves with a last word, reopens, and marks a thread seen", async () => {
    const thread = await draft();
    await post("/api/review/release", {});
    const resolved = await post(`/api/threads/${thread.id}/resolve`, { body: "Fine as it is." });
    expect(resolved.status).toBe(200);
    expect(resolved.json.thread).toMatchObject({ status: "resolved", resolvedBy: "human", awaiting: null });
    expect(resolved.json.thread.messages.at(-1)).toMatchObject({ body: "Fine as it is.", delivery: "sent" });
    const reopened = await post(`/api/threads/${thread.id}/reopen`);
    expect(reopened.json.thread).toMatchObject({ status: "open", awaiting: "agent", resolvedAt: null });

    await f.service.agentReply({ id: thread.id, text: "It documents the function." });
    expect((await get("/api/threads")).json.threads[0].unreadByHuman).toBe(true);
    const seen = await post(`/api/threads/${thread.id}/seen`);
    expect(seen.status).toBe(200);
    expect(seen.json.thread.unreadByHuman).toBe(false);
  });

  it("refuses unknown threads and over-long last words", async () => {
    const thread = await draft();
    await post("/api/review/release", {});
    expectError(await post("/api/threads/t_nope/resolve", {}), 404, "not_found");
    expectError(await post("/api/threads/t_nope/reopen", {}), 404, "not_found");
    expectError(await post("/api/threads/t_nope/seen"), 404, "not_found");
    expectError(
      await post(`/api/threads/${thread.id}/resolve`, { body: "z".repeat(1001) }),
      400,
      "invalid_input",
      /1001 characters/,
    );
    expectError(await post(`/api/threads/${thread.id}/resolve`, { body: "" }), 400, "invalid_input", /body is empty/);
    expect((await get("/api/threads")).json.threads[0].status).toBe("open");
  });
});

describe("the security checks in front of every route", () => {
  it("needs the token, the server's own Host, and a same-origin Origin for writes", async () => {
    const threads = await get("/api/threads", { authorization: "" });
    expectError(threads, 401, "unauthorized");
    expectError(await get("/api/threads", { authorization: "Bearer wrong" }), 401, "unauthorized");
    expectError(await get("/api/threads", { host: "evil.example:4321" }), 403, "forbidden");
    const crossOrigin = await post(
      "/api/threads",
      { file: "src/add.ts", body: "x" },
      { origin: "http://evil.example" },
    );
    expectError(crossOrigin, 403, "forbidden");
    expectError(await post("/api/review/release", {}, { origin: "http://127.0.0.1:9999" }), 403, "forbidden");
    expect((await get("/api/threads")).json.threads).toEqual([]);
  });
});

describe("AppType", () => {
  it("types Hono's client over every route", async () => {
    const client = hc<AppType>(ORIGIN, {
      fetch: (input: string | URL | Request, init?: RequestInit) =>
        app.request(input instanceof Request ? input : String(input), init),
      headers: { host: HOST, origin: ORIGIN, authorization: `Bearer ${TOKEN}` },
    });
    const created = await client.api.threads.$post({ json: { file: "src/add.ts", start: 2, end: 2, body: "Typed." } });
    expect(created.status).toBe(201);
    const { thread } = await created.json();
    const listed = await (await client.api.threads.$get({ query: { status: "draft" } })).json();
    expect(listed.threads.map((t) => t.id)).toEqual([thread.id]);
    const file = await (await client.api.file.$get({ query: { path: "src/add.ts" } })).json();
    expect(file.text).toBe(NOW_A);
    const health = await (await client.api.health.$get()).json();
    expect(health.ok).toBe(true);
  });
});

describe("GET /api/threads for many readers", () => {
  it("answers a client that accepts gzip with the same threads as plain JSON", async () => {
    await post("/api/threads", { file: "src/add.ts", start: 2, end: 2, body: "Say why." });
    const plain = await get("/api/threads?status=all");
    const response = await app.request(`${ORIGIN}/api/threads?status=all`, {
      headers: { host: HOST, authorization: `Bearer ${TOKEN}`, "accept-encoding": "gzip, deflate" },
    });
    expect(response.headers.get("content-encoding")).toBeNull();
    const listed = (await response.json()) as { threads: unknown[] };
    expect(listed).toEqual(plain.json);
    expect(listed.threads).toHaveLength(1);
  });
});

describe("paths too long for any file system", () => {
  it("answers 400 naming the problem for a segment over 255 bytes or a 4,000-character path, on reads and writes", async () => {
    const segment = `src/${"a".repeat(300)}.ts`;
    const long = `${"abcdefghi/".repeat(450)}x.ts`;
    for (const path of [segment, long]) {
      const read = await get(`/api/file?path=${encodeURIComponent(path)}`);
      expect(read.status, "GET /api/file").toBe(400);
      expect(read.json.error.message).toMatch(/too long/);
      const write = await post("/api/threads", { file: path, body: "here" });
      expect(write.status, "POST /api/threads").toBe(400);
      expect(write.json.error.message).toMatch(/too long/);
    }
    expect((await get("/api/threads?status=draft")).json.threads).toEqual([]);
  });
});

describe("ids from outside", () => {
  it("refuses a path id, a round id, a session id or a ref that has no id's shape with a 400 saying so, before any lookup", async () => {
    const long = "t".repeat(10_000);
    for (const path of [
      `/api/threads/${long}/seen`,
      `/api/threads/${encodeURIComponent("t_1'--")}/resolve`,
      `/api/reviews/${long}/retry`,
    ]) {
      expectError(
        await post(path, {}),
        400,
        "invalid_input",
        /^The id in the path (is 10000 characters; an id is at most 100|may hold only letters, digits)/,
      );
    }
    const sent = await send("DELETE", `/api/messages/${long}`);
    expectError(sent, 400, "invalid_input", /The id in the path is 10000 characters/);
    expectError(
      await post("/api/threads", { file: "src/add.ts", start: 2, end: 2, body: "x", roundId: long }),
      400,
      "invalid_input",
      /roundId is 10000 characters; an id is at most 100/,
    );
    expectError(
      await post("/api/review/release", { sessionId: long }),
      400,
      "invalid_input",
      /sessionId is 10000 characters/,
    );
    expectError(await get(`/api/threads?at=${long}`), 400, "invalid_input", /at is 10000 characters/);
    expectError(await get(`/api/diff?to=${long}`), 400, "invalid_input", /to is 10000 characters/);
    expectError(
      await get(`/api/file?path=src/add.ts&ref=${"r".repeat(500)}`),
      400,
      "invalid_input",
      /ref is 500 characters/,
    );
    // Nothing was drafted by the refused request.
    expect((await get("/api/threads?status=draft")).json.threads).toEqual([]);
    // Well-formed ids still reach the lookup: unknown ones are 404, "branch:<name>" is still a diff's from.
    expectError(await post("/api/threads/t_0000000000000000/seen", {}), 404, "not_found");
    expect((await get("/api/diff?from=base&to=worktree")).status).toBe(200);
  });
});
