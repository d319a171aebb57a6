// @vitest-environment node
// `t` opens the fuzzy file finder in real Chromium; Enter jumps to the file.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("go to file in Chromium", () => {
  it("opens with t, ranks files by what is typed, jumps with Enter, and is listed in the help", async () => {
    const { page } = await open({ bigDiff: 600 });
    await page.keyboard.press("t");
    const finder = page.locator('[data-component="file-finder"]');
    const query = finder.locator('[data-slot="query"]');
    await query.waitFor();
    // The key that opened it is not typed into it.
    expect(await query.inputValue()).toBe("");
    await page.keyboard.type("m14f299");
    await finder.locator('[data-slot="option"]').first().waitFor();
    expect(await finder.locator('[data-slot="option"]').first().getAttribute("data-path")).toBe(
      "src/module-14/file-299.ts",
    );
    expect(await finder.locator('[data-slot="option"][aria-selected="true"] mark').allTextContents()).not.toEqual([]);
    await page.screenshot({ path: `${screenshotDir}go-to-file.png` });
    await page.keyboard.press("Enter");
    await finder.waitFor({ state: "detached" });
    // The diff scrolled to the file, far below the first screen, and the file is the focused one.
    const header = page.locator('[data-component="file-header"][data-path="src/module-14/file-299.ts"]');
    await header.waitFor();
    expect(await header.getAttribute("data-focused")).toBe("true");
    expect(await header.isVisible()).toBe(true);

    // Arrows choose another match; Escape closes without moving.
    await page.keyboard.press("t");
    await page.keyboard.type("file-00");
    await page.keyboard.press("ArrowDown");
    const second = await finder.locator('[data-slot="option"][aria-selected="true"]').getAttribute("data-path");
    expect(second).toMatch(/file-00/);
    await page.keyboard.press("Escape");
    await finder.waitFor({ state: "detached" });
    expect(await header.getAttribute("data-focused")).toBe("true");
    await page.keyboard.press("t");
    await page.keyboard.type("qqqzzz");
    await finder.locator('[data-slot="empty"]', { hasText: "No file matches" }).waitFor();
    await page.keyboard.press("Escape");

    await page.keyboard.press("?");
    await page.locator('[data-component="help-overlay"] dt', { hasText: /^t$/ }).waitFor();
    expect(await page.locator('[data-component="help-overlay"]').textContent()).toContain("go to file");
  });
});
