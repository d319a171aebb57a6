// opencode-review pr against each forge's stand-in: the same command and the same promises; the cases below hold
// what differs (addresses, token variables, the forge's own words in a failure).
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  FORGEJO_READ_ONLY_TOKEN,
  FORGEJO_TOKEN,
  makeForgejoFixture,
  type ForgejoFixture,
} from "../forge/testing/forgejo-fixture.js";
import {
  makeGitHubFixture,
  READ_ONLY_TOKEN,
  STAND_IN_TOKEN,
  type GitHubFixture,
} from "../forge/testing/github-fixture.js";
import { filesUnder, prCli as cli, replyAsAgent } from "./testing/pr-cli.js";

/** A repository on branch `feature` with pull request #7, where alice asked one thing on src/app.ts:2. */
interface Reviewed {
  readonly f: GitHubFixture | ForgejoFixture;
  /** Who wrote the comments of alice's thread on the forge, in order. */
  readonly commenters: () => readonly string[];
  /** Requests the real forge would refuse: a test expects none. */
  readonly problems: () => readonly string[];
  /** Every request the forge was asked. */
  readonly requests: () => readonly string[];
  /** The forge has no pull request at all. */
  readonly closePulls: () => void;
  /** The forge's next answer says the token's rate limit is used up, the way that forge says it. */
  readonly rateLimited: () => void;
}

interface ForgeCase {
  readonly forge: string;
  readonly reviewed: () => Promise<Reviewed>;
  readonly host: string;
  readonly pullUrl: string;
  readonly token: string;
  readonly readOnlyToken: string;
  /** The variable the token is read from first. */
  readonly tokenVariable: string;
  readonly wrongToken: string;
  readonly noToken: string;
  readonly refused: string;
  readonly lacksScope: string | RegExp;
  readonly rateLimit: string | RegExp;
  /** The forge's API addresses pointed at a port where nothing listens. */
  readonly offline: Record<string, string>;
  /** An API address in plain http to a host that is not loopback, and what the command says of it. */
  readonly plainHttp: { readonly env: Record<string, string>; readonly says: string };
}

let fixture: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const question = { login: "alice", body: "Start from the first item?", path: "src/app.ts", line: 2 } as const;

async function githubReviewed() {
  const f = await makeGitHubFixture();
  fixture = f;
  const thread = f.github.addThread(f.pull, { ...question, commit: f.head });
  return {
    f,
    thread,
    commenters: () => thread.comments.map((c) => c.login),
    problems: () => f.github.problems,
    requests: () => f.github.counters.log,
    closePulls: () => void f.github.pulls.splice(0),
    rateLimited: () =>
      f.github.failNext(/^POST \/graphql$/, {
        kind: "status",
        status: 200,
        body: { errors: [{ type: "RATE_LIMITED", message: "API rate limit exceeded for user ID 1." }] },
        headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1796126400" },
      }),
  };
}

const github: ForgeCase = {
  forge: "GitHub",
  reviewed: githubReviewed,
  host: "github.com",
  pullUrl: "https://github.com/octo/app/pull/7",
  token: STAND_IN_TOKEN,
  readOnlyToken: READ_ONLY_TOKEN,
  tokenVariable: "GH_TOKEN",
  wrongToken: "ghp_wrong",
  noToken:
    'opencode-review pr: no token for github.com: set GH_TOKEN or GITHUB_TOKEN to a token that may read and write pull requests (classic scope "repo"), or install gh and run gh auth login.',
  refused:
    "opencode-review pr: github.com refused the token (401 Bad credentials): it is wrong, expired or revoked; set a new one in GH_TOKEN, or run gh auth login again.",
  lacksScope:
    /github.com refused the token on octo\/app \(403 Resource not accessible by personal access token\): it lacks a scope; give it "repo"/,
  rateLimit:
    "opencode-review pr: GitHub's rate limit for this token is used up until 2026-12-01T12:00:00.000Z; pull or push again after that (nothing was lost).",
  offline: { GITHUB_API_URL: "http://127.0.0.1:9", GITHUB_GRAPHQL_URL: "http://127.0.0.1:9/graphql" },
  plainHttp: {
    env: { GITHUB_GRAPHQL_URL: "http://example.com/graphql" },
    says: "GITHUB_GRAPHQL_URL is http://example.com: the token would travel unencrypted; use an https:// address",
  },
};

async function forgejoReviewed() {
  const f = await makeForgejoFixture("forgejo");
  fixture = f;
  const thread = f.forgejo.addThread(f.pull, { ...question, commit: f.head });
  return {
    f,
    thread,
    commenters: () => f.forgejo.comments(thread).map((c) => c.login),
    problems: () => f.forgejo.problems,
    requests: () => f.forgejo.log,
    closePulls: () => void f.forgejo.pulls.splice(0),
    rateLimited: () =>
      f.forgejo.failNext(/^GET /, {
        kind: "status",
        status: 429,
        body: { message: "rate limit exceeded" },
        headers: { "retry-after": "120" },
      }),
  };
}

const forgejo: ForgeCase = {
  forge: "Forgejo",
  reviewed: forgejoReviewed,
  host: "codeberg.org",
  pullUrl: "https://codeberg.org/octo/app/pulls/7",
  token: FORGEJO_TOKEN,
  readOnlyToken: FORGEJO_READ_ONLY_TOKEN,
  tokenVariable: "FORGEJO_TOKEN",
  wrongToken: "fj_wrong",
  noToken:
    "opencode-review pr: no token for codeberg.org: set FORGEJO_TOKEN or GITEA_TOKEN to a token with repository read and write access (made at https://codeberg.org/user/settings/applications).",
  refused:
    "opencode-review pr: codeberg.org refused the token (401 invalid username, password or token): it is wrong, expired or revoked; set a new one in FORGEJO_TOKEN.",
  lacksScope:
    "opencode-review pr: codeberg.org refused the token on octo/app (403 token does not have at least one of required scope(s): [write:repository]): it lacks a scope; give it write:repository.",
  rateLimit:
    /^opencode-review pr: codeberg.org's rate limit for this token is used up until 20\d\d-\S+Z; pull or push again after that \(nothing was lost\)\.$/,
  offline: { FORGEJO_API_URL: "http://127.0.0.1:9/api/v1" },
  plainHttp: {
    env: { FORGEJO_API_URL: "http://codeberg.org/api/v1" },
    says: "FORGEJO_API_URL is http://codeberg.org: the token would travel unencrypted; use an https:// address",
  },
};

/** A string is the whole line; a pattern is matched against it. */
function expectSays(err: string, want: string | RegExp): void {
  if (typeof want === "string") expect(err).toBe(want);
  else expect(err).toMatch(want);
}

/** The agent's reply on alice's thread claims a resolve the work tree bears out (the first item is the start). */
async function resolvingReply(f: Reviewed["f"], text: string) {
  await f.repo.write(
    "src/app.ts",
    (await f.repo.git("show", "HEAD:src/app.ts")).replace("  let sum = 0;", "  let sum = xs[0] ?? 0;"),
  );
  return replyAsAgent(f, text, true);
}

describe.each([github, forgejo])("opencode-review pr on $forge", (forge) => {
  const { host, pullUrl } = forge;
  const withToken = (f: Reviewed["f"], token: string | undefined) => ({ ...f.env, [forge.tokenVariable]: token });

  test("pull, status and push from the command line; the token is in no file of .git and in no output", async () => {
    const { f, commenters, problems } = await forge.reviewed();
    const pulled = await cli(f, ["pr", "pull"]);
    expect(pulled).toMatchObject({ code: 0, err: "" });
    expect(pulled.out).toContain(`PR #7: 1 new thread, 1 new comment (${pullUrl})`);
    expect(pulled.out).toContain("Waiting for the agent in src/app.ts.");
    expect((await cli(f, ["pr", "pull"])).out).toBe(`PR #7: nothing new since the last pull (${pullUrl})`);

    // The agent answers through the CLI's store, as it would through the plugin on the same repository.
    await replyAsAgent(f, "Done: it starts from xs[0].");

    const status = await cli(f, ["pr", "status"]);
    expect(status.code).toBe(0);
    expect(status.out.split("\n").slice(0, 3).join("\n")).toMatch(
      new RegExp(
        `^PR #7 on octo/app \\(${pullUrl.replace(/[./]/g, "\\$&")}\\)\\nPulled 20\\S+: 1 threads, 1 comments\\.\\n1 reply waits to be pushed as @person \\(opencode-review pr push\\):$`,
      ),
    );
    expect(status.out).toContain("src/app.ts:2 to alice: Done: it starts from xs[0].");

    const pushed = await cli(f, ["pr", "push"]);
    expect(pushed).toMatchObject({ code: 0, err: "", out: `PR #7: posted 1 reply, resolved 0 threads (${pullUrl})` });
    expect(commenters()).toEqual(["alice", "person"]);
    expect((await cli(f, ["pr", "status"])).out).toContain("Nothing waits to be pushed (1 posted).");

    for (const output of [pulled, status, pushed]) expect(output.out + output.err).not.toContain(forge.token);
    const leaks = (await filesUnder(join(f.repo.dir, ".git"))).filter((file) =>
      file.bytes.includes(Buffer.from(forge.token)),
    );
    expect(leaks.map((l) => l.path)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  describe("each failure is one line that says what to do", () => {
    const oneLine = (err: string) => {
      expect(err.split("\n")).toHaveLength(1);
      expect(err).not.toContain(forge.token);
      expect(err).not.toContain(forge.readOnlyToken);
    };

    test("no token: nothing is asked of the forge", async () => {
      const { f, requests } = await forge.reviewed();
      const r = await cli(f, ["pr", "pull"], withToken(f, undefined));
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(forge.noToken);
      expect(requests()).toEqual([]);
    });

    test("a refused token (401)", async () => {
      const { f } = await forge.reviewed();
      const r = await cli(f, ["pr", "pull"], withToken(f, forge.wrongToken));
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toBe(forge.refused);
      expect(r.err).not.toContain(forge.wrongToken);
    });

    test("a token without the scope to write: the push stops, the reply stays queued", async () => {
      const { f } = await forge.reviewed();
      expect((await cli(f, ["pr", "pull"], withToken(f, forge.readOnlyToken))).code).toBe(0);
      await replyAsAgent(f);
      const r = await cli(f, ["pr", "push"], withToken(f, forge.readOnlyToken));
      expect(r.code).toBe(1);
      oneLine(r.err);
      expectSays(r.err, forge.lacksScope);
      expect((await cli(f, ["pr", "status"])).out).toContain("1 reply waits to be pushed");
    });

    test("no pull request for the branch, and none with the number given", async () => {
      const { f, closePulls } = await forge.reviewed();
      closePulls();
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

    test("a rate limit, with when it resets", async () => {
      const { f, rateLimited } = await forge.reviewed();
      rateLimited();
      const r = await cli(f, ["pr", "pull"]);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expectSays(r.err, forge.rateLimit);
    });

    test("the forge unreachable: what was queued stays queued", async () => {
      const { f, commenters } = await forge.reviewed();
      await cli(f, ["pr", "pull"]);
      await replyAsAgent(f);
      const offline = { ...f.env, ...forge.offline };
      let r = await cli(f, ["pr", "push"], offline);
      expect(r.code).toBe(1);
      oneLine(r.err);
      expect(r.err).toMatch(
        new RegExp(
          `^opencode-review pr: cannot reach ${host} \\(.+\\); 0 sent, 1 reply stays queued: run opencode-review pr push again when ${host} answers\\.$`,
        ),
      );
      r = await cli(f, ["pr", "pull"], offline);
      expect(r.err).toMatch(
        new RegExp(
          `^opencode-review pr: cannot reach ${host} \\(.+\\); nothing was lost: try again when it answers\\.$`,
        ),
      );
      expect((await cli(f, ["pr", "status"])).out).toContain("1 reply waits to be pushed");
      expect((await cli(f, ["pr", "push"])).out).toContain("posted 1 reply");
      expect(commenters()).toHaveLength(2);
    });

    test("plain http to a host that is not loopback is refused before any token is read", async () => {
      const { f } = await forge.reviewed();
      const r = await cli(f, ["pr", "pull"], { ...f.env, ...forge.plainHttp.env });
      expect(r.code).toBe(2);
      oneLine(r.err);
      expect(r.err).toContain(forge.plainHttp.says);
    });
  });
});

describe("opencode-review pr on GitHub alone", () => {
  test("the token comes from gh auth token when no variable holds one", async () => {
    const { f } = await githubReviewed();
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

  test("a remote that is not a forge: exit 1, as docs/cli.md says (the command line was right)", async () => {
    const { f } = await githubReviewed();
    await f.repo.git("remote", "set-url", "origin", "/srv/git/app.git");
    const r = await cli(f, ["pr", "pull"]);
    expect(r.code).toBe(1);
    expect(r.err.split("\n")).toHaveLength(1);
    expect(r.err).not.toContain(STAND_IN_TOKEN);
    expect(r.err).not.toContain(READ_ONLY_TOKEN);
    expect(r.err).toContain("is not on a forge");
  });

  test("pr pull names each thread it left out and why, and brings the rest in", async () => {
    const { f } = await githubReviewed();
    f.github.addThread(f.pull, {
      login: "mallory",
      body: "Look.",
      path: "../../etc/passwd",
      line: 1,
      commit: f.head,
    });
    const pulled = await cli(f, ["pr", "pull"]);
    expect(pulled).toMatchObject({ code: 0, err: "" });
    expect(pulled.out).toContain("PR #7: 1 new thread, 1 new comment");
    expect(pulled.out).toMatch(
      /^Not brought in: skipped the thread https:\/\/github\.com\/octo\/app\/pull\/7#discussion_r\d+: its path "\.\.\/\.\.\/etc\/passwd" is not a plain path from the repository's root\.$/m,
    );
  });
});

describe("opencode-review pr on Forgejo alone: its API has no resolve (its registry entry says so)", () => {
  test("pr status says a resolving reply is resolved here only", async () => {
    const { f } = await forgejoReviewed();
    await cli(f, ["pr", "pull"]);
    expect(await resolvingReply(f, "Starts from the first item now.")).toEqual({ resolved: true });
    const status = await cli(f, ["pr", "status"]);
    expect(status.out).toContain(
      "src/app.ts:2 to alice, resolved here only (the forge's API has no resolve): Starts from the first item now.",
    );
  });

  test("a push whose checked resolve held says the thread is resolved here only; the token is in no file of .git", async () => {
    const { f, thread, problems } = await forgejoReviewed();
    await cli(f, ["pr", "pull"]);
    expect(await resolvingReply(f, "Starts from xs[0].")).toEqual({ resolved: true });
    const pushed = await cli(f, ["pr", "push"]);
    expect(pushed.out).toBe(
      "PR #7: posted 1 reply, resolved 0 threads (https://codeberg.org/octo/app/pulls/7)\n1 thread is resolved here only: the forge's API has no resolve; resolve it on the pull request's page.",
    );
    expect(thread.first.resolver).toBeNull();
    const leaks = (await filesUnder(join(f.repo.dir, ".git"))).filter((file) =>
      file.bytes.includes(Buffer.from(FORGEJO_TOKEN)),
    );
    expect(leaks.map((l) => l.path)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  test("GITEA_TOKEN is read when FORGEJO_TOKEN is not set", async () => {
    const { f } = await forgejoReviewed();
    const pulled = await cli(f, ["pr", "pull"], { ...f.env, FORGEJO_TOKEN: undefined, GITEA_TOKEN: FORGEJO_TOKEN });
    expect(pulled).toMatchObject({ code: 0, err: "" });
  });
});
