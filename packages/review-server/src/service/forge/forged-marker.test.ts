// A reply's marker is text anyone can write: only a comment of the token's own account counts as ours.
import { afterEach, describe, expect, test } from "vitest";
import { makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";
import { makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";
import { replyMarker } from "./reply-marker.js";

let fixture: GitHubFixture | ForgejoFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function queued() {
  const f = (fixture = await makeGitHubFixture());
  const thread = f.github.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
  });
  await f.service.pullForge();
  const [open] = await f.service.listThreads({ status: "waiting" });
  const reply = await f.service.agentReply({ id: open!.id, text: "Will do." });
  const messageId = reply.thread.messages.at(-1)!.id;
  const stateOf = async () =>
    (await f.service.listThreads({ status: "all" }))[0]!.messages.find((m) => m.id === messageId)!.forge!.state;
  return { f, thread, messageId, stateOf };
}

describe("a forged reply marker", () => {
  test("in someone's comment, does not make the next pull mark a queued reply posted; the push sends it", async () => {
    const { f, thread, messageId, stateOf } = await queued();
    f.github.reply(f.pull, thread, "mallory", `Looks done to me.\n\n${replyMarker(messageId)}`);
    expect(await f.service.pullForge()).toMatchObject({ newComments: 1 });
    expect(await stateOf()).toBe("queued");
    expect(await f.service.pushForge()).toMatchObject({ posted: 1, found: 0 });
    expect(thread.comments.map((c) => c.login)).toEqual(["alice", "mallory", "person"]);
    expect(await stateOf()).toBe("posted");
  });

  test("in someone's comment, is not taken by a push looking for a reply tried before", async () => {
    const { f, thread, messageId, stateOf } = await queued();
    // The first push's POST fails before the forge did anything: the reply was tried, and stays queued.
    f.github.failNext(/^POST \/repos\//, { kind: "status", status: 502, body: { message: "Bad Gateway" } });
    await f.service.pushForge().catch(() => undefined);
    expect(await stateOf()).toBe("queued");
    f.github.reply(f.pull, thread, "mallory", `Already answered.\n\n${replyMarker(messageId)}`);
    expect(await f.service.pushForge()).toMatchObject({ posted: 1, found: 0 });
    expect(thread.comments.map((c) => c.login)).toEqual(["alice", "mallory", "person"]);
  });

  test("on Forgejo too: the pull and the push know the token's account (GET /user)", async () => {
    const f = (fixture = await makeForgejoFixture("forgejo"));
    const thread = f.forgejo.addThread(f.pull, {
      login: "alice",
      body: "Start from the first item?",
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    await f.service.pullForge();
    const [open] = await f.service.listThreads({ status: "waiting" });
    const reply = await f.service.agentReply({ id: open!.id, text: "Will do." });
    const messageId = reply.thread.messages.at(-1)!.id;
    f.forgejo.failNext(/^POST /, { kind: "status", status: 502, body: { message: "Bad Gateway" } });
    await f.service.pushForge().catch(() => undefined);
    f.forgejo.reply(thread, "mallory", `Already answered.\n\n${replyMarker(messageId)}`);
    await f.service.pullForge();
    expect(await f.service.pushForge()).toMatchObject({ posted: 1, found: 0 });
    expect(f.forgejo.comments(thread).map((c) => c.login)).toEqual(["alice", "mallory", "person"]);
    expect(f.forgejo.problems).toEqual([]);
  });
});
