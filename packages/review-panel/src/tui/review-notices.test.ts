import { describe, expect, it } from "vitest";
import type { PastReview } from "../api.js";
import { failedLine, runLine, sessionWaitLine } from "./review-notices.js";

const review = (id: string, messages: number, error?: string): PastReview => ({
  id,
  releasedAt: "2026-03-01T10:00:00.000Z",
  messages,
  mode: "tools",
  deliveredTo: null,
  prose: null,
  delivery: { state: "failed", ...(error ? { error } : {}) },
});

describe("the terminal's notice lines", () => {
  it("puts several failed deliveries in one line, the keys before the newest reason", () => {
    expect(failedLine([])).toBeNull();
    expect(failedLine([review("v1", 1, "No agent session")])).toBe(
      "Delivery failed for the release of 1 message (u retries · x dismisses): No agent session",
    );
    expect(failedLine([review("v2", 3), review("v1", 1)])).toBe(
      "Delivery failed for the release of 3 messages (+1 earlier) (u retries · x dismisses all 2): not delivered",
    );
  });

  it("says what waits for a session, and how a run stands", () => {
    expect(sessionWaitLine(undefined)).toBeNull();
    expect(sessionWaitLine(review("v1", 2))).toBe(
      "Released 2 messages: no session yet: it goes to the next session you open (u sends it to the current session)",
    );
    expect(runLine(null)).toBeNull();
    const run = { model: "fake/m", status: "running", findings: 0 } as unknown as Parameters<typeof runLine>[0];
    expect(runLine(run)).toBe("AI review (fake/m): running · K cancels");
    expect(runLine({ ...run!, status: "completed", findings: 1, verdict: "changes" } as typeof run)).toBe(
      "AI review (fake/m): completed: 1 finding, verdict changes",
    );
  });
});
