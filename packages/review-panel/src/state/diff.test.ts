// @vitest-environment node
// The diff slice over real HTTP, against the real review server on a real repository.
import { createEffect, createRoot, createSignal } from "solid-js";
import { afterEach, describe, expect, it } from "vitest";
import { startPanelTarget, type PanelTarget } from "../../e2e/panel-target.js";
import { createApi, type DiffRange } from "../api.js";
import { createDiff } from "./diff.js";
import { createNotices } from "./notices.js";

let target: PanelTarget | null = null;
afterEach(async () => {
  await target?.close();
  target = null;
});

describe("diff slice", () => {
  it("has the files by the time anything waiting for `loaded` runs (the reopen of unsent boxes)", async () => {
    target = await startPanelTarget();
    const api = createApi({ base: target.origin, token: target.token });
    const seen: number[] = [];
    const diff = createRoot(() => {
      const [range] = createSignal<DiffRange>({ from: "base", to: "worktree" });
      const diff = createDiff(api, range, createNotices());
      // As the panel's reopen effect does: it runs once `loaded` is true and reads the files then.
      createEffect(() => diff.loaded() && seen.push(diff.files().length));
      return diff;
    });
    await expect.poll(() => diff.files().length).toBeGreaterThan(0);
    expect(seen[0]).toBe(diff.files().length);
  });
});
