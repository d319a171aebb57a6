// @vitest-environment node
// The "show more" expanders in real Chromium offer only lines the file has: none past the end of a file,
// none in a file the diff shows whole or in a new file, and each one counts what it reveals.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { panelOpener } from "./open-panel.js";

const open = panelOpener();
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);
const text = (ls: readonly string[]) => `${ls.join("\n")}\n`;
const edit = (ls: readonly string[], at: readonly number[]) =>
  ls.map((l, i) => (at.includes(i + 1) ? `${l} changed` : l));

describe("hidden context lines in Chromium", () => {
  it("are offered only where the file has them, and Show all reveals every one", async () => {
    const long = lines(30);
    const { page } = await open({
      files: {
        // The last change 3 lines before the end: its hunk ends at the end of the file.
        base: { "ends.ts": text(long), "middle.ts": text(long), "whole.ts": text(lines(6)) },
        now: {
          "ends.ts": text(edit(long, [27])),
          "middle.ts": text(edit(long, [8, 20])),
          "whole.ts": text(edit(lines(6), [3])),
          "new.ts": text(lines(4)),
        },
      },
    });
    const gaps = page.locator('[data-component="gap"]');
    await page.locator('[data-component="file-header"][data-path="whole.ts"]').waitFor();
    const offered = await gaps.evaluateAll((els) =>
      els.map(
        (el) =>
          `${el.getAttribute("data-file")}@${el.getAttribute("data-gap-start")}: ${el.querySelector("span")?.textContent}`,
      ),
    );
    expect(offered).toEqual([
      "ends.ts@1: ⋯ 23 hidden lines",
      "middle.ts@1: ⋯ 4 hidden lines",
      "middle.ts@12: ⋯ 5 hidden lines",
      "middle.ts@24: ⋯ 7 hidden lines",
    ]);
    await page.screenshot({ path: `${screenshotDir}context-lines.png` });

    // The end of middle.ts: Show all brings lines 24 to 30, and the expander is gone.
    await page
      .locator('[data-component="gap"][data-file="middle.ts"][data-gap-start="24"] [data-slot~="expand-all"]')
      .click();
    await page
      .locator('[data-component="gap"][data-file="middle.ts"][data-gap-start="24"]')
      .waitFor({ state: "detached" });
    const revealed = page.locator('[data-component="diff-line"][data-file="middle.ts"]');
    await expect
      .poll(
        () =>
          revealed.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-line"))).filter((n) => n >= 24)),
        { timeout: 30_000 },
      )
      .toEqual([24, 25, 26, 27, 28, 29, 30]);

    // The files further down, once their rows are drawn: the one shown whole and the new one offer nothing.
    for (const path of ["new.ts", "whole.ts"]) {
      await page.locator(`[data-component="file-header"][data-path="${path}"]`).scrollIntoViewIfNeeded();
      await page.locator(`[data-component="diff-line"][data-file="${path}"][data-line="4"]`).waitFor();
      expect(await page.locator(`[data-component="gap"][data-file="${path}"]`).count(), path).toBe(0);
    }
    await page.locator('[data-component="diff-line"][data-file="whole.ts"][data-line="6"]').scrollIntoViewIfNeeded();
    expect(await page.locator('[data-component="gap"][data-file="whole.ts"]').count()).toBe(0);
  });
});
