// @vitest-environment node
// The "show more" expanders in real Chromium offer only lines the file has: none past the end of a file,
// none in a file the diff shows whole or in a new file, and each one counts what it reveals; revealed lines
// are coloured like the diff's. On the same panel: the file tree's figures and filter box, and the header of
// a long file pinned at the top while its middle is read.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);
const text = (ls: readonly string[]) => `${ls.join("\n")}\n`;
const edit = (ls: readonly string[], at: readonly number[]) =>
  ls.map((l, i) => (at.includes(i + 1) ? `${l} changed` : l));
/** TypeScript with keywords on every line, so colours show: `export const v1 = 1;` ... */
const code = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i + 1} = ${i + 1};`);

describe("hidden context lines in Chromium", () => {
  it("are offered only where the file has them, and Show all reveals every one", async () => {
    const long = lines(30);
    const { page, target } = await open({
      files: {
        // The last change 3 lines before the end: its hunk ends at the end of the file.
        base: {
          "ends.ts": text(long),
          "middle.ts": text(long),
          "whole.ts": text(lines(6)),
          "x-long.ts": text(code(160)),
        },
        now: {
          // Last in the tree, so the files above stay where the first checks look. Changed at line 4 and line 150: the lines between are hidden, the file long once they are shown.
          "x-long.ts": text(code(160).map((l, i) => (i === 3 || i === 149 ? l.replace("= ", "= 10 * ") : l))),
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
      els
        .filter((el) => el.getAttribute("data-file") !== "x-long.ts")
        .map(
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

    // The file tree: each file's added and deleted lines, and a filter box that narrows it by path.
    const tree = page.locator('[data-component="file-list"]');
    const entry = (path: string) => tree.locator(`[data-slot="entry"][data-path="${path}"]`);
    expect(await entry("middle.ts").locator('[data-slot="adds"]').textContent()).toBe("+2");
    expect(await entry("middle.ts").locator('[data-slot="dels"]').textContent()).toBe("−2");
    expect(await entry("new.ts").locator('[data-slot="adds"]').textContent()).toBe("+4");
    const filter = tree.locator('[data-slot="filter-input"]');
    await filter.fill("LONG");
    await tree.locator('[data-slot="filter-count"]', { hasText: "1 of 5 files" }).waitFor();
    const names = () =>
      tree.locator('[data-slot="entry"]').evaluateAll((els) => els.map((el) => el.textContent?.trim()));
    // Folders kept for a matching file: see file-tree.test.ts (every file here is at the top).
    expect(await names()).toEqual(["x-long.ts+2−2"]);
    await page.screenshot({ path: `${screenshotDir}file-tree-filter.png` });
    await filter.press("Escape");
    await expect.poll(async () => (await names()).length).toBe(5);
    expect(await filter.inputValue()).toBe("");
    expect(await tree.locator('[data-slot="filter-count"]').count()).toBe(0);

    // Revealed lines get the same syntax colours as the diff's: `export` on a revealed line is coloured as on a changed one.
    await entry("x-long.ts").click();
    const syntaxLine = (n: number) =>
      page.locator(`[data-component="diff-line"][data-file="x-long.ts"][data-line="${n}"]`);
    const keywordColour = (n: number) =>
      syntaxLine(n)
        .locator('[data-slot="code-text"] > span', { hasText: "export" })
        .first()
        .evaluate((el) => getComputedStyle(el).color, undefined, { timeout: 1000 })
        .catch(() => null);
    await syntaxLine(4).first().waitFor();
    await expect.poll(() => keywordColour(4), { timeout: 30_000 }).not.toBeNull();
    const plain = await syntaxLine(4)
      .first()
      .evaluate((el) => getComputedStyle(el.querySelector('[data-slot="code"]')!).color);
    const coloured = await keywordColour(4);
    expect(coloured).not.toBe(plain);
    await page
      .locator('[data-component="gap"][data-file="x-long.ts"][data-gap-start="8"] [data-slot~="expand-down"]')
      .click();
    await syntaxLine(20).first().waitFor();
    await syntaxLine(20).first().scrollIntoViewIfNeeded();
    await expect.poll(() => keywordColour(20), { timeout: 30_000 }).toBe(coloured);
    await page.screenshot({ path: `${screenshotDir}context-lines-coloured.png` });

    // A long file's header stays at the top of the pane while its middle is read, and its Viewed box works there.
    await page.locator('[data-component="gap"][data-file="x-long.ts"] [data-slot~="expand-all"]').first().click();
    await page
      .locator('[data-component="gap"][data-file="x-long.ts"][data-gap-start="28"]')
      .waitFor({ state: "detached" });
    await page.evaluate(() => {
      const scroller = document.querySelector('[data-component="diff-view"] [data-slot="scroller"]')!;
      const line = document.querySelector('[data-component="diff-line"][data-file="x-long.ts"][data-line="40"]');
      if (line) line.scrollIntoView({ block: "start" });
      else scroller.scrollBy(0, 800);
    });
    const pinned = page.locator('[data-component="sticky-file-header"][data-path="x-long.ts"]');
    await pinned.waitFor();
    const [pinnedBox, paneBox] = [
      await pinned.boundingBox(),
      await page.locator('[data-component="diff-view"]').boundingBox(),
    ];
    expect(Math.abs(pinnedBox!.y - paneBox!.y)).toBeLessThan(2);
    // The real header row is off screen (the virtualized list dropped it): the pinned copy is the one shown.
    expect(await page.locator('[data-component="file-header"][data-path="x-long.ts"]').count()).toBe(0);
    // A line of the file's middle is drawn under it.
    expect(await syntaxLine(60).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${screenshotDir}sticky-file-header.png` });
    // Marked viewed, the file folds: its rows (and so the pinned copy) go.
    await pinned.locator('[data-component="viewed-toggle"] input').click();
    await pinned.waitFor({ state: "detached" });
    await expect
      .poll(async () => {
        const { files } = await callApi<{ files: { path: string; state: string }[] }>(target, "GET", "/api/viewed");
        return files.find((f) => f.path === "x-long.ts")?.state;
      })
      .toBe("viewed");
  });
});
