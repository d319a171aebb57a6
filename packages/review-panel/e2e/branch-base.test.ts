// @vitest-environment node
// The branch against its nearest parent branch, in real Chromium, on a repository main ← feature ← work.
import { describe, expect, it } from "vitest";
import { launchBrowser, screenshotDir } from "./browser.js";
import { git, layFiles } from "./git-repository.mjs";
import { panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("the branch against its parent, in Chromium", () => {
  it("offers the nearest parent branch as the diff's start, shows what its pull request would, and remembers the pick in the store for every browser", async () => {
    const { page, target } = await open({
      files: { base: { "README.md": "# app\n" }, now: {} },
      before: (target) => {
        git(target.dir, ["checkout", "-q", "-b", "feature"]);
        layFiles(target.dir, { "src/feature.ts": "export const feature = 1;\n" });
        git(target.dir, ["add", "-A"]);
        git(target.dir, ["commit", "-q", "-m", "feature"]);
        git(target.dir, ["checkout", "-q", "-b", "work"]);
        layFiles(target.dir, { "src/work.ts": "export const work = 1;\n" });
        git(target.dir, ["add", "-A"]);
        git(target.dir, ["commit", "-q", "-m", "work"]);
        layFiles(target.dir, { "src/now.ts": "export const now = 1;\n" });
      },
    });
    const listed = async () =>
      (
        await page
          .locator('[data-component="file-list"] [data-kind="file"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-path")))
      ).sort();
    const from = page.locator('[data-component="round-picker"] select[aria-label="From"]');
    await from.locator("option", { hasText: "branch feature (nearest parent)" }).waitFor({ state: "attached" });
    expect(await from.locator("option").allTextContents()).toEqual([
      "base",
      "round 1",
      "branch feature (nearest parent)",
      "branch main",
    ]);
    expect(await listed()).toEqual(["src/now.ts"]);

    await from.selectOption("branch:feature");
    await expect.poll(listed).toEqual(["src/now.ts", "src/work.ts"]);
    await page.screenshot({ path: `${screenshotDir}branch-base.png` });
    await from.selectOption("branch:main");
    await expect.poll(listed).toEqual(["src/feature.ts", "src/now.ts", "src/work.ts"]);

    // Remembered for this repository and branch: a reload starts from main again.
    await page.reload();
    await page.locator('[data-component="file-header"]').first().waitFor();
    await expect.poll(listed).toEqual(["src/feature.ts", "src/now.ts", "src/work.ts"]);
    expect(await from.inputValue()).toBe("branch:main");

    // In the store, not this browser's storage: the page keeps nothing of it, and another browser (its own
    // profile) starts there too.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("opencode-review:base:"))),
    ).toEqual([]);
    const other = await launchBrowser();
    try {
      const second = other.context.pages()[0] ?? (await other.context.newPage());
      await second.goto(target.url);
      await second.locator('[data-component="file-header"]').first().waitFor();
      const secondFrom = second.locator('[data-component="round-picker"] select[aria-label="From"]');
      await expect.poll(() => secondFrom.inputValue()).toBe("branch:main");
      await expect
        .poll(async () =>
          (
            await second
              .locator('[data-component="file-list"] [data-kind="file"]')
              .evaluateAll((els) => els.map((e) => e.getAttribute("data-path")))
          ).sort(),
        )
        .toEqual(["src/feature.ts", "src/now.ts", "src/work.ts"]);
      await second.screenshot({ path: `${screenshotDir}branch-base-second-browser.png` });
    } finally {
      await other.close();
    }

    // Text kept on a file only the picked base's diff shows opens again after a reload: the reopen waits for that diff.
    await page.locator('[data-component="file-list"] [data-path="src/work.ts"]').click();
    await page
      .locator(
        '[data-component="diff-line"][data-file="src/work.ts"][data-side="new"][data-line="1"] [data-slot="num"]',
      )
      .first()
      .click();
    await page.locator('[data-component="row-composer"] textarea[data-slot="body"]').fill("Why a constant?");
    await page.reload();
    const kept = page.locator('[data-component="row-composer"] textarea[data-slot="body"]');
    await kept.waitFor();
    expect(await kept.inputValue()).toBe("Why a constant?");
    await page.locator('[data-component="row-composer"] [data-slot~="cancel"]').click();

    // Back to the review's own base, and that is remembered too.
    await page.locator('[data-component="round-picker"] [data-slot="action"]', { hasText: "All changes" }).click();
    await expect.poll(listed).toEqual(["src/now.ts"]);
    await page.reload();
    await page.locator('[data-component="file-header"]').first().waitFor();
    await page.waitForTimeout(300);
    expect(await listed()).toEqual(["src/now.ts"]);
  });
});
