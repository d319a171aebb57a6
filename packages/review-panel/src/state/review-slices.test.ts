// @vitest-environment node
// The slices both panels hold, wired together, over real HTTP against the real review server on a real repository.
import { createRoot } from "solid-js";
import { afterEach, describe, expect, it } from "vitest";
import { startPanelTarget, type PanelTarget } from "../../e2e/panel-target.js";
import { createApi } from "../api.js";
import { createReviewSlices } from "./review-slices.js";

let target: PanelTarget | null = null;
let dispose: (() => void) | null = null;
afterEach(async () => {
  dispose?.();
  dispose = null;
  await target?.close();
  target = null;
});

describe("the review slices", () => {
  it("a release clears the marks since the last review at once, with no diff read again, and the next edit is marked", async () => {
    target = await startPanelTarget({
      files: { base: { "a.ts": "one\ntwo\n", "b.ts": "three\n" }, now: { "a.ts": "one\nTWO\n", "b.ts": "THREE\n" } },
      agentSession: true,
    });
    const api = createApi({ base: target.origin, token: target.token });
    const slices = createRoot((stop) => {
      dispose = stop;
      return createReviewSlices(api);
    });
    await slices.review.refresh();
    const marked = () => ["a.ts", "b.ts"].filter((path) => slices.since.file(path) !== null);
    // Before any release the whole change is new.
    await expect.poll(marked, { timeout: 15_000 }).toEqual(["a.ts", "b.ts"]);
    const reads = slices.diff.files();

    slices.review.setVerdict("approve");
    expect(await slices.review.release()).toBe(true);
    // Reviewed: nothing is new since, on the diff already shown (the same files: it was not read again).
    await expect.poll(marked, { timeout: 15_000 }).toEqual([]);
    expect(slices.diff.files()).toBe(reads);

    // The agent edits b.ts: once the diff is read again, b.ts alone is new since the review.
    target.writeFile("b.ts", "THREE\nfour\n");
    await slices.diff.reload();
    await expect.poll(marked, { timeout: 15_000 }).toEqual(["b.ts"]);
    expect(slices.since.file("b.ts")).toEqual([[2, 2]]);
  }, 60_000);
});
