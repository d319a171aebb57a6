import { describe, expect, it } from "vitest";
import type { Tour } from "../state/review-client.js";
import { tourText } from "./tour-lines.js";

const tour: Tour = {
  id: "w_1",
  title: "Retry",
  createdAt: "2026-01-01T00:00:00.000Z",
  steps: [
    { file: "src/retry.ts", start: 4, end: 5, text: "The backoff.", anchor: { state: "moved", start: 6, end: 7 } },
    {
      file: "src/client.ts",
      start: 8,
      end: 8,
      text: "Opting in.",
      anchor: { state: "outdated", start: null, end: null },
    },
  ],
  uncovered: [{ file: "notes.md", start: 2, end: 3 }],
};

describe("the tour's lines in the terminal", () => {
  it("says what the tour holds before it is walked", () => {
    expect(tourText(tour, { active: false, index: 0 })).toEqual([
      'The agent\'s tour "Retry": 2 steps, 1 hunk not explained. w walks it.',
    ]);
    expect(tourText(null, { active: false, index: 0 })).toEqual([]);
  });

  it("walking, names the step by where its lines are now, or says they are gone, and lists the unexplained hunks", () => {
    expect(tourText(tour, { active: true, index: 0 })).toEqual([
      "Tour · Step 1 of 2 · src/retry.ts:6-7: The backoff.  (w next, W back, q closes)",
      "Not explained by any step: notes.md:2-3",
    ]);
    expect(tourText(tour, { active: true, index: 1 })[0]).toBe(
      "Tour · Step 2 of 2 · src/client.ts (its lines are gone): Opting in.  (w next, W back, q closes)",
    );
  });
});
