import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  makeGitHubFixture,
  READ_ONLY_TOKEN,
  STAND_IN_TOKEN,
  type GitHubFixture,
} from "../forge/testing/github-fixture.js";
import { filesUnder, prCli, replyAsAgent } from "./testing/pr-cli.js";

let fixture: GitHubFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const cli = prCli;

async function reviewed() {
  const f = (fixture = await makeGitHubFixture());
  const thread = f.github.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
  });
  return { f, thread };
}

describe("opencode-review pr", () => {
  test("pull, status and push from the command line; the token is in no file of .git and in no output", async () => {
    const { f, thread } = await reviewed();
    const pulled = await cli(f, ["pr", "pull"]);
    expect(pulled).toMatchObject({ code: 0, err: "" });
    expect(pulled.out).toContain("PR #7: 1 new thread, 1 new comment (https://github.com/octo/app/pull/7)");
    expect(pulled.out).toContain("Waiting for the agent in src/app.ts.");
    expect((await cli(f, ["pr", "pull"])).out).toBe(
      "PR #7: nothing new since the last pull (https://github.com/octo/app/pull/7)",
    );

    // The agent answers through the CLI's store, as it would through the plugin on the same repository.
    await replyAsAgent(f, "Done: it starts from xs[0].");

    const status = await cli(f, ["pr", "status"]);
    expect(status.code).toBe(0);
    expect(status.out).toMatch(
      /^PR #7 on octo\/app \(https:\/\/github.com\/octo\/app\/pull\/7\)\nPulled 20\S+: 1 threads, 1 comments\.\n1 reply waits to be pushed as @person \(opencode-review pr push\):/,
    );
    expect(status.out).toContain("src/app.ts:2 to alice: Done: it starts from xs[0].");

    const pushed = await cli(f, ["pr", "push"]);
    expect(pushed).toMatchObject({ code: 0, err: "" });
    expect(pushed.out).toBe("PR #7: posted 1 reply, resolved 0 threads (https://github.com/octo/app/pull/7)");
    expect(thread.comments.map((c) => c.login)).toEqual(["alice", "person"]);
    expect((await cli(f, ["pr", "status"])).out).toContain("Nothing waits to be pushed (1 posted).");

    for (const output of [pulled, status, pushed]) expect(output.out + output.err).not.toContain(STAND_IN_TOKEN);
    const leaks = (await filesUnder(join(f.repo.dir, ".git"))).filter((file) =>
      file.bytes.includes(Buffer.from(STAND_IN_TOKEN)),
    );
    expect(leaks.map((l) => l.path)).toEqual([]);
    expect(f.github.problems).toEqual([]);
  });

  test("the token comes from gh auth token when no variable holds one", async () => {
    const { f } = await reviewed();
    const bin = await mkdtemp(join(tmpdir(), "opencode-review-gh-"));
    try {
      await writeFile(
        join(bin, "gh"),
        `#!/bin/sh\n[ "$1 $2 $3 $4" = "auth token --hostname github.com" ] && echo ${STAND_IN_TOKEN}\n`,
      );
      await chmod(join(bin, "gh"), 0o755);
      const pulled = await cli(f, ["pr", "pull"], { ...f.env, GH_TOKEN: undefined, PATH: bin });
      expect(pulled).toMatchObject({ code: 0, err: "" });
      expect(pulled.out).toContain("1 new thread");
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  });

  describe("each failure is one line that says what to do", () => {
    const oneLine = (err: string) => {
      expect(err.split("\n")).toHaveLength(1);
      expect(err).not.toContain(STAND_IN_TOKEN);
      expect(err).not.toContain(READ_ONLY_TOKEN);
    };

    test("no token", async () => {
      const { f } = await reviewed();
      const r = await cli(f, ["pr", "pull"], { ...f.env, GH_TOKEN: undefined });
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(
        'opencode-review pr: no token for github.com: set GH_TOKEN or GITHUB_TOKEN to a token that may read and write pull requests (classic scope "repo"), or install gh and run gh auth login.',
      );
      expect(f.github.counters.log).toEqual([]);
    });

    test("a refused token (401)", async () => {
      const { f } = await reviewed();
      const r = await cli(f, ["pr", "pull"], { ...f.env, GH_TOKEN: "ghp_wrong" });
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toContain(
        "github.com refused the token (401 Bad credentials): it is wrong, expired or revoked; set a new one in GH_TOKEN, or run gh auth login again.",
      );
      expect(r.err).not.toContain("ghp_wrong");
    });

    test("a token without the scope to write: the push stops, the reply stays queued", async () => {
      const { f } = await reviewed();
      expect((await cli(f, ["pr", "pull"], { ...f.env, GH_TOKEN: READ_ONLY_TOKEN })).code).toBe(0);
      await replyAsAgent(f);
      const r = await cli(f, ["pr", "push"], { ...f.env, GH_TOKEN: READ_ONLY_TOKEN });
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toMatch(
        /github.com refused the token on octo\/app \(403 Resource not accessible by personal access token\): it lacks a scope; give it "repo"/,
      );
      expect((await cli(f, ["pr", "status"])).out).toContain("1 reply waits to be pushed");
    });

    test("no pull request for the branch, and none with the number given", async () => {
      const { f } = await reviewed();
      f.github.pulls.splice(0);
      let r = await cli(f, ["pr", "pull"]);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(
        "opencode-review pr: no open pull request on octo/app has the branch feature as its head; open one, or name one with --pr N.",
      );
      r = await cli(f, ["pr", "pull", "--pr", "99"]);
      expect(r.err).toBe("opencode-review pr: octo/app has no pull request #99; check the number on the forge.");
      r = await cli(f, ["pr", "pull", "--pr", "seven"]);
      expect(r.code).toBe(2);
    });

    test("a remote that is not a forge: exit 1, as docs/cli.md says (the command line was right)", async () => {
      const { f } = await reviewed();
      await f.repo.git("remote", "set-url", "origin", "/srv/git/app.git");
      const r = await cli(f, ["pr", "pull"]);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toContain("is not on a forge");
    });

    test("a rate limit, with when it resets", async () => {
      const { f } = await reviewed();
      f.github.failNext(/^POST \/graphql$/, {
        kind: "status",
        status: 200,
        body: { errors: [{ type: "RATE_LIMITED", message: "API rate limit exceeded for user ID 1." }] },
        headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1796126400" },
      });
      const r = await cli(f, ["pr", "pull"]);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(
        "opencode-review pr: GitHub's rate limit for this token is used up until 2026-12-01T12:00:00.000Z; pull or push again after that (nothing was lost).",
      );
    });

    test("the forge unreachable: what was queued stays queued", async () => {
      const { f } = await reviewed();
      await cli(f, ["pr", "pull"]);
      await replyAsAgent(f);
      const offline = {
        ...f.env,
        GITHUB_API_URL: "http://127.0.0.1:9",
        GITHUB_GRAPHQL_URL: "http://127.0.0.1:9/graphql",
      };
      let r = await cli(f, ["pr", "push"], offline);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toMatch(
        /^opencode-review pr: cannot reach github.com \(.+\); 0 sent, 1 reply stays queued: run opencode-review pr push again when github.com answers\.$/,
      );
      r = await cli(f, ["pr", "pull"], offline);
      expect(r.err).toMatch(
        /^opencode-review pr: cannot reach github.com \(.+\); nothing was lost: try again when it answers\.$/,
      );
      expect((await cli(f, ["pr", "status"])).out).toContain("1 reply waits to be pushed");
      expect((await cli(f, ["pr", "push"])).out).toContain("posted 1 reply");
    });

    test("plain http to a host that is not loopback is refused before any token is read", async () => {
      const { f } = await reviewed();
      const r = await cli(f, ["pr", "pull"], { ...f.env, GITHUB_GRAPHQL_URL: "http://example.com/graphql" });
      expect(r.code).toBe(2);
      oneLine(r.err);
      expect(r.err).toContain(
        "GITHUB_GRAPHQL_URL is http://example.com: the token would travel unencrypted; use an https:// address",
      );
    });
  });

  test("pr pull names each thread it left out and why, and brings the rest in", async () => {
    const { f } = await reviewed();
    f.github.addThread(f.pull, { login: "mallory", body: "Look.", path: "../../etc/passwd", line: 1, commit: f.head });
    const pulled = await cli(f, ["pr", "pull"]);
    expect(pulled).toMatchObject({ code: 0, err: "" });
    expect(pulled.out).toContain("PR #7: 1 new thread, 1 new comment");
    expect(pulled.out).toMatch(
      /^Not brought in: skipped the thread https:\/\/github\.com\/octo\/app\/pull\/7#discussion_r\d+: its path "\.\.\/\.\.\/etc\/passwd" is not a plain path from the repository's root\.$/m,
    );
  });
});
