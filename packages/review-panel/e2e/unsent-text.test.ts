// @vitest-environment node
// Text typed into a comment box survives a reload and a closed tab in real Chromium, until saved or discarded.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();
const ready = '[data-component="file-header"]';

describe("nothing typed is lost, in Chromium", () => {
  it("a new comment with a suggestion comes back after a reload and after closing the tab; cancelling forgets it", async () => {
    const { page, target, context } = await open();
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    await page
      .locator(
        '[data-component="diff-line"][data-file="src/app.ts"][data-side="new"][data-line="24"] [data-slot="num"]',
      )
      .first()
      .click();
    await page
      .locator(
        '[data-component="diff-line"][data-file="src/app.ts"][data-side="new"][data-line="26"] [data-slot="num"]',
      )
      .first()
      .click({ modifiers: ["Shift"] });
    const composer = page.locator('[data-component="row-composer"]');
    await composer.locator('textarea[data-slot="body"]').fill("Half a thought about describe()");
    await composer.locator('[data-slot~="suggest"]').click();
    await composer.locator('textarea[data-slot="suggestion-input"]').fill("export const describe = () => '';");

    await page.reload();
    await page.locator(ready).first().waitFor();
    await composer.locator('[data-slot="target"]', { hasText: "Comment on lines 24–26" }).waitFor();
    expect(await composer.locator('textarea[data-slot="body"]').inputValue()).toBe("Half a thought about describe()");
    expect(await composer.locator('textarea[data-slot="suggestion-input"]').inputValue()).toBe(
      "export const describe = () => '';",
    );
    await page.screenshot({ path: `${screenshotDir}unsent-after-reload.png` });

    // The tab is closed; a new one on the panel's link has it too.
    await page.close();
    const tab = await context.newPage();
    await tab.goto(target.url);
    await tab.locator(ready).first().waitFor();
    const box = tab.locator('[data-component="row-composer"] textarea[data-slot="body"]');
    await box.waitFor();
    expect(await box.inputValue()).toBe("Half a thought about describe()");

    await tab.locator('[data-component="row-composer"] [data-slot~="cancel"]').click();
    await tab.reload();
    await tab.locator(ready).first().waitFor();
    await tab.waitForTimeout(500);
    expect(await tab.locator('[data-component="row-composer"]').count()).toBe(0);
    expect(
      await tab.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("opencode-review:unsent:"))),
    ).toEqual([]);
  });

  it("a reply and an edit of a draft come back after a reload; saving forgets them", async () => {
    const { page, target } = await open();
    const { open: openId, draft } = target.threads!;
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    const card = page.locator(`[data-thread-id="${openId}"]`);
    await card.locator('[data-slot~="reply"]').click();
    await card.locator('textarea[data-slot="body"]').fill("Still thinking about `retries`");
    await page.reload();
    await page.locator(ready).first().waitFor();
    const box = page.locator(`[data-thread-id="${openId}"] textarea[data-slot="body"]`);
    await box.waitFor();
    expect(await box.inputValue()).toBe("Still thinking about `retries`");
    await page.locator(`[data-thread-id="${openId}"] [data-slot="submit"]`).click();
    await page
      .locator(`[data-thread-id="${openId}"] [data-component="message"][data-delivery="unsent"]`, {
        hasText: "Still thinking about",
      })
      .waitFor();

    // An edit of the draft on deleted lines, left unsaved.
    const draftCard = page.locator(`[data-thread-id="${draft}"]`);
    for (let i = 0; i < 40 && (await draftCard.count()) === 0; i++) {
      await page.evaluate(() =>
        document.querySelector('[data-component="diff-view"] [data-slot="scroller"]')!.scrollBy(0, 300),
      );
      await page.waitForTimeout(50);
    }
    await draftCard.locator('[data-slot~="edit"]').click();
    await draftCard.locator('textarea[data-slot="body"]').fill("Good riddance, and say why in the commit.");
    await page.reload();
    await page.locator(ready).first().waitFor();
    for (let i = 0; i < 40 && (await draftCard.count()) === 0; i++) {
      await page.evaluate(() =>
        document.querySelector('[data-component="diff-view"] [data-slot="scroller"]')!.scrollBy(0, 300),
      );
      await page.waitForTimeout(50);
    }
    const editBox = draftCard.locator('textarea[data-slot="body"]');
    await editBox.waitFor();
    expect(await editBox.inputValue()).toBe("Good riddance, and say why in the commit.");
    await draftCard.locator('[data-slot="submit"]').click();
    await draftCard.locator('[data-component="message"]', { hasText: "say why in the commit" }).waitFor();

    await page.reload();
    await page.locator(ready).first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('textarea[data-slot="body"]').count()).toBe(0);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("opencode-review:unsent:"))),
    ).toEqual([]);
  });

  it("drops kept text whose place is gone: an edit of a draft that was released meanwhile", async () => {
    const { page, target } = await open();
    const { wholeFile } = target.threads!;
    // The released whole-file thread on README.md gets a draft reply, which the person starts editing.
    await callApi(target, "POST", `/api/threads/${wholeFile}/messages`, { body: "First words." });
    await page.reload();
    await page.locator('[data-component="file-list"] [data-path="README.md"]').click();
    const card = page.locator(`[data-thread-id="${wholeFile}"]`);
    await card.locator('[data-component="message"][data-delivery="unsent"] [data-slot~="edit"]').click();
    await card.locator('textarea[data-slot="body"]').fill("Second thoughts, never saved.");
    expect(
      await page.evaluate(
        () => Object.keys(localStorage).filter((k) => k.startsWith("opencode-review:unsent:")).length,
      ),
    ).toBe(1);
    // Released from elsewhere (another tab, the terminal): the draft is a sent message now.
    await callApi(target, "POST", "/api/review/release", {});
    await page.reload();
    await page.locator('[data-component="file-list"] [data-path="README.md"]').click();
    await card.locator('[data-component="message"]', { hasText: "First words." }).waitFor();
    expect(await card.locator('textarea[data-slot="body"]').count()).toBe(0);
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("opencode-review:unsent:")).length),
      )
      .toBe(0);
  });
});
