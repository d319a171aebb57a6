// A forge that echoes the token back after 100 characters of text: no 8-character piece of it may reach
// any surface (the CLI's output, the HTTP answers, the automatic pull's log, the store's files and WAL).
import { dirname, join } from "node:path";
import { inspect } from "node:util";
import { afterEach, describe, expect, test } from "vitest";
import { filesUnder, prCli } from "../../cli/testing/pr-cli.js";
import { makeGitHubFixture, STAND_IN_TOKEN, type GitHubFixture } from "../../forge/testing/github-fixture.js";
import { createApp } from "../../http/create-app.js";
import { loopbackHosts } from "../../http/loopback.js";
import { apiRoutes } from "../../http/routes/index.js";
import { startAutoForge } from "./auto-forge.js";

let fixture: GitHubFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const FILLER = "The credentials you sent do not match any account we know of; the token was: ".padEnd(100, ".");
const PIECES = Array.from({ length: STAND_IN_TOKEN.length - 7 }, (_, i) => STAND_IN_TOKEN.slice(i, i + 8));

function piecesIn(text: string): string[] {
  return PIECES.filter((p) => text.includes(p));
}

describe("a forge that echoes the token", () => {
  test("no 8 characters of it reach the CLI, the HTTP answers, the log or the store's files", async () => {
    const f = (fixture = await makeGitHubFixture());
    const thread = f.github.addThread(f.pull, {
      login: "alice",
      body: "Start from the first item?",
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    const echo401 = { kind: "status", status: 401, body: { message: `${FILLER}${STAND_IN_TOKEN} (expired)` } } as const;
    const surfaces: { readonly where: string; readonly text: string }[] = [];

    // The CLI.
    f.github.failNext(/^POST \/graphql/, echo401);
    const cli = await prCli(f, ["pr", "pull"]);
    expect(cli.code).toBe(1);
    expect(cli.err).toMatch(/refused the token/);
    surfaces.push({ where: "pr pull's output", text: `${cli.out}\n${cli.err}` });

    // The HTTP answers the panels read.
    const port = 4329;
    const host = `127.0.0.1:${port}`;
    const app = createApp({
      token: "panel-token",
      allowedHosts: loopbackHosts("127.0.0.1", port),
      panelDir: join(f.repo.dir, "no-panel"),
      routes: apiRoutes(f.service),
      health: () => ({ ok: true, version: "0.1.0", repo: f.repo.dir, branch: "feature", tools: true }),
      events: f.bus,
    });
    const send = async (method: string, path: string) => {
      const response = await app.request(`http://${host}${path}`, {
        method,
        headers: {
          host,
          authorization: "Bearer panel-token",
          ...(method === "GET" ? {} : { origin: `http://${host}`, "content-type": "application/json" }),
        },
        ...(method === "GET" ? {} : { body: "{}" }),
      });
      const text = await response.text();
      surfaces.push({ where: `${method} ${path}`, text });
      return response.status;
    };
    f.github.failNext(/^POST \/graphql/, echo401);
    expect(await send("POST", "/api/forge/pull")).toBeGreaterThanOrEqual(400);
    expect(await send("POST", "/api/forge/pull")).toBe(200);

    // A reply the forge refuses with the token in its words: the stored error, shown by GET /api/forge.
    const [open] = await f.service.listThreads({ status: "waiting" });
    await f.service.agentReply({ id: open!.id, text: "Done." });
    f.github.failNext(/^POST \/repos\//, {
      kind: "status",
      status: 422,
      body: { message: `${FILLER}${STAND_IN_TOKEN}`, documentation_url: "https://docs.github.com/rest" },
    });
    const pushed = await f.service.pushForge();
    expect(pushed.failed).toHaveLength(1);
    surfaces.push({ where: "the push's answer", text: JSON.stringify(pushed) });
    expect(await send("GET", "/api/forge")).toBe(200);
    expect(surfaces.at(-1)!.text).toContain('"state":"failed"');

    // The automatic pull's log (what serve prints through its reportError).
    const log: string[] = [];
    f.github.reply(f.pull, thread, "alice", "And?");
    f.github.failNext(/^POST \/graphql/, echo401);
    const auto = startAutoForge(f.service, { pull: "auto" }, (error) => log.push(inspect(error)));
    await auto.pullNow();
    auto.stop();
    expect(log.join("\n")).toMatch(/refused the token/);
    surfaces.push({ where: "the automatic pull's log", text: log.join("\n") });

    // The store's files, the WAL included, of the service and of the CLI.
    await f.service.context.anchors.written();
    for (const dir of [dirname(f.store.path), join(f.repo.dir, ".git")]) {
      for (const file of await filesUnder(dir))
        surfaces.push({ where: file.path, text: file.bytes.toString("latin1") });
    }
    expect(surfaces.some((s) => s.where.endsWith("-wal"))).toBe(true);
    const leaks = surfaces.flatMap((s) => piecesIn(s.text).map((p) => `${s.where}: ${p}`));
    expect(leaks).toEqual([]);
  });
});
