// Two pushes at once on one store (two service instances, as two processes or a panel's Send and pr push
// are) against a forge that takes 1.5 s per POST: each reply is posted once.
import { afterEach, describe, expect, test } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { makeForgejoFixture } from "../../forge/testing/forgejo-fixture.js";
import { makeGitHubFixture } from "../../forge/testing/github-fixture.js";
import { openStore, type Store } from "../../store/index.js";
import { createReviewService, type ReviewService } from "../index.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function secondService(f: { repo: { dir: string }; store: Store; env: Record<string, string | undefined> }) {
  const store = await openStore({ path: f.store.path });
  // The same clock as the first service's, near enough: a lease is judged on one machine's time.
  let tick = Date.parse("2026-01-01T10:00:00.000Z");
  const service: ReviewService = createReviewService({
    dir: f.repo.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
    now: () => new Date((tick += 1000)).toISOString(),
    forge: { env: f.env, gh: false },
  });
  cleanups.push(async () => {
    await service.context.anchors.written();
    await store.close();
  });
  return service;
}

describe("two pushes at once", () => {
  test("GitHub: one post per reply, and the reply reads sending while one push holds it", async () => {
    const f = await makeGitHubFixture();
    cleanups.push(() => f.close());
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
    const other = await secondService(f);
    f.github.delay(/^POST \/repos\//, 1500);

    const both = Promise.all([f.service.pushForge(), other.pushForge()]);
    // While one push holds it, the reply reads sending (looked at until the pushes end; no timing asserted).
    const states = new Set<string>();
    let done = false;
    void both.finally(() => (done = true));
    while (!done) {
      const [t] = await f.service.listThreads({ status: "all" });
      states.add(t!.messages.find((m) => m.id === reply.thread.messages.at(-1)!.id)!.forge!.state);
      await new Promise((r) => setTimeout(r, 100));
    }
    const [a, b] = await both;
    expect(states).toContain("sending");
    expect(a.posted + b.posted).toBe(1);
    expect(thread.comments.map((c) => c.login)).toEqual(["alice", "person"]);
    const message = (await f.service.listThreads({ status: "all" }))[0]!.messages.find(
      (m) => m.id === reply.thread.messages.at(-1)!.id,
    );
    expect(message!.forge).toMatchObject({ state: "posted" });
    expect(f.github.problems).toEqual([]);
  });

  test("Forgejo: one post per reply", async () => {
    const f = await makeForgejoFixture("forgejo");
    cleanups.push(() => f.close());
    const thread = f.forgejo.addThread(f.pull, {
      login: "alice",
      body: "Start from the first item?",
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    await f.service.pullForge();
    const [open] = await f.service.listThreads({ status: "waiting" });
    await f.service.agentReply({ id: open!.id, text: "Will do." });
    const other = await secondService(f);
    f.forgejo.delay(/^POST /, 1500);

    const [a, b] = await Promise.all([f.service.pushForge(), other.pushForge()]);
    expect(a.posted + b.posted).toBe(1);
    expect(f.forgejo.comments(thread).map((c) => c.login)).toEqual(["alice", "person"]);
    expect(f.forgejo.problems).toEqual([]);
  });
});
