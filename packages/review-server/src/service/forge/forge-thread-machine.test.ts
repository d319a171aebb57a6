import { afterEach, describe, expect, test } from "vitest";
import { makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";

let fixture: GitHubFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe("forge events go through the thread machine", () => {
  test("a thread reopened on the forge with a comment moves the checkpoint: a claim with no edit since is refused, one after a new edit holds", async () => {
    const f = (fixture = await makeGitHubFixture());
    const thread = f.github.addThread(f.pull, {
      login: "alice",
      body: "Start from the first item?",
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    await f.service.pullForge();
    const id = (await f.service.listThreads({ status: "all" })).find((t) => t.forge?.threadId === thread.id)!.id;
    const original = await f.repo.git("show", "HEAD:src/app.ts");
    await f.repo.write("src/app.ts", original.replace("  let sum = 0;", "  let sum = xs[0] ?? 0;"));
    const fixed = await f.service.agentReply({ id, text: "Starts from the first item now.", resolved: true });
    expect(fixed.resolved).toBe(true);
    expect(await f.service.pushForge()).toMatchObject({ posted: 1, resolved: 1 });
    expect(thread.isResolved).toBe(true);

    // The reviewer disagrees on the forge: unresolves it and says so.
    f.github.setResolved(thread, false, "alice");
    f.github.reply(f.pull, thread, "alice", "Still wrong: an empty list now gives undefined.");
    expect(await f.service.pullForge()).toMatchObject({ newComments: 1, reopened: 1 });
    const reopened = (await f.service.listThreads({ status: "all" })).find((t) => t.id === id)!;
    expect(reopened).toMatchObject({ status: "open", awaiting: "agent" });

    const again = await f.service.agentReply({ id, text: "It is fine as it is.", resolved: true });
    expect(again.resolved).toBe(false);
    expect(again.refusal).toMatch(/^Replied, but not resolved:/);

    await f.repo.write("src/app.ts", original.replace("  let sum = 0;", "  let sum = xs.length > 0 ? xs[0]! : 0;"));
    const edited = await f.service.agentReply({ id, text: "Empty lists give 0 now.", resolved: true });
    expect(edited.resolved).toBe(true);
  });
});
