// @vitest-environment node
// The person's hands on the code in real Chromium: undo a hunk and see the diff shrink, restore it from the
// notice, keep a hunk (it folds), apply a suggestion, and find each change in the change list.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();
// Each write takes a round and reads a diff (git processes): on a loaded machine that is seconds, not one.
const SLOW = { timeout: 30_000 };

const base = Array.from({ length: 30 }, (_, i) => `export const v${i + 1} = ${i + 1};`)
  .join("\n")
  .concat("\n");
const agent = base.replace("v3 = 3;", "v3 = 300;").replace("v25 = 25;", "v25 = 2500;\nexport const extra = 1;");

describe("undo, restore, keep and apply in Chromium", () => {
  it("undoes a hunk, restores it, keeps one, and applies a suggestion", async () => {
    const { page, target } = await open({ files: { base: { "src/a.ts": base }, now: { "src/a.ts": agent } } });
    const onDisk = () => readFileSync(join(target.dir, "src/a.ts"), "utf8");
    const hunks = page.locator('[data-component="hunk-header"]');
    await expect.poll(() => hunks.count(), SLOW).toBe(2);

    // Undo the second hunk: the diff shrinks to one hunk and the file reads as the base there.
    await hunks.nth(1).locator('[data-slot~="undo-hunk"]').click();
    await expect.poll(() => hunks.count(), SLOW).toBe(1);
    expect(onDisk()).toBe(base.replace("v3 = 3;", "v3 = 300;"));
    const notice = page.locator('[data-component="notice-list"] [data-slot="notice"]', { hasText: "Undid src/a.ts" });
    await notice.waitFor();
    await page.screenshot({ path: `${screenshotDir}undo-notice.png` });

    // Restore from the notice: the hunk is back, byte for byte.
    await notice.locator('[data-slot~="notice-action"]', { hasText: "Restore" }).click();
    await expect.poll(() => hunks.count(), SLOW).toBe(2);
    expect(onDisk()).toBe(agent);

    // Keep the first hunk: it folds (its lines leave the diff) and says so.
    const lines = page.locator('[data-component="diff-line"][data-file="src/a.ts"]');
    const before = await lines.count();
    await hunks.first().locator('[data-slot~="keep-hunk"]').click();
    await page.locator('[data-component="hunk-header"][data-state="kept"]').waitFor();
    await expect.poll(() => lines.count(), SLOW).toBeLessThan(before);

    // A suggestion on line 25 (the agent's), applied from its thread.
    await callApi(target, "POST", "/api/threads", {
      file: "src/a.ts",
      start: 25,
      end: 25,
      body: "Keep it small.",
      suggestion: ["export const v25 = 26;"],
    });
    await page.reload();
    const apply = page.locator('[data-slot~="apply-suggestion"]');
    await apply.first().waitFor();
    await apply.first().click();
    await expect.poll(onDisk, SLOW).toBe(agent.replace("v25 = 2500;", "v25 = 26;"));

    // The change list beside Past reviews: the restored undo and the applied suggestion.
    await page.locator('[data-component="release-bar"] [data-slot~="changes"]').click();
    const items = page.locator('[data-component="change-list"] li');
    await expect.poll(() => items.count(), SLOW).toBe(2);
    expect(await items.first().textContent()).toContain("Applied a suggestion to src/a.ts line 25");
    expect(await items.nth(1).getAttribute("data-state")).toBe("restored");
    await page.screenshot({ path: `${screenshotDir}change-list.png` });
    await items.first().locator('[data-slot~="restore"]').click();
    await expect.poll(onDisk, SLOW).toBe(agent);
  }, 120_000);
});
