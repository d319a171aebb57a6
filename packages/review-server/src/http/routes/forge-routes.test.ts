// GET /api/forge, POST /api/forge/pull and /api/forge/push on the real app, a real repository, a real
// SQLite file and the GitHub stand-in.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeGitHubFixture, STAND_IN_TOKEN, type GitHubFixture } from "../../forge/testing/github-fixture.js";
import { createApp } from "../create-app.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";

const PORT = 4323;
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;
const TOKEN = "forge-routes-token";

let f: GitHubFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

async function setup() {
  f = await makeGitHubFixture();
  const thread = f.github.addThread(f.pull, { login: "alice", body: "Start from the first item?", path: "src/app.ts", line: 2, commit: f.head });
  const app = createApp({
    token: TOKEN,
    allowedHosts: loopbackHosts("127.0.0.1", PORT),
    panelDir: join(f.repo.dir, "no-panel"),
    routes: apiRoutes(f.service),
    health: () => ({ ok: true, version: "0.1.0", repo: f!.repo.dir, branch: "feature", tools: true }),
    events: f.bus,
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
  return { f, thread, send, answers };
}

describe("/api/forge", () => {
  it("pulls, lists what will be posted and to whom, and sends it; no answer carries the token", async () => {
    const { f, thread, send, answers } = await setup();
    expect((await send("GET", "/api/forge")).json).toEqual({ pull: null, waiting: [], posted: 0 });
    const pulled = await send("POST", "/api/forge/pull");
    expect(pulled).toMatchObject({ status: 200, json: { pull: { pr: 7, newThreads: 1, newComments: 1 } } });

    const [open] = await f.service.listThreads({ status: "waiting" });
    await f.service.agentReply({ id: open!.id, text: "Done." });
    const status = await send("GET", "/api/forge");
    expect(status.json).toMatchObject({
      pull: { kind: "github", host: "github.com", repository: "octo/app", number: 7, url: "https://github.com/octo/app/pull/7", threads: 1, comments: 1, login: "person" },
      waiting: [
        {
          threadId: open!.id, file: "src/app.ts", line: 2, body: "Done.", state: "queued", resolves: false, to: "alice",
          answers: { login: "alice", body: "Start from the first item?", url: expect.stringMatching(/^https:\/\/github\.com\/octo\/app\/pull\/7#discussion_r\d+$/) },
        },
      ],
      posted: 0,
    });

    expect((await send("POST", "/api/forge/push")).json).toMatchObject({ push: { pr: 7, posted: 1, sent: [{ url: `https://github.com/octo/app/pull/7#discussion_r${thread.comments[1]?.databaseId}` }] } });
    expect(thread.comments).toHaveLength(2);
    expect((await send("GET", "/api/threads?status=all")).json.threads[0].messages[1].forge).toMatchObject({ state: "posted" });
    for (const answer of answers) expect(answer).not.toContain(STAND_IN_TOKEN);
  });

  it("answers a forge failure with its code and one line, and a bad number with 400", async () => {
    const { f, send, answers } = await setup();
    f.env.GH_TOKEN = "ghp_refused";
    const refused = await send("POST", "/api/forge/pull");
    expect(refused.status).toBe(424);
    expect(refused.json.error).toMatchObject({ code: "forge_auth", message: expect.stringMatching(/^github.com refused the token \(401/) });
    f.env.GH_TOKEN = undefined;
    expect((await send("POST", "/api/forge/pull")).json.error.code).toBe("no_token");
    expect((await send("POST", "/api/forge/push", { pr: "seven" })).status).toBe(400);
    for (const answer of answers) expect(answer).not.toContain("ghp_refused");
  });
});
