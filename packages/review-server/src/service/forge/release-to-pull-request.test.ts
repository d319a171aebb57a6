import { describe, expect, test, afterEach } from "vitest";
import { APP_TS, makeGitHubFixture, type GitHubFixture } from "../../forge/testing/github-fixture.js";

let fixture: GitHubFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

// The pull request's diff: src/app.ts's first seven lines are new in it.
const PATCH =
  "@@ -1 +1,7 @@\n+export function total(xs: number[]) {\n+  let sum = 0;\n+  for (const x of xs) sum += x;\n+  return sum;\n+}\n+\n export const name = 'app';";

async function withDrafts() {
  const f = (fixture = await makeGitHubFixture());
  f.pull.files = [{ filename: "src/app.ts", patch: PATCH }];
  const asked = f.github.addThread(f.pull, {
    login: "alice",
    body: "Why a loop?",
    path: "src/app.ts",
    line: 3,
    commit: f.head,
  });
  await f.service.pullForge();
  // The agent's change, not pushed yet: a line the pull request does not have.
  await f.repo.write("src/app.ts", `${APP_TS}export const extra = 1;\n`);
  await f.service.draftThread({ file: "src/app.ts", start: 7, end: 7, body: "Name it appName." });
  await f.service.draftThread({ file: "src/app.ts", start: 8, end: 8, body: "Not needed." });
  const [forgeThread] = await f.service.listThreads({ status: "waiting" });
  await f.service.draftReply(forgeThread!.id, { body: "A loop reads better here." });
  return { f, asked };
}

describe("release to the pull request (pr: true)", () => {
  for (const [verdict, event] of [
    ["changes", "REQUEST_CHANGES"],
    ["approve", "APPROVE"],
    ["comment", "COMMENT"],
  ] as const) {
    test(`the ${verdict} verdict becomes a ${event} review: lines in the diff as review comments, the rest in the body with their place`, async () => {
      const { f } = await withDrafts();
      const review = await f.service.releaseToPullRequest({ verdict, summary: "Two small things." });
      expect(f.pull.reviews).toHaveLength(1);
      const sent = f.pull.reviews[0]!;
      expect(sent).toMatchObject({
        event,
        login: "person",
        comments: [{ path: "src/app.ts", line: 7, side: "RIGHT", body: "Name it appName." }],
      });
      expect(sent.body).toBe(
        "Two small things.\n\nComments on lines this pull request's diff does not show:\n- `src/app.ts:8`: Not needed.\n- In reply on `src/app.ts:3`: A loop reads better here.",
      );
      expect(review).toMatchObject({
        verdict,
        summary: "Two small things.",
        pullRequest: { url: `https://github.com/octo/app/pull/7#pullrequestreview-${sent.id}` },
      });
      // Kept in past reviews with its link; the drafts are gone here and came back from the forge.
      // It counts the three comments it carried (the release's own answer says so too), though its drafts are gone.
      expect(review.messages).toBe(3);
      expect((await f.service.pastReviews())[0]).toMatchObject({
        id: review.id,
        messages: 3,
        pullRequest: review.pullRequest,
      });
      expect((await f.service.pendingReview()).drafts).toMatchObject({ threads: [], messages: [] });
      const threads = await f.service.listThreads({ status: "all" });
      expect(threads.map((t) => [t.origin, t.messages[0]!.login, t.start])).toEqual([
        ["forge", "alice", 3],
        ["forge", "person", 7],
      ]);
      expect(f.github.problems).toEqual([]);
    });
  }
});
