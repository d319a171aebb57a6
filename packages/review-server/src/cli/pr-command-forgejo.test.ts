// opencode-review pr against the Forgejo stand-in: the same command, the /api/v1 client, Forgejo's failures.
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  FORGEJO_READ_ONLY_TOKEN,
  FORGEJO_TOKEN,
  makeForgejoFixture,
  type ForgejoFixture,
} from "../forge/testing/forgejo-fixture.js";
import { filesUnder, prCli as cli, replyAsAgent } from "./testing/pr-cli.js";

let fixture: ForgejoFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function reviewed() {
  const f = (fixture = await makeForgejoFixture("forgejo"));
  const thread = f.forgejo.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
  });
  return { f, thread };
}

describe("opencode-review pr on Forgejo", () => {
  test("pr status says a resolving reply is resolved here only: Forgejo's API has no resolve (its registry entry says so)", async () => {
    const { f } = await reviewed();
    await cli(f, ["pr", "pull"]);
    await f.repo.write(
      "src/app.ts",
      (await f.repo.git("show", "HEAD:src/app.ts")).replace("  let sum = 0;", "  let sum = xs[0] ?? 0;"),
    );
    expect(await replyAsAgent(f, "Starts from the first item now.", true)).toEqual({ resolved: true });
    const status = await cli(f, ["pr", "status"]);
    expect(status.out).toContain(
      "src/app.ts:2 to alice, resolved here only (the forge's API has no resolve): Starts from the first item now.",
    );
  });

  test("pull, status and push; the token is in no file of .git and in no output", async () => {
    const { f, thread } = await reviewed();
    const pulled = await cli(f, ["pr", "pull"]);
    expect(pulled).toMatchObject({ code: 0, err: "" });
    expect(pulled.out).toContain("PR #7: 1 new thread, 1 new comment (https://codeberg.org/octo/app/pulls/7)");
    expect((await cli(f, ["pr", "pull"])).out).toBe(
      "PR #7: nothing new since the last pull (https://codeberg.org/octo/app/pulls/7)",
    );
    await replyAsAgent(f, "Done: it starts from xs[0].");
    const status = await cli(f, ["pr", "status"]);
    expect(status.out).toContain("src/app.ts:2 to alice: Done: it starts from xs[0].");
    const pushed = await cli(f, ["pr", "push"]);
    expect(pushed).toMatchObject({
      code: 0,
      err: "",
      out: "PR #7: posted 1 reply, resolved 0 threads (https://codeberg.org/octo/app/pulls/7)",
    });
    expect(f.forgejo.comments(thread).map((c) => c.login)).toEqual(["alice", "person"]);

    for (const output of [pulled, status, pushed]) expect(output.out + output.err).not.toContain(FORGEJO_TOKEN);
    expect(f.forgejo.problems).toEqual([]);
  });

  test("a push whose checked resolve held says the thread is resolved here only: Forgejo's API has no resolve", async () => {
    const { f, thread } = await reviewed();
    await cli(f, ["pr", "pull"]);
    await f.repo.write(
      "src/app.ts",
      (await f.repo.git("show", "HEAD:src/app.ts")).replace("  let sum = 0;", "  let sum = xs[0] ?? 0;"),
    );
    expect(await replyAsAgent(f, "Starts from xs[0].", true)).toEqual({ resolved: true });
    const pushed = await cli(f, ["pr", "push"]);
    expect(pushed.out).toBe(
      "PR #7: posted 1 reply, resolved 0 threads (https://codeberg.org/octo/app/pulls/7)\n1 thread is resolved here only: the forge's API has no resolve; resolve it on the pull request's page.",
    );
    expect(thread.first.resolver).toBeNull();
    const leaks = (await filesUnder(join(f.repo.dir, ".git"))).filter((file) =>
      file.bytes.includes(Buffer.from(FORGEJO_TOKEN)),
    );
    expect(leaks.map((l) => l.path)).toEqual([]);
    expect(f.forgejo.problems).toEqual([]);
  });

  test("GITEA_TOKEN is read when FORGEJO_TOKEN is not set", async () => {
    const { f } = await reviewed();
    const pulled = await cli(f, ["pr", "pull"], { ...f.env, FORGEJO_TOKEN: undefined, GITEA_TOKEN: FORGEJO_TOKEN });
    expect(pulled).toMatchObject({ code: 0, err: "" });
  });

  describe("each failure is one line that says what to do", () => {
    const oneLine = (err: string) => {
      expect(err.split("\n")).toHaveLength(1);
      expect(err).not.toContain(FORGEJO_TOKEN);
      expect(err).not.toContain(FORGEJO_READ_ONLY_TOKEN);
    };

    test("no token: nothing is asked of the forge", async () => {
      const { f } = await reviewed();
      const r = await cli(f, ["pr", "pull"], { ...f.env, FORGEJO_TOKEN: undefined });
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(
        "opencode-review pr: no token for codeberg.org: set FORGEJO_TOKEN or GITEA_TOKEN to a token with repository read and write access (made at https://codeberg.org/user/settings/applications).",
      );
      expect(f.forgejo.log).toEqual([]);
    });

    test("a refused token (401)", async () => {
      const { f } = await reviewed();
      const r = await cli(f, ["pr", "pull"], { ...f.env, FORGEJO_TOKEN: "fj_wrong" });
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(
        "opencode-review pr: codeberg.org refused the token (401 invalid username, password or token): it is wrong, expired or revoked; set a new one in FORGEJO_TOKEN.",
      );
      expect(r.err).not.toContain("fj_wrong");
    });

    test("a token without write:repository: the push stops, the reply stays queued", async () => {
      const { f } = await reviewed();
      expect((await cli(f, ["pr", "pull"], { ...f.env, FORGEJO_TOKEN: FORGEJO_READ_ONLY_TOKEN })).code).toBe(0);
      await replyAsAgent(f);
      const r = await cli(f, ["pr", "push"], { ...f.env, FORGEJO_TOKEN: FORGEJO_READ_ONLY_TOKEN });
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(
        "opencode-review pr: codeberg.org refused the token on octo/app (403 token does not have at least one of required scope(s): [write:repository]): it lacks a scope; give it write:repository.",
      );
      expect((await cli(f, ["pr", "status"])).out).toContain("1 reply waits to be pushed");
    });

    test("no pull request for the branch, and none with the number given", async () => {
      const { f } = await reviewed();
      f.forgejo.pulls.splice(0);
      let r = await cli(f, ["pr", "pull"]);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(
        "opencode-review pr: no open pull request on octo/app has the branch feature as its head; open one, or name one with --pr N.",
      );
      r = await cli(f, ["pr", "pull", "--pr", "99"]);
      expect(r.err).toBe("opencode-review pr: octo/app has no pull request #99; check the number on the forge.");
    });

    test("a rate limit the server signals (429 with Retry-After)", async () => {
      const { f } = await reviewed();
      f.forgejo.failNext(/^GET /, {
        kind: "status",
        status: 429,
        body: { message: "rate limit exceeded" },
        headers: { "retry-after": "120" },
      });
      const r = await cli(f, ["pr", "pull"]);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toMatch(
        /^opencode-review pr: codeberg.org's rate limit for this token is used up until 20\d\d-\S+Z; pull or push again after that \(nothing was lost\)\.$/,
      );
    });

    test("the forge unreachable: what was queued stays queued", async () => {
      const { f, thread } = await reviewed();
      await cli(f, ["pr", "pull"]);
      await replyAsAgent(f);
      const offline = { ...f.env, FORGEJO_API_URL: "http://127.0.0.1:9/api/v1" };
      let r = await cli(f, ["pr", "push"], offline);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toMatch(
        /^opencode-review pr: cannot reach codeberg.org \(.+\); 0 sent, 1 reply stays queued: run opencode-review pr push again when codeberg.org answers\.$/,
      );
      r = await cli(f, ["pr", "pull"], offline);
      expect(r.err).toMatch(
        /^opencode-review pr: cannot reach codeberg.org \(.+\); nothing was lost: try again when it answers\.$/,
      );
      expect((await cli(f, ["pr", "status"])).out).toContain("1 reply waits to be pushed");
      expect((await cli(f, ["pr", "push"])).out).toContain("posted 1 reply");
      expect(f.forgejo.comments(thread)).toHaveLength(2);
    });

    test("plain http to a host that is not loopback is refused before any token is read", async () => {
      const { f } = await reviewed();
      const r = await cli(f, ["pr", "pull"], { ...f.env, FORGEJO_API_URL: "http://codeberg.org/api/v1" });
      expect(r.code).toBe(2);
      oneLine(r.err);
      expect(r.err).toContain(
        "FORGEJO_API_URL is http://codeberg.org: the token would travel unencrypted; use an https:// address",
      );
    });
  });
});
