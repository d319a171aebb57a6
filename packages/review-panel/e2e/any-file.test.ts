// @vitest-environment node
// Any file of the work tree, in real Chromium: go to file finds a file the agent did not change, opens it
// whole, and a line of it takes a comment that anchors like any other.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();
const slow = { timeout: 20_000 };

describe("any file, in Chromium", () => {
  it("finds an unchanged file with t, opens it whole, and takes a comment on its line", async () => {
    const { page, target } = await open({
      files: {
        base: {
          "src/app.ts": "export const total = price * qty;\n",
          "docs/plan.md": "# Plan\n\n1. Read the order.\n2. Price it.\n3. Ship it.\n",
        },
        now: { "src/app.ts": "export const total = price * quantity;\n" },
      },
    });
    await page.keyboard.press("t");
    const finder = page.locator('[data-component="file-finder"]');
    await finder.locator('[data-slot="query"]').waitFor();
    await page.keyboard.type("plan");
    await expect
      .poll(() => finder.locator('[data-slot="option"]').first().getAttribute("data-path"), slow)
      .toBe("docs/plan.md");
    await page.keyboard.press("Enter");
    const header = page.locator('[data-component="file-header"][data-path="docs/plan.md"]');
    await header.waitFor(slow);
    expect(await header.locator('[data-slot="status"]').textContent()).toBe("unchanged");
    const line = page
      .locator(
        '[data-component="diff-line"][data-file="docs/plan.md"][data-side="new"][data-line="4"] [data-slot="num"]',
      )
      .first();
    await line.waitFor(slow);
    await page.screenshot({ path: `${screenshotDir}any-file-opened.png` });
    await line.click();
    const composer = page.locator('[data-component="row-composer"]');
    await composer.locator('textarea[data-slot="body"]').fill("Price it how? Say which rule.");
    await composer.locator('[data-slot="submit"]').click();
    await page.locator('[data-component="thread"]', { hasText: "Price it how?" }).waitFor(slow);
    const { threads } = await callApi<{ threads: { file: string; start: number; anchor: { state: string } }[] }>(
      target,
      "GET",
      "/api/threads?status=draft",
    );
    expect(threads.map((t) => [t.file, t.start, t.anchor.state])).toEqual([["docs/plan.md", 4, "current"]]);
    await page.screenshot({ path: `${screenshotDir}any-file-commented.png` });

    // The theme: system, then light, then dark, kept in this browser across a reload.
    const themeButton = page.locator('[data-slot~="theme"]');
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? "system");
    expect(await theme()).toBe("system");
    await themeButton.click();
    expect(await theme()).toBe("light");
    await themeButton.click();
    expect(await theme()).toBe("dark");
    await page.reload();
    await page.locator('[data-component="file-header"]').first().waitFor(slow);
    expect(await theme()).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(13, 17, 23)");
    await page.screenshot({ path: `${screenshotDir}theme-dark.png` });
  }, 180_000);
});
