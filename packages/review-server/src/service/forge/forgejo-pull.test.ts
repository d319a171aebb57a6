// pr pull against the Forgejo and Gitea stand-ins: the same service as GitHub's, the /api/v1 client.
import { threadSchema } from "@opencode-review/core";
import { afterEach, describe, expect, test, vi } from "vitest";
import { makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";
import type { ForgejoFlavor } from "../../forge/testing/forgejo-swagger-check.js";
import { startAutoForge } from "./auto-forge.js";

let fixture: ForgejoFixture | undefined;
let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  stop = undefined;
  await fixture?.close();
  fixture = undefined;
});

const HUNK = "@@ -0,0 +1,4 @@\n+export function total(xs: number[]) {\n+  let sum = 0;";

async function withReview(flavor: ForgejoFlavor) {
  const f = (fixture = await makeForgejoFixture(flavor));
  const open = f.forgejo.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
    diffHunk: HUNK,
  });
  f.forgejo.reply(open, "bob", "Or use reduce.");
  const done = f.forgejo.addThread(f.pull, {
    login: "carol",
    body: "Export this?",
    path: "src/app.ts",
    line: 7,
    commit: f.head,
    resolved: true,
  });
  return { f, open, done };
}

const local = async (f: ForgejoFixture, forgeId: string) =>
  (await f.service.listThreads({ status: "all" })).find((t) => t.forge?.threadId === forgeId)!;
const idOf = (t: { review: { id: number }; first: { line: number; path: string } }) =>
  `${t.review.id}:${t.first.line < 0 ? "old" : "new"}:${Math.abs(t.first.line)}:${t.first.path}`;

for (const flavor of ["forgejo", "gitea"] as const) {
  describe(`pr pull from ${flavor}`, () => {
    test("brings the conversations in as threads with who said what, anchored at the comment's commit, resolved ones resolved", async () => {
      const { f, open, done } = await withReview(flavor);
      const result = await f.service.pullForge();
      expect(result).toMatchObject({
        pr: 7,
        url: "https://codeberg.org/octo/app/pulls/7",
        unchanged: false,
        newThreads: 2,
        newComments: 3,
        withoutCommit: 0,
      });
      const threads = await f.service.listThreads({ status: "all" });
      expect(threads).toHaveLength(2);
      for (const t of threads) expect(threadSchema.safeParse(t).success).toBe(true);
      expect(await local(f, idOf(open))).toMatchObject({
        origin: "forge",
        forge: {
          kind: "forgejo",
          pr: 7,
          threadId: idOf(open),
          url: `https://codeberg.org/octo/app/pulls/7/files#issuecomment-${open.first.id}`,
        },
        file: "src/app.ts",
        start: 2,
        end: 2,
        quoted: ["+  let sum = 0;"],
        anchor: { state: "current" },
        status: "open",
        awaiting: "agent",
      });
      expect((await local(f, idOf(open))).messages.map((m) => [m.author, m.login, m.body])).toEqual([
        ["human", "alice", "Start from the first item?"],
        ["human", "bob", "Or use reduce."],
      ]);
      expect(await local(f, idOf(done))).toMatchObject({ status: "resolved", resolvedBy: "human" });
      expect((await f.service.agentList({})).output).toContain("bob on PR #7: Or use reduce.");
      expect(f.forgejo.problems).toEqual([]);
    });

    test("pulling twice gives the same threads: nothing doubles, nothing is new", async () => {
      const { f } = await withReview(flavor);
      await f.service.pullForge();
      const first = await f.service.listThreads({ status: "all" });
      const again = await f.service.pullForge();
      expect(again).toMatchObject({ unchanged: true, newThreads: 0, newComments: 0 });
      const second = await f.service.listThreads({ status: "all" });
      expect(second.map((t) => [t.id, t.messages.map((m) => m.id)])).toEqual(
        first.map((t) => [t.id, t.messages.map((m) => m.id)]),
      );
      expect(second.flatMap((t) => t.messages)).toHaveLength(3);
      expect(f.forgejo.problems).toEqual([]);
    });

    test("follows new comments, a resolve and a reopen made on the forge", async () => {
      const { f, open, done } = await withReview(flavor);
      await f.service.pullForge();
      f.forgejo.reply(open, "alice", "Any news?");
      f.forgejo.setResolved(done, false, "carol");
      f.forgejo.addThread(f.pull, {
        login: "dave",
        body: "Old line?",
        path: "src/app.ts",
        line: 1,
        side: "old",
        commit: f.head,
      });
      expect(await f.service.pullForge()).toMatchObject({
        unchanged: false,
        newThreads: 1,
        newComments: 2,
        reopened: 1,
        resolved: 0,
      });
      expect((await local(f, idOf(open))).messages.map((m) => m.login)).toEqual(["alice", "bob", "alice"]);
      expect(await local(f, idOf(done))).toMatchObject({ status: "open", awaiting: "agent" });
      expect(
        (await f.service.listThreads({ status: "all" })).find((t) => t.messages[0]!.login === "dave"),
      ).toMatchObject({ side: "old", start: 1, end: 1 });

      f.forgejo.setResolved(open, true, "alice");
      expect(await f.service.pullForge()).toMatchObject({ resolved: 1, reopened: 0, newComments: 0 });
      expect(await local(f, idOf(open))).toMatchObject({ status: "resolved", resolvedBy: "human" });
      expect((await f.service.listThreads({ status: "all" })).flatMap((t) => t.messages)).toHaveLength(5);
      expect(f.forgejo.problems).toEqual([]);
    });
  });
}

describe("conversations on one line", () => {
  for (const [flavor, expected] of [
    ["forgejo", [["alice"], ["bob", "alice"]]],
    ["gitea", [["alice", "bob", "alice"]]],
  ] as const) {
    test(`two reviews on the same line read as ${flavor}'s page shows them`, async () => {
      const f = (fixture = await makeForgejoFixture(flavor));
      f.forgejo.addThread(f.pull, { login: "alice", body: "One.", path: "src/app.ts", line: 2, commit: f.head });
      const second = f.forgejo.addThread(f.pull, {
        login: "bob",
        body: "Two.",
        path: "src/app.ts",
        line: 2,
        commit: f.head,
      });
      f.forgejo.reply(second, "alice", "Three.");
      await f.service.pullForge();
      const threads = await f.service.listThreads({ status: "all" });
      expect(threads.map((t) => t.messages.map((m) => m.login))).toEqual(expected);
      expect(f.forgejo.problems).toEqual([]);
    });
  }
});

describe("pr pull from forgejo, automatically", () => {
  test("a new forge comment reaches the agent with a notice naming the pull request", async () => {
    const { f, open } = await withReview("forgejo");
    await f.service.recordSession({ id: "ses_1", title: "Work", directory: f.repo.dir });
    const errors: unknown[] = [];
    stop = startAutoForge(f.service, { intervalMs: 50 }, (e) => errors.push(e)).stop;
    await vi.waitFor(() => expect(f.delivered).toHaveLength(1), { timeout: 20_000, interval: 20 });
    expect(f.delivered[0]!.text).toBe(
      "3 new comments on PR #7 (https://codeberg.org/octo/app/pulls/7) wait for you in src/app.ts. Call review_list to read them, and answer with review_reply.",
    );
    f.forgejo.reply(open, "alice", "Any news?");
    await vi.waitFor(() => expect(f.delivered).toHaveLength(2), { timeout: 20_000, interval: 20 });
    expect(f.delivered[1]!.text).toMatch(/^1 new comment on PR #7 /);
    expect(errors).toEqual([]);
  });
});
