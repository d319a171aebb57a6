import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";

let fixture: GitHubFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

// What anyone who can comment on a pull request can send: the published schema allows all of it.
describe("pr pull of hostile forge data", () => {
  test("thread paths that leave the work tree are skipped with a reason; a missing file reads outdated; the pull goes on", async () => {
    const f = (fixture = await makeGitHubFixture());
    symlinkSync("/etc", join(f.repo.dir, "etc-link"));
    for (const path of [
      "../../etc/passwd",
      "/etc/passwd",
      "a/../../x",
      "etc-link/passwd",
      "bad\0name",
      "two\nlines",
      ".git/config",
    ]) {
      f.github.addThread(f.pull, { login: "mallory", body: `on ${path}`, path, line: 1, commit: f.head });
    }
    f.github.addThread(f.pull, { login: "alice", body: "Gone?", path: "src/gone.ts", line: 1, commit: f.head });
    f.github.addThread(f.pull, { login: "alice", body: "Fine.", path: "src/app.ts", line: 2, commit: f.head });
    const result = await f.service.pullForge();
    expect(result.newThreads).toBe(2);
    expect(result.skipped).toHaveLength(7);
    expect(result.skipped.find((l) => l.includes("etc-link/passwd"))).toMatch(
      /leads outside the work tree through a symlink/,
    );
    expect(result.skipped.find((l) => l.includes("../../etc/passwd"))).toMatch(/is not a plain path/);
    expect(result.skipped.find((l) => l.includes(".git/config"))).toMatch(/inside the .git folder/);
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads.map((t) => t.file).sort()).toEqual(["src/app.ts", "src/gone.ts"]);
    expect(threads.find((t) => t.file === "src/gone.ts")!.anchor.state).toBe("outdated");
    const listed = await f.service.agentList({});
    expect(listed.output).not.toContain("root:");
    expect(listed.output).toContain("Fine.");
  });

  test("a folder a thread is on that becomes a symlink out after the pull: the listing goes on and reads nothing outside", async () => {
    const f = (fixture = await makeGitHubFixture());
    f.github.addThread(f.pull, { login: "alice", body: "Here.", path: "lib/passwd", line: 1, commit: f.head });
    f.github.addThread(f.pull, { login: "alice", body: "Fine.", path: "src/app.ts", line: 2, commit: f.head });
    expect((await f.service.pullForge()).newThreads).toBe(2);
    symlinkSync("/etc", join(f.repo.dir, "lib"));
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads).toHaveLength(2);
    const listed = await f.service.agentList({});
    expect(listed.output).not.toContain("root:");
    expect(listed.output).toContain("Fine.");
  });

  test("a body of 5,000 characters comes in whole and the agent's reply on its thread works; escapes and bidi overrides are dropped", async () => {
    const f = (fixture = await makeGitHubFixture());
    const long = `${"word ".repeat(1000)}end`;
    const t = f.github.addThread(f.pull, {
      login: "\u001b[31mmallory\u202e",
      body: long,
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    f.github.reply(
      f.pull,
      t,
      "bob",
      "red \u001b[31mtext\u001b[0m \u202eevil\u202c <script>alert(1)</script> \u0007bell",
    );
    await f.service.pullForge();
    const [thread] = await f.service.listThreads({ status: "all" });
    expect(thread!.messages[0]!.body).toBe(long);
    expect(thread!.messages[0]!.login).toBe("[31mmallory");
    expect(thread!.messages[1]!.body).toBe("red [31mtext[0m evil <script>alert(1)</script> bell");
    const listed = await f.service.agentList({});
    expect(listed.output).not.toMatch(/[\u001b\u0007\u202e]/);
    const reply = await f.service.agentReply({ id: thread!.id, text: "Done." });
    expect(reply).toBeDefined();
  });

  test("line numbers of 0, negative, past the end, start after end and huge pin the whole file; a repeated thread or comment comes in once, a thread with no comments not at all", async () => {
    const f = (fixture = await makeGitHubFixture());
    for (const [line, startLine] of [
      [0, undefined],
      [-3, undefined],
      [400, undefined],
      [2, 5],
      [2 ** 31 - 1, 1],
    ] as const) {
      f.github.addThread(f.pull, {
        login: "alice",
        body: `at ${line}`,
        path: "src/app.ts",
        line,
        startLine,
        commit: f.head,
      });
    }
    const twice = f.github.addThread(f.pull, {
      login: "alice",
      body: "twice",
      path: "src/app.ts",
      line: 1,
      commit: f.head,
    });
    f.pull.threads.push(twice);
    // A thread with no comments, and one that repeats another thread's comment id.
    f.pull.threads.push(
      { ...twice, id: "PRRT_empty", comments: [] },
      { ...twice, id: "PRRT_copy", comments: [...twice.comments] },
    );
    const result = await f.service.pullForge();
    expect(result.newThreads).toBe(6);
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads).toHaveLength(6);
    for (const t of threads.filter((x) => x.messages[0]!.body !== "twice"))
      expect([t.start, t.end]).toEqual([null, null]);
  });

  test("a thread on a binary file or a big one comes in pinned to the whole file or its line, and lists", async () => {
    const f = (fixture = await makeGitHubFixture());
    await f.repo.write("assets/logo.bin", new Uint8Array([0, 1, 2, 0, 255, 10, 0]));
    await f.repo.write("big.txt", "x\n".repeat(2_000_000));
    const head = await f.repo.commitAll("add a binary and a big file");
    f.github.addThread(f.pull, { login: "alice", body: "Binary?", path: "assets/logo.bin", line: 1, commit: head });
    f.github.addThread(f.pull, { login: "alice", body: "Big.", path: "big.txt", line: 1_999_999, commit: head });
    expect((await f.service.pullForge()).newThreads).toBe(2);
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads.find((t) => t.file === "assets/logo.bin")).toMatchObject({ start: null, end: null });
    expect(threads.find((t) => t.file === "big.txt")).toMatchObject({
      start: 1_999_999,
      end: 1_999_999,
      quoted: [" x"],
    });
    expect((await f.service.agentList({})).output).toContain("Binary?");
  }, 60_000);
});
