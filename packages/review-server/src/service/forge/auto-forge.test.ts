import { afterEach, describe, expect, test, vi } from "vitest";
import { makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";
import { createReviewService } from "../review-service.js";
import { reviewReply } from "../../tools/review-reply.js";
import { startAutoForge } from "./auto-forge.js";

let fixture: GitHubFixture | undefined;
let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  await fixture?.close();
  fixture = undefined;
});

describe("automatic pulls and pushes", () => {
  test("a pull on start rings the agent once, naming the pull request; new forge comments ring it again; the prompt line counts them", async () => {
    const f = (fixture = await makeGitHubFixture());
    await f.service.recordSession({ id: "ses_1", title: "Work", directory: f.repo.dir });
    const thread = f.github.addThread(f.pull, {
      login: "alice",
      body: "Start from the first item?",
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    f.github.reply(f.pull, thread, "bob", "Or reduce.");
    const errors: unknown[] = [];
    stop = startAutoForge(f.service, { intervalMs: 50 }, (e) => errors.push(e)).stop;
    await vi.waitFor(() => expect(f.delivered).toHaveLength(1), { timeout: 20_000, interval: 20 });
    expect(f.delivered[0]).toEqual({
      sessionId: "ses_1",
      text: "2 new comments on PR #7 (https://github.com/octo/app/pull/7) wait for you in src/app.ts. Call review_list to read them, and answer with review_reply.",
    });
    expect(await f.service.waitingForAgent()).toEqual({ count: 1, files: ["src/app.ts"] });

    // Pulls with nothing new ring nobody.
    const before = f.github.counters.graphqlRequests;
    await vi.waitFor(() => expect(f.github.counters.graphqlRequests).toBeGreaterThan(before + 1), {
      timeout: 20_000,
      interval: 20,
    });
    expect(f.delivered).toHaveLength(1);

    f.github.reply(f.pull, thread, "alice", "Any news?");
    await vi.waitFor(() => expect(f.delivered).toHaveLength(2), { timeout: 20_000, interval: 20 });
    expect(f.delivered[1]!.text).toMatch(/^1 new comment on PR #7 /);
    expect(errors).toEqual([]);
  });

  test("manual pulls nothing; a branch without a forge remote is left alone without a word", async () => {
    const f = (fixture = await makeGitHubFixture());
    f.github.addThread(f.pull, { login: "alice", body: "Hm.", path: "src/app.ts", line: 2, commit: f.head });
    const errors: unknown[] = [];
    const manual = startAutoForge(f.service, { pull: "manual", intervalMs: 20 }, (e) => errors.push(e));
    await manual.pullNow();
    await f.repo.git("remote", "remove", "origin");
    const quiet = startAutoForge(f.service, { intervalMs: 60_000 }, (e) => errors.push(e));
    stop = quiet.stop;
    await quiet.pullNow();
    expect(await f.service.listThreads({ status: "all" })).toEqual([]);
    expect(f.github.counters.log).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('with push "auto" the reply is posted as it is written, and the tool says so', async () => {
    const f = (fixture = await makeGitHubFixture());
    const thread = f.github.addThread(f.pull, {
      login: "alice",
      body: "Start from the first item?",
      path: "src/app.ts",
      line: 2,
      commit: f.head,
    });
    await f.service.pullForge();
    const auto = createReviewService({
      dir: f.repo.dir,
      store: f.store,
      bus: f.bus,
      delivery: { mode: "tools", deliver: async () => null },
      forge: { env: f.env, gh: false },
      forgePush: "auto",
      now: f.service.context.now,
    });
    const [open] = await auto.listThreads({ status: "waiting" });
    const result = await reviewReply(auto, { id: open!.id, text: "It does now." });
    expect(result.output).toContain("It is posted on PR #7.");
    expect(thread.comments.map((c) => c.login)).toEqual(["alice", "person"]);

    // The manual service queues instead.
    const queued = await reviewReply(f.service, { id: open!.id, text: "And one more thing." });
    expect(queued.output).toContain(
      "It is queued for PR #7: the person sends it from the panel or with opencode-review pr push.",
    );
    expect(thread.comments).toHaveLength(2);
    await auto.context.anchors.written();
  });
});
