// @vitest-environment node
// A comment box opened on the last line the screen shows is scrolled into view, in real Chromium: it takes
// the focus at once, and the person must see what they type.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { panelOpener } from "./open-panel.js";

const open = panelOpener();
const lines = Array.from({ length: 120 }, (_, i) => `export const value${i + 1} = ${i + 1};`);

describe("the comment box in Chromium", () => {
  it("opened from a line number at the bottom of the screen, is within the viewport and focused", async () => {
    const { page } = await open({
      files: { base: { "values.ts": "export {};\n" }, now: { "values.ts": `${lines.join("\n")}\n` } },
    });
    const scroller = page.locator('[data-component="diff-view"] [data-slot="scroller"]');
    await page.locator('[data-component="diff-line"][data-file="values.ts"]').first().waitFor();
    // The last code line wholly on screen: its box opens below it, where the screen ends.
    const last = await scroller.evaluate((el) => {
      const bottom = el.getBoundingClientRect().bottom;
      const shown = [...el.querySelectorAll('[data-component="diff-line"]')].filter(
        (line) => line.getBoundingClientRect().bottom <= bottom,
      );
      return Number(shown.at(-1)!.getAttribute("data-line"));
    });
    expect(last).toBeGreaterThan(10);
    await page.locator(`[data-component="diff-line"][data-line="${last}"] [data-slot="num"][data-col="new"]`).click();

    const box = page.locator('[data-component="row-composer"] textarea[data-slot="body"]');
    await box.waitFor();
    await expect.poll(() => box.evaluate((el) => el === document.activeElement), { timeout: 30_000 }).toBe(true);
    const inView = () =>
      box.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const s = el.closest('[data-slot="scroller"]')!.getBoundingClientRect();
        return r.top >= s.top && r.bottom <= s.bottom && r.bottom <= window.innerHeight;
      });
    await expect.poll(inView, { timeout: 30_000 }).toBe(true);
    // The clicked line stays on screen above the box.
    await page.keyboard.type("Why a constant per value?");
    await page.screenshot({ path: `${screenshotDir}comment-box-in-view.png` });
    expect(await box.inputValue()).toBe("Why a constant per value?");
    expect(await inView()).toBe(true);
  });
});
