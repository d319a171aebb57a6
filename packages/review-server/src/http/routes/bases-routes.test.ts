// GET/POST /api/bases and GET /api/diff?from=branch:<name> on the real app and a real SQLite file, over a repository main ← feature ← work.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createReviewService } from "../../service/review-service.js";
import { makeServiceFixture, type ServiceFixture } from "../../service/testing/service-fixture.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";
import { systemClock } from "../../service/clock.js";

const PORT = 4324;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "bases-test-token";

let f: ServiceFixture;
let app: ReturnType<typeof createApp>;

function build(service: ServiceFixture["service"]) {
  return createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(f.repo.dir, "no-panel"),
    routes: apiRoutes(service),
    health: () => ({ ok: true, version: "0.1.0", repo: f.repo.dir, branch: "work", tools: true }),
    events: f.bus,
    reportError: (error) => {
      throw error;
    },
  });
}
let mainCommit: string;
let featureCommit: string;

beforeEach(async () => {
  f = await makeServiceFixture({ "README.md": "# app\n" });
  mainCommit = (await f.repo.git("rev-parse", "HEAD")).trim();
  await f.repo.git("checkout", "-q", "-b", "feature");
  await f.repo.write("feature.ts", "export const feature = 1;\n");
  featureCommit = await f.repo.commitAll("feature");
  await f.repo.git("checkout", "-q", "-b", "work");
  await f.repo.write("work.ts", "export const work = 1;\n");
  await f.repo.commitAll("work");
  // A branch that grew from main on its own, and a child of work: neither is work's nearest parent.
  await f.repo.git("branch", "child");
  await f.repo.write("now.ts", "export const now = 1;\n");
  app = build(f.service);
});
afterEach(() => f.close());

const get = async (path: string, on = app) => {
  const response = await on.request(`${ORIGIN}${path}`, { headers: { host: HOST, authorization: `Bearer ${TOKEN}` } });
  return { status: response.status, json: (await response.json()) as any };
};
const post = async (path: string, body: unknown) => {
  const response = await app.request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { host: HOST, authorization: `Bearer ${TOKEN}`, origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as any };
};
const paths = async (from: string) =>
  ((await get(`/api/diff?from=${from}`)).json.files as { path: string }[]).map((file) => file.path).sort();

describe("the branch against its parent", () => {
  it("lists the branches work descends from, nearest parent first, and leaves out its child", async () => {
    const { json } = await get("/api/bases");
    expect(json.branches).toEqual([
      { name: "feature", mergeBase: featureCommit, ahead: 1 },
      { name: "main", mergeBase: mainCommit, ahead: 2 },
    ]);
    expect(json.base).toMatch(/^[0-9a-f]{40}$/);
    expect(json.picked).toBeNull();
  });

  it("diffs the work tree from where work left feature, or main, besides the review's base", async () => {
    expect(await paths("base")).toEqual(["now.ts"]);
    expect(await paths("branch:feature")).toEqual(["now.ts", "work.ts"]);
    expect(await paths("branch:main")).toEqual(["feature.ts", "now.ts", "work.ts"]);
    // The review's base stays where the first round put it when the agent commits.
    await f.repo.commitAll("the agent commits");
    expect(await paths("base")).toEqual(["now.ts"]);
  });

  it("refuses a branch that does not exist or is not a name", async () => {
    for (const from of ["branch:nope", "branch:--output=x"]) {
      const refused = await get(`/api/diff?from=${encodeURIComponent(from)}`);
      expect(refused.status).toBe(404);
      expect(refused.json.error.message).toMatch(/GET \/api\/bases/);
    }
  });
});

describe("the base picked for a branch", () => {
  it("is kept in the store: another server on the same store (another panel, another port) reads it back", async () => {
    expect(await post("/api/bases", { from: "branch:main" })).toEqual({ status: 200, json: { picked: "branch:main" } });
    expect((await get("/api/bases")).json.picked).toBe("branch:main");
    expect(await post("/api/bases", { from: "branch:feature" })).toEqual({
      status: 200,
      json: { picked: "branch:feature" },
    });
    const other = build(
      createReviewService({
        now: systemClock,
        dir: f.repo.dir,
        store: f.store,
        bus: f.bus,
        delivery: { mode: "tools", deliver: async () => null },
      }),
    );
    expect((await get("/api/bases", other)).json.picked).toBe("branch:feature");
    // null forgets it: the diff starts from the review's base again.
    expect(await post("/api/bases", { from: null })).toEqual({ status: 200, json: { picked: null } });
    expect((await get("/api/bases", other)).json.picked).toBeNull();
  });

  it("is per branch: another branch has none, and coming back finds it", async () => {
    await post("/api/bases", { from: "branch:main" });
    await f.repo.git("checkout", "-q", "child");
    expect((await get("/api/bases")).json.picked).toBeNull();
    await f.repo.git("checkout", "-q", "work");
    expect((await get("/api/bases")).json.picked).toBe("branch:main");
  });

  it("is not offered once the branch is gone", async () => {
    await post("/api/bases", { from: "branch:feature" });
    await f.repo.git("branch", "-D", "feature");
    expect((await get("/api/bases")).json.picked).toBeNull();
  });

  it("refuses what is not a parent branch, with what to send instead, and keeps the earlier pick", async () => {
    await post("/api/bases", { from: "branch:main" });
    for (const [from, status] of [
      ["branch:nope", 404],
      ["branch:child", 404],
      ["branch:--output=x", 404],
      ["main", 400],
      ["base", 400],
      [3, 400],
    ] as const) {
      const refused = await post("/api/bases", { from });
      expect(refused.status, String(from)).toBe(status);
      expect(refused.json.error.message).toMatch(/GET \/api\/bases/);
    }
    expect((await post("/api/bases", {})).status).toBe(400);
    expect((await get("/api/bases")).json.picked).toBe("branch:main");
  });
});
