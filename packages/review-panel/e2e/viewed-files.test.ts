// @vitest-environment node
// Viewed files in real Chromium: the mark folds the file, counts, survives a reload, and clears itself
// when the agent changes the file again.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("viewed files in Chromium", () => {
  it("folds a viewed file, counts it, goes to the next unviewed, agrees after a reload, and unmarks a file the agent changed", async () => {
    const { page, target } = await open();
    const header = (path: string) => page.locator(`[data-component="file-header"][data-path="${path}"]`);
    const lines = (path: string) => page.locator(`[data-component="diff-line"][data-file="${path}"]`);
    const progress = page.locator('[data-component="viewed-progress"] [data-slot="count"]');
    await progress.filter({ hasText: "0 of 8 viewed" }).waitFor();

    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    await lines("src/app.ts").first().waitFor();
    await header("src/app.ts").locator('[data-component="viewed-toggle"] input').check();
    await progress.filter({ hasText: "1 of 8 viewed" }).waitFor();
    await header("src/app.ts").locator('[data-component="viewed-toggle"][data-state="viewed"]').waitFor();
    await expect.poll(() => lines("src/app.ts").count()).toBe(0);
    expect(await header("src/app.ts").locator('[data-slot="fold"]').getAttribute("aria-label")).toBe("Unfold file");
    await page.screenshot({ path: `${screenshotDir}viewed-folded.png` });

    // Next unviewed: the file after src/app.ts in the diff's order that is not viewed.
    await page.locator('[data-slot~="next-unviewed"]').click();
    const focused = page.locator('[data-component="file-header"][data-focused="true"]');
    await expect.poll(() => focused.getAttribute("data-path")).not.toBe("src/app.ts");
    const next = await focused.getAttribute("data-path");

    await page.reload();
    await progress.filter({ hasText: "1 of 8 viewed" }).waitFor();
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    await header("src/app.ts").locator('[data-component="viewed-toggle"][data-state="viewed"]').waitFor();
    expect(await header("src/app.ts").locator('[data-component="viewed-toggle"] input').isChecked()).toBe(true);
    await expect.poll(() => lines("src/app.ts").count()).toBe(0);
    expect(next).not.toBeNull();

    // The agent changes the file again: the mark no longer holds, and the file opens to show what changed.
    target.editFile("src/app.ts", (text) =>
      text.replace('export const license = "MIT";', 'export const license = "Apache-2.0";'),
    );
    await page.reload();
    await progress.filter({ hasText: "0 of 8 viewed" }).waitFor();
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    await header("src/app.ts")
      .locator('[data-component="viewed-toggle"][data-state="changed"]', { hasText: "Changed since viewed" })
      .waitFor();
    expect(await header("src/app.ts").locator('[data-component="viewed-toggle"] input').isChecked()).toBe(false);
    await lines("src/app.ts").first().waitFor();
    await header("src/app.ts").screenshot({ path: `${screenshotDir}viewed-changed.png` });
    const marks = await callApi<{ files: { path: string; state: string }[] }>(
      target,
      "GET",
      "/api/viewed?ref=worktree",
    );
    expect(marks.files).toEqual([{ path: "src/app.ts", state: "changed", viewedAt: expect.any(String) }]);

    // Unticking takes the mark away on the server too.
    await header("src/app.ts").locator('[data-component="viewed-toggle"] input').check();
    await progress.filter({ hasText: "1 of 8 viewed" }).waitFor();
    await header("src/app.ts").locator('[data-component="viewed-toggle"] input').uncheck();
    await progress.filter({ hasText: "0 of 8 viewed" }).waitFor();
    await expect
      .poll(async () => (await callApi<{ files: unknown[] }>(target, "GET", "/api/viewed")).files)
      .toEqual([]);
  });
});
