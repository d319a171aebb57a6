import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import type { Run } from "@opencode-review/core";
import { createReviewer } from "./reviewer.js";
import type { ReviewClient } from "../review-client.js";
import type { Notices } from "./notices.js";

const base: Run = {
  id: "run_1",
  status: "pending",
  session: null,
  parentSession: { id: "ses_impl" },
  model: "fake/strict-model",
  round: { id: "rnd_1", ordinal: 1 },
  findings: 0,
  summary: null,
  verdict: null,
  error: null,
  createdAt: "2026-12-03T12:00:00.000Z",
  finishedAt: null,
};
const done: Run = {
  ...base,
  status: "completed",
  findings: 2,
  summary: "The total is off by one.",
  verdict: "changes",
  finishedAt: "2026-12-03T12:00:05.000Z",
};

describe("the reviewer slice", () => {
  // The e2e reviewer test saw this under load: the run's end came as events before the answer to the
  // request that started it, and the bar waited for an end already past.
  test("an answer to Review with AI that arrives after the run's end does not put the run back to pending", async () => {
    let answer!: (run: Run) => void;
    const client = {
      startRun: () => new Promise((settle) => (answer = (run: Run) => settle({ ok: true, value: { run } }))),
    } as unknown as ReviewClient;
    const notices = { report: () => {} } as unknown as Notices;
    await createRoot(async (dispose) => {
      const reviewer = createReviewer(client, notices);
      const started = reviewer.start();
      reviewer.upsert({ ...base, status: "running", findings: 1 });
      reviewer.upsert(done);
      answer(base);
      expect(await started).toBe(true);
      expect(reviewer.latest()).toEqual(done);
      expect(reviewer.latestReleased()?.summary).toBe("The total is off by one.");
      dispose();
    });
  });

  test("a later state replaces an earlier one: running with more findings, then the end", () => {
    createRoot((dispose) => {
      const reviewer = createReviewer({} as ReviewClient, { report: () => {} } as unknown as Notices);
      reviewer.upsert(base);
      reviewer.upsert({ ...base, status: "running", findings: 1 });
      reviewer.upsert({ ...base, status: "running", findings: 0 });
      expect(reviewer.latest()?.findings).toBe(1);
      reviewer.upsert(done);
      expect(reviewer.latest()?.status).toBe("completed");
      dispose();
    });
  });
  test("a listing read before the run's end, answered after its end event, does not put the run back", async () => {
    let answer!: () => void;
    const listed = new Promise<void>((settle) => (answer = settle));
    const other: Run = { ...done, id: "run_0", createdAt: "2026-12-03T11:00:00.000Z" };
    const client = {
      runs: async () => (
        await listed, { ok: true, value: { runs: [{ ...base, status: "running", findings: 1 }, other] } }
      ),
      reviewerModels: async () => ({ ok: true, value: { default: null, models: [] } }),
    } as unknown as ReviewClient;
    await createRoot(async (dispose) => {
      const reviewer = createReviewer(client, { report: () => {} } as unknown as Notices);
      const loading = reviewer.load();
      reviewer.upsert(done);
      answer();
      await loading;
      expect(reviewer.latest()).toEqual(done);
      // What only the listing knew (an earlier run) is there too, after the newest.
      expect(reviewer.runs().map((r) => r.id)).toEqual(["run_1", "run_0"]);
      dispose();
    });
  });
});
