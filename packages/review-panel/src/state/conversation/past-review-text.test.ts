import { describe, expect, it } from "vitest";
import type { PastReview } from "../../api.js";
import { pastReviewLines } from "./past-review-text.js";

const review = (over: Partial<PastReview>): PastReview => ({
  id: "v_1",
  releasedAt: "2026-12-01T13:05:09.000Z",
  messages: 0,
  mode: "tools",
  deliveredTo: null,
  prose: null,
  delivery: { state: "delivered", to: "ses_1" },
  ...over,
});

describe("a past review as lines of text", () => {
  it("reads its verdict, time, size and delivery, then its overall comment's lines", () => {
    expect(pastReviewLines(review({ verdict: "approve", summary: "Ship it.\n\nThanks." }))).toEqual([
      "Approved · 2026-12-01 13:05 · no comments · delivered to ses_1",
      "  Ship it.",
      "  Thanks.",
    ]);
  });
  it("reads a release from before verdicts as a comment, and says why one was not delivered", () => {
    expect(
      pastReviewLines(review({ messages: 2, delivery: { state: "failed", error: "No agent session was found." } })),
    ).toEqual(["Commented · 2026-12-01 13:05 · 2 messages · not delivered: No agent session was found."]);
    expect(pastReviewLines(review({ messages: 1, verdict: "changes", delivery: { state: "pending" } }))[0]).toBe(
      "Changes requested · 2026-12-01 13:05 · 1 message · waiting for the agent",
    );
  });
  it("reads a release to the pull request with the comments it carried there and its link", () => {
    const url = "https://github.com/octo/app/pull/7#pullrequestreview-1";
    expect(pastReviewLines(review({ messages: 3, verdict: "changes", pullRequest: { url } }))).toEqual([
      `Changes requested · 2026-12-01 13:05 · 3 messages · sent to the pull request: ${url}`,
    ]);
  });
  it("says a release made with nobody on the other end was text to copy, not delivered", () => {
    expect(
      pastReviewLines(review({ mode: "prose", messages: 1, delivery: { state: "delivered", copyOnly: true } }))[0],
    ).toBe(
      "Commented · 2026-12-01 13:05 · 1 message · shown as text to copy (no agent was attached; nothing was sent)",
    );
  });
});
