import { describe, expect, it } from "vitest";
import { withReviewVerdict } from "./render-review-verdict.js";

describe("withReviewVerdict", () => {
  it("adds the verdict's line and the overall comment after the message, and nothing for a plain comment", () => {
    expect(withReviewVerdict("Released.", { verdict: "changes", summary: "  Nearly there.  " })).toBe(
      "Released.\n\nThe reviewer requests changes before this is done.\n\nOverall comment from the reviewer:\nNearly there.",
    );
    expect(withReviewVerdict("Released.", { verdict: "approve" })).toBe(
      "Released.\n\nThe reviewer approves these changes.",
    );
    expect(withReviewVerdict("Released.", { verdict: "comment", summary: "" })).toBe("Released.");
    expect(withReviewVerdict("Released.", {})).toBe("Released.");
  });
});
