// Answers that are not the forge's API's: one line naming the forge and what to do, nothing stored, the last
// good state kept (and shown, with the line, by GET /api/forge); one odd comment is skipped, the rest comes in.
import { afterEach, describe, expect, test } from "vitest";
import { prCli } from "../../cli/testing/pr-cli.js";
import { makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";
import { makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";
import { startAutoForge } from "./auto-forge.js";

let fixture: GitHubFixture | ForgejoFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function failureOf(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("it did not fail");
}

describe("answers of the wrong shape", () => {
  test("GitHub: an HTML page, broken JSON and data: null fail the pull with one line naming GitHub and what to do; nothing is stored", async () => {
    const f = (fixture = await makeGitHubFixture());
    f.github.addThread(f.pull, { login: "alice", body: "Fine.", path: "src/app.ts", line: 2, commit: f.head });
    for (const fault of [
      { kind: "raw", status: 200, contentType: "text/html", text: "<!doctype html><html>Sign in</html>" },
      { kind: "raw", status: 200, contentType: "application/json", text: '{"data": {"viewer": {"login"' },
      { kind: "status", status: 200, body: { data: null } },
    ] as const) {
      f.github.failNext(/^POST \/graphql/, fault);
      const error = await failureOf(() => f.service.pullForge());
      expect(error.message.split("\n")).toHaveLength(1);
      expect(error.message).toMatch(
        /^GitHub \(github\.com\) answered something that is not its API's answer: .*; check that GITHUB_GRAPHQL_URL points at its API/,
      );
      expect(error.message).not.toMatch(/Cannot read|undefined|is not a function/);
      expect(await f.service.listThreads({ status: "all" })).toHaveLength(0);
    }
    // pr pull: the same line, exit 1.
    f.github.failNext(/^POST \/graphql/, { kind: "status", status: 200, body: { data: null } });
    const cli = await prCli(f, ["pr", "pull"]);
    expect(cli.code).toBe(1);
    expect(cli.err).toMatch(/GitHub \(github\.com\) answered something that is not its API's answer/);
    expect((await f.service.pullForge()).newThreads).toBe(1);
  });

  test("the automatic pull: the line in the log and in the forge status, the last good state kept", async () => {
    const f = (fixture = await makeGitHubFixture());
    f.github.addThread(f.pull, { login: "alice", body: "Fine.", path: "src/app.ts", line: 2, commit: f.head });
    await f.service.pullForge();
    const before = await f.service.forgeStatus();
    f.github.addThread(f.pull, { login: "bob", body: "And this?", path: "src/app.ts", line: 7, commit: f.head });
    f.github.failNext(/^POST \/graphql/, {
      kind: "raw",
      status: 200,
      contentType: "text/html",
      text: "<html>proxy</html>",
    });
    const log: string[] = [];
    const auto = startAutoForge(f.service, { pull: "auto" }, (e) => log.push((e as Error).message));
    await auto.pullNow();
    auto.stop();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/^GitHub \(github\.com\) answered something that is not its API's answer: .*HTML page/);
    const status = await f.service.forgeStatus();
    expect(status.pullError).toBe(log[0]);
    expect(status.pull).toEqual(before.pull);
    expect(await f.service.listThreads({ status: "all" })).toHaveLength(1);
    // The next good pull clears the line.
    await f.service.pullForge();
    expect((await f.service.forgeStatus()).pullError).toBeNull();
  });

  test("Forgejo: /version as an object is one line naming Forgejo and FORGEJO_API_URL", async () => {
    const f = (fixture = await makeForgejoFixture("forgejo"));
    f.forgejo.addThread(f.pull, { login: "alice", body: "Fine.", path: "src/app.ts", line: 2, commit: f.head });
    f.forgejo.failNext(/^GET \/api\/v1\/version$/, { kind: "status", status: 200, body: { version: { major: 15 } } });
    const error = await failureOf(() => f.service.pullForge());
    expect(error.message).toMatch(
      /^Forgejo \(codeberg\.org\) answered something that is not its API's answer: its version \(GET \/version\) .*; check that FORGEJO_API_URL points at its API/,
    );
    expect(error.message).not.toMatch(/trim is not a function/);
    expect(await f.service.listThreads({ status: "all" })).toHaveLength(0);
  });

  test("Forgejo: one comment of the wrong shape is skipped with a line saying why; the rest comes in", async () => {
    const f = (fixture = await makeForgejoFixture("forgejo"));
    const bad = f.forgejo.addThread(f.pull, {
      login: "alice",
      body: "Odd.",
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    f.forgejo.addThread(f.pull, {
      login: "bob",
      body: "Is this name right?",
      path: "src/app.ts",
      line: 7,
      commit: f.head,
    });
    f.forgejo.failNext(new RegExp(`^GET /api/v1/repos/octo/app/pulls/7/reviews/${bad.review.id}/comments$`), {
      kind: "status",
      status: 200,
      body: [{ id: "not a number", body: { text: "Odd." }, path: "src/app.ts", position: 2 }],
    });
    const result = await f.service.pullForge();
    expect(result.newThreads).toBe(1);
    expect(result.skipped).toEqual([
      `skipped comment 1 of review ${bad.review.id}: it is not of the shape the forge's API describes (at id).`,
    ]);
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads.map((t) => t.messages[0]!.body)).toEqual(["Is this name right?"]);
  });
});
