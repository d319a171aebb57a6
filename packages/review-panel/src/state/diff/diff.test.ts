// @vitest-environment node
// The diff slice over real HTTP, against the real review server on a real repository.
import { createEffect, createRoot, createSignal } from "solid-js";
import { afterEach, describe, expect, it } from "vitest";
import { startPanelTarget, type PanelTarget } from "../../../e2e/panel-target.js";
import { createApi, type DiffRange } from "../../api.js";
import { createDiff } from "./diff.js";
import { buildRows } from "./diff-rows.js";
import { createNotices } from "../conversation/notices.js";

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

  it("offers no hidden lines that the file does not have: at the top, between hunks, at the end, nor in a file shown whole", async () => {
    const lines = (n: number, tag = "") => Array.from({ length: n }, (_, i) => `line ${i + 1}${tag}`);
    const text = (ls: readonly string[]) => `${ls.join("\n")}\n`;
    const edit = (ls: readonly string[], at: readonly number[]) =>
      ls.map((l, i) => (at.includes(i + 1) ? `${l} changed` : l));
    const long = lines(40);
    const files = {
      // The last change 3 lines before the end: the hunk ends at the end, and only the file's length tells.
      "ends.ts": [long, edit(long, [37])],
      // A small file the diff shows whole: nothing is hidden anywhere.
      "whole.ts": [lines(6), edit(lines(6), [3])],
      // Lines hidden above, between and below: each expander counts real lines.
      "middle.ts": [long, edit(long, [10, 25])],
      "new.ts": [null, lines(5)],
    } as const;
    target = await startPanelTarget({
      files: {
        base: Object.fromEntries(
          Object.entries(files).flatMap(([path, [before]]) => (before === null ? [] : [[path, text(before)]])),
        ),
        now: Object.fromEntries(Object.entries(files).map(([path, [, after]]) => [path, text(after)])),
      },
    });
    const api = createApi({ base: target.origin, token: target.token });
    const range: DiffRange = { from: "base", to: "worktree" };
    const diff = createRoot(() => createDiff(api, () => range, createNotices()));
    await expect.poll(() => diff.files().length, { timeout: 30_000 }).toBe(4);
    const gaps = (path: string) =>
      buildRows({
        files: diff.files().filter((f) => f.path === path),
        threads: [],
        range,
        view: "unified",
      }).rows.flatMap((r) => (r.kind === "gap" ? [[r.gap.newStart, r.gap.count]] : []));
    expect(gaps("ends.ts")).toEqual([[1, 33]]);
    expect(gaps("whole.ts")).toEqual([]);
    expect(gaps("middle.ts")).toEqual([
      [1, 6],
      [14, 8],
      [29, 12],
    ]);
    expect(gaps("new.ts")).toEqual([]);
  });
});
