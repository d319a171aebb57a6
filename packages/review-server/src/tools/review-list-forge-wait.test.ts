import { afterEach, describe, expect, test, vi } from "vitest";
import { makeGitHubFixture, type GitHubFixture } from "../forge/testing/github-fixture.js";
import { startAutoForge, type AutoForge } from "../service/index.js";
import { STILL_FETCHING } from "./forge-pull-wait.js";
import { reviewList } from "./review-list.js";

let fixture: GitHubFixture | undefined;
let auto: AutoForge | undefined;
afterEach(async () => {
  auto?.stop();
  auto = undefined;
  await fixture?.close();
  fixture = undefined;
});

/** Pull request #7 with alice's thread, GitHub held (slow) and the pull on start under way against it. */
async function slowStartPull() {
  const f = (fixture = await makeGitHubFixture());
  f.github.addThread(f.pull, {
    login: "alice",
    body: "Use reduce instead of the loop.",
    path: "src/app.ts",
    line: 4,
    startLine: 2,
    commit: f.head,
  });
  const release = f.github.hold();
  const errors: unknown[] = [];
  auto = startAutoForge(f.service, { intervalMs: 600_000 }, (e) => errors.push(e));
  return { f, release, errors };
}

describe("review_list and the forge pull under way", () => {
  test("the agent's first listing waits for the pull on start, and lists the pull request's threads it brought", async () => {
    const { f, release, errors } = await slowStartPull();
    const listing = reviewList(f.service, {}, { session: "ses_1" });
    // GitHub got the pull's first request and holds it; the listing began before the pull could end.
    await vi.waitFor(() => expect(f.github.counters.log.length).toBeGreaterThan(0), { timeout: 20_000, interval: 10 });
    release();
    const listed = await listing;
    expect(listed.output).toMatch(/^1 thread: 1 waiting for you\./);
    expect(listed.output).toContain("alice on PR #7: Use reduce instead of the loop.");
    expect(listed.output).not.toContain(STILL_FETCHING);
    expect(errors).toEqual([]);
  });

  test("past the time limit it lists what is there and says in one line the comments are still being fetched", async () => {
    const { f, release, errors } = await slowStartPull();
    const early = await reviewList(f.service, {}, { session: "ses_1" }, 50);
    expect(early.output.split("\n")[0]).toBe(STILL_FETCHING);
    expect(early.output).toContain("Nothing is waiting for you");
    expect(early.metadata.threads).toEqual([]);

    // The model calls again once the pull is done: the thread, and no such line.
    release();
    await auto!.pullNow();
    const again = await reviewList(f.service, {}, { session: "ses_1" }, 50);
    expect(again.output).toMatch(/^1 thread: 1 waiting for you\./);
    expect(again.output).not.toContain(STILL_FETCHING);
    expect(errors).toEqual([]);
  });

  test("a pull that fails does not fail the listing", async () => {
    const { f, release, errors } = await slowStartPull();
    f.github.failNext(/^POST \/graphql/, { kind: "status", status: 502, body: { message: "Server Error" } });
    const listing = reviewList(f.service, {}, { session: "ses_1" });
    await vi.waitFor(() => expect(f.github.counters.log.length).toBeGreaterThan(0), { timeout: 20_000, interval: 10 });
    release();
    const listed = await listing;
    expect(listed.output).toMatch(/^Nothing is waiting for you/);
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 20_000, interval: 10 });
    expect(f.service.forgePullsUnderWay()).toEqual([]);
  });
});
