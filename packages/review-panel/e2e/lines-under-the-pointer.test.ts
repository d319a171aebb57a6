// @vitest-environment node
// Choosing lines while the diff moves, in real Chromium: the comment box sits under the range's last line,
// so it moves when the range does, and a file opened while the threads load gets their cards above it.
// Both slid other rows under the person's pointer or out of the rendered ones (the panel e2e's CI flakes).
import { describe, expect, it } from "vitest";
import { launchBrowser, screenshotDir } from "./browser.js";
import { panelOpener } from "./open-panel.js";
import { startPanelTarget } from "./panel-target.js";

const open = panelOpener();
const lineNumber = (page: import("playwright-core").Page, line: number) =>
  page
    .locator(
      `[data-component="diff-line"][data-file="src/app.ts"][data-side="new"][data-line="${line}"] [data-slot="num"]`,
    )
    .first();
const boxTarget = (page: import("playwright-core").Page) =>
  page.locator('[data-component="row-composer"] [data-slot="target"] span').first();

describe("lines under the pointer", () => {
  it("a shift-click held as long as a hand holds it chooses the lines clicked, though the box then moves under the pointer", async () => {
    const { page } = await open();
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    // A person's click lasts about a tenth of a second: frames are drawn while the button is down.
    await lineNumber(page, 24).click({ delay: 150 });
    await expect.poll(() => boxTarget(page).textContent(), { timeout: 30_000 }).toBe("Comment on line 24");
    await lineNumber(page, 26).click({ modifiers: ["Shift"], delay: 150 });
    await expect.poll(() => boxTarget(page).textContent(), { timeout: 30_000 }).toBe("Comment on lines 24–26");
    const chosen = await page
      .locator('[data-component="diff-line"][data-selected="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-line")));
    expect(chosen).toEqual(["24", "25", "26"]);
    await page.screenshot({ path: `${screenshotDir}lines-shift-click.png` });
  });

  it("a file opened before its threads arrived is still there to click when they arrive above it", async () => {
    const target = await startPanelTarget({ tools: true });
    const browser = await launchBrowser();
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/threads*", async (route) => (await held, route.continue()));
      await page.goto(target.url);
      await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
      await page.locator('[data-component="file-header"][data-path="src/app.ts"]').waitFor();
      release();
      await page.waitForFunction(() => document.querySelectorAll('[data-component="thread"]').length > 0);
      // What the person sees: the file they opened starts the screen again, its line 24 there to click.
      const header = page.locator('[data-component="file-header"][data-path="src/app.ts"]');
      const scroller = page.locator('[data-component="diff-view"] [data-slot="scroller"]');
      await expect
        .poll(
          async () => {
            const [h, s] = [await header.boundingBox(), await scroller.boundingBox()];
            return h !== null && s !== null && Math.abs(h.y - s.y) < 60;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await lineNumber(page, 24).click();
      await expect.poll(() => boxTarget(page).textContent(), { timeout: 30_000 }).toBe("Comment on line 24");
    } finally {
      await browser.close();
      await target.close();
    }
  });
});
