// A release with pr: true to a Forgejo pull request: its verdict as the review's event.
import { afterEach, describe, expect, test } from "vitest";
import { APP_TS } from "../../forge/testing/github-fixture.js";
import { makeForgejoFixture, type ForgejoFixture } from "../../forge/testing/forgejo-fixture.js";

let fixture: ForgejoFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

// The pull request's diff: src/app.ts's first seven lines are new in it.
const DIFF = [
  "diff --git a/src/app.ts b/src/app.ts",
  "index 1111111..2222222 100644",
  "--- a/src/app.ts",
  "+++ b/src/app.ts",
  "@@ -1 +1,7 @@",
  "+export function total(xs: number[]) {",
  "+  let sum = 0;",
  "+  for (const x of xs) sum += x;",
  "+  return sum;",
  "+}",
  "+",
  " export const name = 'app';",
  "",
].join("\n");

describe("release to a Forgejo pull request (pr: true)", () => {
  for (const [verdict, event] of [
    ["changes", "REQUEST_CHANGES"],
    ["approve", "APPROVED"],
    ["comment", "COMMENT"],
  ] as const) {
    test(`the ${verdict} verdict becomes a ${event} review: lines in the diff as review comments, the rest in the body`, async () => {
      const f = (fixture = await makeForgejoFixture("forgejo"));
      f.pull.diff = DIFF;
      f.forgejo.addThread(f.pull, { login: "alice", body: "Why a loop?", path: "src/app.ts", line: 3, commit: f.head });
      await f.service.pullForge();
      await f.repo.write("src/app.ts", `${APP_TS}export const extra = 1;\n`);
      await f.service.draftThread({ file: "src/app.ts", start: 7, end: 7, body: "Name it appName." });
      await f.service.draftThread({ file: "src/app.ts", start: 8, end: 8, body: "Not needed." });

      const review = await f.service.releaseToPullRequest({ verdict, summary: "Two small things." });
      const sent = f.pull.reviews.at(-1)!;
      expect(sent).toMatchObject({
        state: event,
        login: "person",
        body: "Two small things.\n\nComments on lines this pull request's diff does not show:\n- `src/app.ts:8`: Not needed.",
      });
      expect(sent.comments.map((c) => [c.path, c.line, c.body])).toEqual([["src/app.ts", 7, "Name it appName."]]);
      expect(review).toMatchObject({
        verdict,
        pullRequest: { url: `https://codeberg.org/octo/app/pulls/7#issuecomment-${sent.id}` },
      });
      expect((await f.service.pendingReview()).drafts).toMatchObject({ threads: [], messages: [] });
      const threads = await f.service.listThreads({ status: "all" });
      expect(threads.map((t) => [t.origin, t.messages[0]!.login, t.start])).toEqual([
        ["forge", "alice", 3],
        ["forge", "person", 7],
      ]);
      expect(f.forgejo.problems).toEqual([]);
    });
  }
});
