// One comment of 9 MB beside a normal new thread: the pull succeeds, the other thread comes in, and the
// huge one is stored cut at 64 KB of UTF-8 with a note of its full size and its link.
import { afterEach, describe, expect, test } from "vitest";
import { makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";
import { makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";

let fixture: GitHubFixture | ForgejoFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

// Multi-byte text, so a cut by characters and a cut by bytes differ.
const HUGE = "Ünïcode review text, said again and again. ".repeat(220_000);

function checkCut(body: string, url: string) {
  expect(Buffer.byteLength(body, "utf8")).toBeLessThanOrEqual(64 * 1024);
  expect(body.startsWith(HUGE.slice(0, 1000))).toBe(true);
  expect(body).toContain(`${Buffer.byteLength(HUGE, "utf8").toLocaleString("en-US")} bytes`);
  expect(body).toContain(url);
}

describe("a huge forge comment", () => {
  test.each(["forgejo", "gitea"] as const)(
    "%s: the pull succeeds, the other thread comes in, the huge one is cut with a note",
    async (flavor) => {
      const f = (fixture = await makeForgejoFixture(flavor));
      f.forgejo.addThread(f.pull, { login: "alice", body: HUGE, path: "src/app.ts", line: 2, commit: f.head });
      f.forgejo.addThread(f.pull, {
        login: "bob",
        body: "Is this name right?",
        path: "src/app.ts",
        line: 7,
        commit: f.head,
      });
      expect(await f.service.pullForge()).toMatchObject({ newThreads: 2 });
      const threads = await f.service.listThreads({ status: "all" });
      const huge = threads.find((t) => t.messages[0]!.login === "alice")!;
      checkCut(huge.messages[0]!.body, huge.forge!.url);
      expect(threads.find((t) => t.messages[0]!.login === "bob")!.messages[0]!.body).toBe("Is this name right?");
    },
  );

  test("github: the pull succeeds, the other thread comes in, the huge one is cut with a note", async () => {
    const f = (fixture = await makeGitHubFixture());
    f.github.addThread(f.pull, { login: "alice", body: HUGE, path: "src/app.ts", line: 2, commit: f.head });
    f.github.addThread(f.pull, {
      login: "bob",
      body: "Is this name right?",
      path: "src/app.ts",
      line: 7,
      commit: f.head,
    });
    expect(await f.service.pullForge()).toMatchObject({ newThreads: 2 });
    const threads = await f.service.listThreads({ status: "all" });
    const huge = threads.find((t) => t.messages[0]!.login === "alice")!;
    checkCut(huge.messages[0]!.body, huge.forge!.url);
    expect(threads.find((t) => t.messages[0]!.login === "bob")!.messages[0]!.body).toBe("Is this name right?");
  });
});
