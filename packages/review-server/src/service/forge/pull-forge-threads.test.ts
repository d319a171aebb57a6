import { threadSchema } from "@opencode-review/core";
import { afterEach, describe, expect, test } from "vitest";
import { makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";

let fixture: GitHubFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

const HUNK = "@@ -0,0 +1,4 @@\n+export function total(xs: number[]) {\n+  let sum = 0;";

async function withReview() {
  const f = (fixture = await makeGitHubFixture());
  const open = f.github.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
    diffHunk: HUNK,
  });
  f.github.reply(f.pull, open, "bob", "Or use reduce.");
  const done = f.github.addThread(f.pull, {
    login: "carol",
    body: "Export this?",
    path: "src/app.ts",
    line: 7,
    commit: f.head,
    resolved: true,
  });
  return { f, open, done };
}

describe("pr pull", () => {
  test("brings the pull request's threads in with who said what, anchored at the comment's commit, resolved ones resolved", async () => {
    const { f, open, done } = await withReview();
    const result = await f.service.pullForge();
    expect(result).toMatchObject({ pr: 7, unchanged: false, newThreads: 2, newComments: 3, withoutCommit: 0 });

    const threads = await f.service.listThreads({ status: "all" });
    expect(threads).toHaveLength(2);
    for (const t of threads) expect(threadSchema.safeParse(t).success).toBe(true);
    const first = threads.find((t) => t.forge?.threadId === open.id)!;
    expect(first).toMatchObject({
      origin: "forge",
      forge: {
        kind: "github",
        pr: 7,
        threadId: open.id,
        url: `https://github.com/octo/app/pull/7#discussion_r${open.comments[0]!.databaseId}`,
      },
      file: "src/app.ts",
      start: 2,
      end: 2,
      quoted: ["+  let sum = 0;"],
      anchor: { state: "current", start: 2, end: 2 },
      status: "open",
      awaiting: "agent",
    });
    expect(first.messages.map((m) => [m.author, m.login, m.body])).toEqual([
      ["human", "alice", "Start from the first item?"],
      ["human", "bob", "Or use reduce."],
    ]);
    expect(threads.find((t) => t.forge?.threadId === done.id)).toMatchObject({
      status: "resolved",
      resolvedBy: "human",
    });

    // The agent reads who said it, on which pull request.
    const listed = await f.service.agentList({});
    expect(listed.output).toContain("Opened by alice on PR #7.");
    expect(listed.output).toContain("bob on PR #7: Or use reduce.");
    expect(await f.service.waitingForAgent()).toEqual({ count: 1, files: ["src/app.ts"] });
    expect(f.github.problems).toEqual([]);
  });

  test("pulling again adds nothing, and costs one cheap request", async () => {
    const { f } = await withReview();
    await f.service.pullForge();
    f.github.resetCounters();
    const again = await f.service.pullForge();
    expect(again.unchanged).toBe(true);
    expect(f.github.counters).toMatchObject({ graphqlRequests: 1, graphqlPoints: 1, restCalls: 0 });
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads).toHaveLength(2);
    expect(threads.flatMap((t) => t.messages)).toHaveLength(3);
  });

  test("follows new comments, resolves and reopens made on the forge, keyed by its ids: nothing doubles", async () => {
    const { f, open, done } = await withReview();
    await f.service.pullForge();
    f.github.reply(f.pull, open, "alice", "Any news?");
    f.github.setResolved(done, false, "carol");
    const third = f.github.addThread(f.pull, {
      login: "dave",
      body: "Typo.",
      path: "src/app.ts",
      line: 4,
      commit: f.head,
    });

    const result = await f.service.pullForge();
    expect(result).toMatchObject({ unchanged: false, newThreads: 1, newComments: 2, reopened: 1, resolved: 0 });
    let threads = await f.service.listThreads({ status: "all" });
    expect(threads).toHaveLength(3);
    expect(threads.find((t) => t.forge?.threadId === open.id)!.messages.map((m) => m.login)).toEqual([
      "alice",
      "bob",
      "alice",
    ]);
    expect(threads.find((t) => t.forge?.threadId === done.id)).toMatchObject({ status: "open", awaiting: "agent" });

    f.github.setResolved(open, true, "alice");
    expect(await f.service.pullForge()).toMatchObject({ resolved: 1, reopened: 0, newComments: 0 });
    threads = await f.service.listThreads({ status: "all" });
    expect(threads.find((t) => t.forge?.threadId === open.id)).toMatchObject({
      status: "resolved",
      resolvedBy: "human",
    });
    expect(threads.flatMap((t) => t.messages)).toHaveLength(5);
    expect(third.comments).toHaveLength(1);
  });

  test("a thread follows the code as the agent edits: changed, then outdated", async () => {
    const { f, open } = await withReview();
    await f.service.pullForge();
    const text = (await f.repo.git("show", "HEAD:src/app.ts")).replace("  let sum = 0;", "  let sum = xs[0] ?? 0;");
    await f.repo.write("src/app.ts", text);
    let thread = (await f.service.listThreads({ status: "all" })).find((t) => t.forge?.threadId === open.id)!;
    expect(thread.anchor.state).toBe("changed");
    // The checked resolve holds: the code under the comment differs from the commit it was written on.
    const reply = await f.service.agentReply({
      id: thread.id,
      text: "Starts from the first item now.",
      resolved: true,
    });
    expect(reply.resolved).toBe(true);
    await f.repo.write("src/app.ts", "");
    thread = (await f.service.listThreads({ status: "all" })).find((t) => t.forge?.threadId === open.id)!;
    expect(thread.anchor.state).toBe("outdated");
  });

  test("a comment whose commit is not here is pinned to the file as the work tree has it, at the line the forge shows", async () => {
    const f = (fixture = await makeGitHubFixture());
    f.github.addThread(f.pull, {
      login: "alice",
      body: "Rename?",
      path: "src/app.ts",
      line: 7,
      commit: "1234567890abcdef1234567890abcdef12345678",
    });
    const result = await f.service.pullForge();
    expect(result.withoutCommit).toBe(1);
    const [thread] = await f.service.listThreads({ status: "all" });
    expect(thread).toMatchObject({
      start: 7,
      end: 7,
      quoted: [" export const name = 'app';"],
      anchor: { state: "current" },
    });
  });

  test("300 threads and 2,000 comments come in a handful of paginated requests, well inside the rate limit", async () => {
    const f = (fixture = await makeGitHubFixture());
    for (let i = 0; i < 300; i++) {
      const t = f.github.addThread(f.pull, {
        login: `reviewer${i % 7}`,
        body: `Comment ${i}`,
        path: "src/app.ts",
        line: 1 + (i % 7),
        commit: f.head,
      });
      // 2,000 in all: 300 first comments and 1,700 replies, one thread with 150 (past a page of 100).
      const replies = i === 0 ? 150 : i <= 225 ? 7 : 0;
      for (let r = 0; r < replies; r++) f.github.reply(f.pull, t, "bob", `Reply ${i}.${r}`);
    }
    expect(f.pull.threads.flatMap((t) => t.comments)).toHaveLength(300 + 150 + 225 * 7);
    const total = f.pull.threads.flatMap((t) => t.comments).length;

    f.github.resetCounters();
    const result = await f.service.pullForge();
    expect(result.newComments).toBe(total);
    // The survey (3 pages of 100 threads), the threads (3 pages) and the one thread's second page of comments.
    expect(f.github.counters.graphqlRequests).toBe(7);
    expect(f.github.counters.graphqlPoints).toBeLessThanOrEqual(7);
    expect(f.github.counters.restCalls).toBe(0);
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads).toHaveLength(300);
    expect(threads.flatMap((t) => t.messages)).toHaveLength(total);

    f.github.resetCounters();
    expect((await f.service.pullForge()).unchanged).toBe(true);
    expect(f.github.counters.graphqlRequests).toBe(3);
    expect(f.github.problems).toEqual([]);
  }, 60_000);
});
