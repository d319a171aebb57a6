// pr push against the Forgejo and Gitea stand-ins: a threaded reply on Forgejo, a quoting one on Gitea;
// a resolve on Gitea, none on Forgejo (its API has none).
import { ReviewError } from "@opencode-review/core";
import { afterEach, describe, expect, test } from "vitest";
import { makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";
import type { ForgejoFlavor } from "../../forge/testing/forgejo-swagger-check.js";

let fixture: ForgejoFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function reviewed(flavor: ForgejoFlavor) {
  const f = (fixture = await makeForgejoFixture(flavor));
  const sum = f.forgejo.addThread(f.pull, {
    login: "alice",
    body: "Start from the first item?",
    path: "src/app.ts",
    line: 2,
    commit: f.head,
  });
  const name = f.forgejo.addThread(f.pull, {
    login: "bob",
    body: "Is this name right?",
    path: "src/app.ts",
    line: 7,
    commit: f.head,
  });
  await f.service.pullForge();
  const threads = await f.service.listThreads({ status: "all" });
  const byFirst = (login: string) => threads.find((t) => t.messages[0]!.login === login)!.id;
  return { f, sum, name, sumId: byFirst("alice"), nameId: byFirst("bob") };
}

async function failure(promise: Promise<unknown>): Promise<ReviewError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReviewError);
  return error as ReviewError;
}

const fixLoop = async (f: ForgejoFixture) =>
  f.repo.write(
    "src/app.ts",
    (await f.repo.git("show", "HEAD:src/app.ts")).replace("  let sum = 0;", "  let sum = xs[0] ?? 0;"),
  );

describe("pr push to forgejo", () => {
  test("each queued reply is posted once, in its conversation (same review, same line); the thread stays open there: Forgejo's API has no resolve", async () => {
    const { f, sum, name, sumId, nameId } = await reviewed("forgejo");
    await fixLoop(f);
    expect(
      (await f.service.agentReply({ id: sumId, text: "Starts from the first item now.", resolved: true })).resolved,
    ).toBe(true);
    await f.service.agentReply({ id: nameId, text: "The name is right." });
    const pushed = await f.service.pushForge();
    expect(pushed).toMatchObject({ pr: 7, posted: 2, found: 0, resolved: 0, unresolvable: 1, failed: [] });
    expect(f.forgejo.comments(sum).map((c) => [c.login, c.reviewId, c.line, c.body.split("\n")[0]])).toEqual([
      ["alice", sum.review.id, 2, "Start from the first item?"],
      ["person", sum.review.id, 2, "Starts from the first item now."],
    ]);
    expect(f.forgejo.comments(name).map((c) => c.login)).toEqual(["bob", "person"]);
    expect(sum.first.resolver).toBeNull();
    // Here the checked resolve holds; a pull neither reopens it nor takes the replies for new comments.
    expect(await f.service.pushForge()).toMatchObject({ posted: 0, resolved: 0, unresolvable: 0 });
    expect(await f.service.pullForge()).toMatchObject({ newComments: 0, resolved: 0, reopened: 0 });
    const threads = await f.service.listThreads({ status: "all" });
    expect(threads.find((t) => t.id === sumId)).toMatchObject({ status: "resolved", resolvedBy: "agent" });
    expect(threads.flatMap((t) => t.messages)).toHaveLength(4);
    expect(f.forgejo.problems).toEqual([]);
  });

  test("a dropped response, then a second push: one reply on the forge", async () => {
    const { f, sum, sumId } = await reviewed("forgejo");
    await f.service.agentReply({ id: sumId, text: "Will do." });
    f.forgejo.failNext(/^POST /, { kind: "drop" });
    const lost = await failure(f.service.pushForge());
    expect(lost.code).toBe("forge_unreachable");
    expect(lost.message).toMatch(
      /0 sent, 1 reply stays queued: run opencode-review pr push again when codeberg.org answers\.$/,
    );
    expect(f.forgejo.comments(sum)).toHaveLength(2);
    expect(await f.service.pushForge()).toMatchObject({ posted: 1, found: 1 });
    expect(f.forgejo.comments(sum)).toHaveLength(2);
    expect((await f.service.forgeStatus()).waiting).toEqual([]);
    expect(f.forgejo.problems).toEqual([]);
  });
});

describe("pr push to gitea", () => {
  test("a reply is a review comment on the same line quoting the comment it answers; the thread is resolved only where the checked resolve held", async () => {
    const { f, sum, name, sumId, nameId } = await reviewed("gitea");
    await fixLoop(f);
    expect(
      (await f.service.agentReply({ id: sumId, text: "Starts from the first item now.", resolved: true })).resolved,
    ).toBe(true);
    expect((await f.service.agentReply({ id: nameId, text: "The name is right.", resolved: true })).refusal).toMatch(
      /^Replied, but not resolved:/,
    );
    expect(await f.service.pushForge()).toMatchObject({ posted: 2, resolved: 1, unresolvable: 0, failed: [] });
    const [question, answer] = f.forgejo.comments(sum);
    expect(answer).toMatchObject({ login: "person", line: 2, path: "src/app.ts" });
    expect(answer!.reviewId).not.toBe(question!.reviewId);
    expect(answer!.body).toMatch(
      /^> @alice wrote:\n> Start from the first item\?\n\nStarts from the first item now\.\n\n<!-- opencode-review:m_\w+ -->$/,
    );
    expect(sum.first.resolver).toBe("person");
    expect(name.first.resolver).toBeNull();
    expect(f.forgejo.comments(name)).toHaveLength(2);

    // The pull knows both replies as ours and our resolve as no news.
    expect(await f.service.pullForge()).toMatchObject({ newThreads: 0, newComments: 0, resolved: 0, reopened: 0 });
    expect((await f.service.listThreads({ status: "all" })).flatMap((t) => t.messages)).toHaveLength(4);
    expect(await f.service.pushForge()).toMatchObject({ posted: 0, resolved: 0 });
    expect(f.forgejo.problems).toEqual([]);
  });

  test("a dropped response, then a second push: one reply on the forge", async () => {
    const { f, sum, sumId } = await reviewed("gitea");
    await f.service.agentReply({ id: sumId, text: "Will do." });
    f.forgejo.failNext(/^POST /, { kind: "drop" });
    expect((await failure(f.service.pushForge())).code).toBe("forge_unreachable");
    expect(f.forgejo.comments(sum)).toHaveLength(2);
    expect(await f.service.pushForge()).toMatchObject({ posted: 1, found: 1 });
    expect(f.forgejo.comments(sum)).toHaveLength(2);
    expect(f.forgejo.problems).toEqual([]);
  });
});
