// GET /api/forge, POST /api/forge/pull and /api/forge/push on the real app, a real repository, a real
// SQLite file and the GitHub and Forgejo stand-ins.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeGitHubFixture, STAND_IN_TOKEN, type GitHubFixture } from "../../forge/testing/github-fixture.js";
import { FORGEJO_TOKEN, makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";

const PORT = 4323;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "forge-routes-token";

let f: GitHubFixture | undefined;
let fj: ForgejoFixture | undefined;
afterEach(async () => {
  await f?.close();
  await fj?.close();
  f = undefined;
  fj = undefined;
});

async function setup() {
  f = await makeGitHubFixture();
  const thread = f.github.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
  });
  return { f, thread, ...serve(f) };
}

function serve(fixture: GitHubFixture | ForgejoFixture) {
  const app = createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(fixture.repo.dir, "no-panel"),
    routes: apiRoutes(fixture.service),
    health: () => ({ ok: true, version: "0.1.0", repo: fixture.repo.dir, branch: "feature", tools: true }),
    events: fixture.bus,
  });
  const answers: string[] = [];
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        host: HOST,
        authorization: `Bearer ${TOKEN}`,
        ...(method === "GET" ? {} : { origin: ORIGIN, "content-type": "application/json" }),
      },
      ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}) }),
    });
    const text = await response.text();
    answers.push(text);
    return { status: response.status, json: JSON.parse(text) as Record<string, any> };
  };
  return { send, answers };
}

describe("/api/forge", () => {
  it("pulls, lists what will be posted and to whom, and sends it; no answer carries the token", async () => {
    const { f, thread, send, answers } = await setup();
    expect((await send("GET", "/api/forge")).json).toEqual({ pull: null, waiting: [], posted: 0, pullError: null });
    const pulled = await send("POST", "/api/forge/pull");
    expect(pulled).toMatchObject({ status: 200, json: { pull: { pr: 7, newThreads: 1, newComments: 1 } } });

    const [open] = await f.service.listThreads({ status: "waiting" });
    await f.service.agentReply({ id: open!.id, text: "Done." });
    const status = await send("GET", "/api/forge");
    expect(status.json).toMatchObject({
      pull: {
        kind: "github",
        host: "github.com",
        repository: "octo/app",
        number: 7,
        url: "https://github.com/octo/app/pull/7",
        threads: 1,
        comments: 1,
        login: "person",
      },
      waiting: [
        {
          threadId: open!.id,
          file: "src/app.ts",
          line: 2,
          body: "Done.",
          state: "queued",
          resolves: false,
          to: "alice",
          answers: {
            login: "alice",
            body: "Start from the first item?",
            url: expect.stringMatching(/^https:\/\/github\.com\/octo\/app\/pull\/7#discussion_r\d+$/),
          },
        },
      ],
      posted: 0,
    });

    expect((await send("POST", "/api/forge/push")).json).toMatchObject({
      push: {
        pr: 7,
        posted: 1,
        sent: [{ url: `https://github.com/octo/app/pull/7#discussion_r${thread.comments[1]?.databaseId}` }],
      },
    });
    expect(thread.comments).toHaveLength(2);
    expect((await send("GET", "/api/threads?status=all")).json.threads[0].messages[1].forge).toMatchObject({
      state: "posted",
    });
    for (const answer of answers) expect(answer).not.toContain(STAND_IN_TOKEN);
  });

  it("answers a forge failure with its code and one line, and a bad number with 400", async () => {
    const { f, send, answers } = await setup();
    f.env.GH_TOKEN = "ghp_refused";
    const refused = await send("POST", "/api/forge/pull");
    expect(refused.status).toBe(424);
    expect(refused.json.error).toMatchObject({
      code: "forge_auth",
      message: expect.stringMatching(/^github.com refused the token \(401/),
    });
    f.env.GH_TOKEN = undefined;
    expect((await send("POST", "/api/forge/pull")).json.error.code).toBe("no_token");
    expect((await send("POST", "/api/forge/push", { pr: "seven" })).status).toBe(400);
    for (const answer of answers) expect(answer).not.toContain("ghp_refused");
  });

  it("on Forgejo: pulls, lists and sends the same way; no answer carries the token, a refused one answers forge_auth", async () => {
    fj = await makeForgejoFixture("forgejo");
    const thread = fj.forgejo.addThread(fj.pull, {
      login: "alice",
      body: "Start from the first item?",
      path: "src/app.ts",
      line: 2,
      commit: fj.head,
    });
    const { send, answers } = serve(fj);
    expect((await send("POST", "/api/forge/pull")).json).toMatchObject({
      pull: { pr: 7, newThreads: 1, newComments: 1 },
    });
    const [open] = await fj.service.listThreads({ status: "waiting" });
    await fj.service.agentReply({ id: open!.id, text: "Done." });
    expect((await send("GET", "/api/forge")).json).toMatchObject({
      pull: {
        kind: "forgejo",
        host: "codeberg.org",
        repository: "octo/app",
        number: 7,
        url: "https://codeberg.org/octo/app/pulls/7",
      },
      waiting: [{ body: "Done.", state: "queued", to: "alice" }],
    });
    expect((await send("POST", "/api/forge/push")).json).toMatchObject({ push: { pr: 7, posted: 1 } });
    expect(fj.forgejo.comments(thread)).toHaveLength(2);
    fj.env.FORGEJO_TOKEN = "fj_refused";
    const refused = await send("POST", "/api/forge/pull");
    expect(refused.status).toBe(424);
    expect(refused.json.error).toMatchObject({
      code: "forge_auth",
      message: expect.stringMatching(/^codeberg.org refused the token \(401/),
    });
    for (const answer of answers) {
      expect(answer).not.toContain(FORGEJO_TOKEN);
      expect(answer).not.toContain("fj_refused");
    }
    expect(fj.forgejo.problems).toEqual([]);
  });
});
