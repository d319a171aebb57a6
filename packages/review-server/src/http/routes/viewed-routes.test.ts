// GET/POST /api/viewed on the real app, a real git repository and a real SQLite file.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { createReviewService } from "../../service/review-service.js";
import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { openStore } from "../../store/index.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";
import { systemClock } from "../../service/clock.js";

const PORT = 4322;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "viewed-test-token";

let f: ServiceFixture;
let dbDir: string;

function build(service: ServiceFixture["service"], fixture: ServiceFixture) {
  return createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(fixture.repo.dir, "no-panel"),
    routes: apiRoutes(service),
    health: () => ({ ok: true, version: "0.1.0", repo: fixture.repo.dir, branch: "main", tools: true }),
    events: fixture.bus,
    reportError: (error) => {
      throw error;
    },
  });
}

async function send(app: ReturnType<typeof build>, method: string, path: string, body?: unknown) {
  const response = await app.request(`${ORIGIN}${path}`, {
    method,
    headers: {
      host: HOST,
      authorization: `Bearer ${TOKEN}`,
      ...(method === "GET" ? {} : { origin: ORIGIN }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

beforeEach(async () => {
  dbDir = await mkdtemp(join(tmpdir(), "ocr-viewed-db-"));
  f = await makeServiceFixture({ "src/a.ts": "one\n", "src/b.ts": "two\n", "gone.txt": "bye\n" }, "tools", dbDir);
  await f.repo.write("src/a.ts", "one\nmore\n");
  await f.repo.write("src/b.ts", "two\nmore\n");
  await rm(join(f.repo.dir, "gone.txt"));
});

afterEach(async () => {
  await f.close();
  await rm(dbDir, { recursive: true, force: true });
});

describe("GET and POST /api/viewed", () => {
  it("marks a file viewed, keeps the mark in the database, and reads it back after a restart", async () => {
    const app = build(f.service, f);
    expect((await send(app, "GET", "/api/viewed")).json).toEqual({ files: [] });
    const marked = await send(app, "POST", "/api/viewed", { path: "src/a.ts", viewed: true });
    expect(marked.status).toBe(200);
    expect(marked.json.file).toEqual({ path: "src/a.ts", state: "viewed", viewedAt: expect.any(String) });
    // A file the change deletes can be marked too.
    expect((await send(app, "POST", "/api/viewed", { path: "gone.txt", viewed: true })).json.file.state).toBe("viewed");

    // Another server over the same SQLite file (a restart, or another opencode process) agrees.
    const store = await openStore({ path: join(dbDir, "review.sqlite") });
    try {
      const again = build(
        createReviewService({
          now: systemClock,
          dir: f.repo.dir,
          store,
          bus: createEventBus(),
          delivery: { mode: "tools", deliver: async () => null },
        }),
        f,
      );
      expect(
        (await send(again, "GET", "/api/viewed")).json.files.map((v: { path: string; state: string }) => [
          v.path,
          v.state,
        ]),
      ).toEqual([
        ["gone.txt", "viewed"],
        ["src/a.ts", "viewed"],
      ]);
    } finally {
      await store.close();
    }
  });

  it("reads a mark as changed once the file changes again, viewed again when it reads as it did, and clears it on request", async () => {
    const app = build(f.service, f);
    await send(app, "POST", "/api/viewed", { path: "src/a.ts", viewed: true });
    await send(app, "POST", "/api/viewed", { path: "src/b.ts", viewed: true });
    await f.repo.write("src/a.ts", "one\nmore\nand more\n");
    const states = async (query = "") =>
      Object.fromEntries(
        (await send(app, "GET", `/api/viewed${query}`)).json.files.map((v: { path: string; state: string }) => [
          v.path,
          v.state,
        ]),
      );
    expect(await states()).toEqual({ "src/a.ts": "changed", "src/b.ts": "viewed" });
    await f.repo.write("src/a.ts", "one\nmore\n");
    expect(await states()).toEqual({ "src/a.ts": "viewed", "src/b.ts": "viewed" });
    // Judged against the base, both read otherwise than when they were marked.
    expect(await states("?ref=base")).toEqual({ "src/a.ts": "changed", "src/b.ts": "changed" });

    expect((await send(app, "POST", "/api/viewed", { path: "src/b.ts", viewed: false })).json.file).toEqual({
      path: "src/b.ts",
      state: "unviewed",
    });
    expect(await states()).toEqual({ "src/a.ts": "viewed" });
  });

  it("marks a file with its content in a round", async () => {
    const app = build(f.service, f);
    const round = (await send(app, "POST", "/api/rounds")).json.round;
    await f.repo.write("src/a.ts", "changed after the round\n");
    await send(app, "POST", "/api/viewed", { path: "src/a.ts", viewed: true, ref: round.id });
    expect((await send(app, "GET", `/api/viewed?ref=${round.id}`)).json.files[0].state).toBe("viewed");
    expect((await send(app, "GET", "/api/viewed")).json.files[0].state).toBe("changed");
  });

  it("refuses a path outside the work tree, an unknown round and a missing flag, and stores nothing", async () => {
    const app = build(f.service, f);
    const outside = await send(app, "POST", "/api/viewed", { path: "../etc/passwd", viewed: true });
    expect(outside.status).toBe(400);
    expect(outside.json.error.message).toMatch(/work tree|outside|\.\./i);
    const round = await send(app, "POST", "/api/viewed", { path: "src/a.ts", viewed: true, ref: "round_nope" });
    expect(round.status).toBe(404);
    expect(round.json.error.message).toMatch(/GET \/api\/rounds/);
    const flag = await send(app, "POST", "/api/viewed", { path: "src/a.ts" });
    expect(flag.status).toBe(400);
    expect(flag.json.error.message).toMatch(/viewed must be true/);
    expect((await send(app, "GET", "/api/viewed")).json).toEqual({ files: [] });
  });
});
