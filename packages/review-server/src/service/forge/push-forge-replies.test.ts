import { ReviewError } from "@opencode-review/core";
import { afterEach, describe, expect, test } from "vitest";
import { makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";

let fixture: GitHubFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function reviewed() {
  const f = (fixture = await makeGitHubFixture());
  const sum = f.github.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
  });
  const name = f.github.addThread(f.pull, {
    login: "bob",
    body: "Is this name right?",
    path: "src/app.ts",
    line: 7,
    commit: f.head,
  });
  await f.service.pullForge();
  const threads = await f.service.listThreads({ status: "all" });
  const local = (id: string) => threads.find((t) => t.forge?.threadId === id)!;
  return { f, sum, name, sumId: local(sum.id).id, nameId: local(name.id).id };
}

async function failure(promise: Promise<unknown>): Promise<ReviewError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReviewError);
  return error as ReviewError;
}

describe("pr push", () => {
  test("queued replies are posted once each in their own threads; a forge thread is resolved only where the checked resolve held", async () => {
    const { f, sum, name, sumId, nameId } = await reviewed();
    await f.repo.write(
      "src/app.ts",
      (await f.repo.git("show", "HEAD:src/app.ts")).replace("  let sum = 0;", "  let sum = xs[0] ?? 0;"),
    );
    const fixed = await f.service.agentReply({ id: sumId, text: "Starts from the first item now.", resolved: true });
    expect(fixed.resolved).toBe(true);
    // Nothing changed under bob's line: the claim is refused, the reply still goes out, the thread stays open.
    const claimed = await f.service.agentReply({ id: nameId, text: "The name is right.", resolved: true });
    expect(claimed.refusal).toMatch(/^Replied, but not resolved:/);
    expect(fixed.thread.messages.at(-1)!.forge).toEqual({ state: "queued" });
    expect((await f.service.forgeStatus()).waiting.map((w) => [w.body, w.resolves, w.to])).toEqual([
      ["Starts from the first item now.", true, "alice"],
      ["The name is right.", false, "bob"],
    ]);
    expect(sum.comments).toHaveLength(1);

    const pushed = await f.service.pushForge();
    expect(pushed).toMatchObject({ pr: 7, posted: 2, found: 0, resolved: 1, failed: [] });
    expect(sum.comments.map((c) => [c.login, c.body.split("\n")[0]])).toEqual([
      ["alice", "Start from the first item?"],
      ["person", "Starts from the first item now."],
    ]);
    expect(name.comments.map((c) => c.login)).toEqual(["bob", "person"]);
    expect(sum.isResolved).toBe(true);
    expect(name.isResolved).toBe(false);
    const posted = (await f.service.listThreads({ status: "all" })).find((t) => t.id === sumId)!.messages.at(-1)!;
    expect(posted.forge).toEqual({
      state: "posted",
      id: String(sum.comments[1]!.databaseId),
      url: `https://github.com/octo/app/pull/7#discussion_r${sum.comments[1]!.databaseId}`,
    });

    // A second push has nothing to send; a pull knows the replies as ours and our resolve as no news.
    expect(await f.service.pushForge()).toMatchObject({ posted: 0, resolved: 0 });
    expect(sum.comments).toHaveLength(2);
    const again = await f.service.pullForge();
    expect(again).toMatchObject({ newComments: 0, resolved: 0, reopened: 0 });
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads.flatMap((t) => t.messages)).toHaveLength(4);
    expect(threads.find((t) => t.id === sumId)).toMatchObject({ status: "resolved", resolvedBy: "agent" });
    expect(await f.service.forgeStatus()).toMatchObject({ waiting: [], posted: 2 });
    expect(f.github.problems).toEqual([]);
  });

  test("a reply whose answer was lost is found on the forge by the next push, not posted twice", async () => {
    const { f, sum, sumId } = await reviewed();
    await f.service.agentReply({ id: sumId, text: "Will do." });
    f.github.failNext(/^POST \/repos\//, { kind: "drop" });
    const lost = await failure(f.service.pushForge());
    expect(lost.code).toBe("forge_unreachable");
    expect(lost.message).toMatch(/0 sent, 1 reply stays queued: run opencode-review pr push again/);
    // The forge has it; here it still reads queued.
    expect(sum.comments).toHaveLength(2);
    expect((await f.service.forgeStatus()).waiting).toHaveLength(1);

    const retried = await f.service.pushForge();
    expect(retried).toMatchObject({ posted: 1, found: 1 });
    expect(sum.comments).toHaveLength(2);
    expect((await f.service.forgeStatus()).waiting).toEqual([]);
  });

  test("a pull between a lost answer and the next push takes the reply for ours, and nothing is sent again", async () => {
    const { f, sum, sumId } = await reviewed();
    await f.service.agentReply({ id: sumId, text: "Will do." });
    f.github.failNext(/^POST \/repos\//, { kind: "drop" });
    await failure(f.service.pushForge());
    const pulled = await f.service.pullForge();
    expect(pulled.newComments).toBe(0);
    expect(
      (await f.service.listThreads({ status: "all" }))
        .find((t) => t.id === sumId)!
        .messages.map((m) => m.forge?.state ?? m.login),
    ).toEqual(["alice", "posted"]);
    expect(await f.service.pushForge()).toMatchObject({ posted: 0 });
    expect(sum.comments).toHaveLength(2);
  });

  test("a reply the forge refuses is marked failed with why, and the others still go", async () => {
    const { f, sum, name, sumId, nameId } = await reviewed();
    await f.service.agentReply({ id: sumId, text: "First." });
    await f.service.agentReply({ id: nameId, text: "Second." });
    f.github.failNext(/^POST \/repos\/octo\/app\/pulls\/7\/comments\/\d+\/replies$/, {
      kind: "status",
      status: 422,
      body: { message: "Validation Failed", documentation_url: "https://docs.github.com/rest" },
    });
    const pushed = await f.service.pushForge();
    expect(pushed.posted).toBe(1);
    expect(pushed.failed).toHaveLength(1);
    expect(pushed.failed[0]!.error).toMatch(/422 Validation Failed/);
    expect(sum.comments).toHaveLength(1);
    expect(name.comments).toHaveLength(2);
    const status = await f.service.forgeStatus();
    expect(status.waiting).toMatchObject([{ body: "First.", state: "failed" }]);
    expect(
      (await f.service.listThreads({ status: "all" })).find((t) => t.id === sumId)!.messages.at(-1)!.forge,
    ).toMatchObject({ state: "failed", error: expect.stringMatching(/422/) });
    // Tried again by the next push.
    expect(await f.service.pushForge()).toMatchObject({ posted: 1, failed: [] });
    expect(sum.comments).toHaveLength(2);
  });
});
