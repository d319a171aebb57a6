// @vitest-environment node
// The panel's side of the hardening: a file too large to show, "Finish your review", and a release whose
// delivery failed, in real Chromium against a real server.
import { afterEach, describe, expect, it } from "vitest";
import { launchBrowser, screenshotDir } from "./browser.js";
import { startPanelTarget } from "./panel-target.js";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function open(before?: (target: Awaited<ReturnType<typeof startPanelTarget>>) => void) {
  const target = await startPanelTarget({ tools: true });
  cleanups.push(target.close);
  before?.(target);
  const browser = await launchBrowser();
  cleanups.push(browser.close);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(target.url);
  await page.locator('[data-component="file-header"]').first().waitFor();
  return { page, target };
}

describe("hardening in the web panel", () => {
  it("shows a file over the limit as too large with its changed lines, every other file as usual, and loads it on request", async () => {
    // 30,000 short lines: over the 20,000 changed lines a file may show by default, under the ceiling.
    const { page } = await open((t) =>
      t.writeFile("generated.txt", Array.from({ length: 30_000 }, (_, i) => `line ${i}`).join("\n") + "\n"),
    );
    await page.locator('[data-component="file-list"] [data-path="generated.txt"]').click();
    const notice = page.locator('[data-component="notice"][data-state="too-large"]');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/This file is too large to show .*30000 lines changed/);
    await page.screenshot({ path: `${screenshotDir}too-large.png` });
    // The other files are still there with their lines.
    expect(await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').count()).toBe(1);
    await notice.locator('[data-slot~="load-diff"]').click();
    await page.locator('[data-component="diff-line"][data-file="generated.txt"]').first().waitFor();
    expect(await page.locator('[data-component="notice"][data-state="too-large"]').count()).toBe(0);
  });

  it("finishes a review with an overall comment and a verdict; with no session yet it waits, says so, and goes to the first session that appears", async () => {
    const { page, target } = await open();
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    await page
      .locator(
        '[data-component="diff-line"][data-file="src/app.ts"][data-side="new"][data-line="16"] [data-slot="num"]',
      )
      .first()
      .click();
    await page.locator('[data-component="row-composer"] textarea[data-slot="body"]').fill("Guard against zero.");
    await page.locator('[data-component="row-composer"] [data-slot="submit"]').click();
    await page.locator('[data-component="release-bar"] [data-slot~="finish"]').click();
    const finish = page.locator('[data-component="finish-review"]');
    await finish.waitFor();
    await finish.locator('[data-slot="summary"]').fill("Nearly there; one guard missing.");
    await finish.locator('[data-slot="verdict"][data-value="changes"] input').check();
    const release = page.locator('[data-component="release-bar"] [data-slot="release"]');
    expect(await release.textContent()).toBe("Release and request changes");
    await page.screenshot({ path: `${screenshotDir}finish-review.png` });
    await release.click();
    await page.locator('[data-component="release-result"]').waitFor();

    const reviews = async () =>
      (
        (await (
          await fetch(`${target.origin}/api/reviews`, { headers: { authorization: `Bearer ${target.token}` } })
        ).json()) as { reviews: any[] }
      ).reviews;
    const [released] = await reviews();
    expect(released).toMatchObject({ verdict: "changes", summary: "Nearly there; one guard missing." });
    expect(released.prose).toContain("The reviewer requests changes before this is done.");

    // This test server has no agent session yet: the release waits for one, and the panel says so (never "failed").
    expect(
      await page.locator('[data-component="release-result"] [data-slot="head"] span').first().textContent(),
    ).toMatch(/^Released \d+ messages?: no session yet in \/.+\/repo: it goes to the next session you open there\.$/);
    const waiting = page.locator(`[data-component="delivery-waiting"][data-review-id="${released.id}"]`);
    await waiting.waitFor();
    expect(await waiting.textContent()).toMatch(
      /no session yet in \/.+\/repo: it goes to the next session you open there/,
    );
    expect(await page.locator('[data-component="delivery-failed"]').count()).toBe(0);
    await page.screenshot({ path: `${screenshotDir}delivery-waiting.png` });
    expect(released.delivery).toMatchObject({ state: "pending", waitsFor: "session" });
    // The first session that appears takes it; the bar names it and the waiting line goes.
    await target.sessionAppears("ses_late", "Late session");
    // It and the scenario's own two earlier releases, made with no session either.
    await expect.poll(() => target.delivered.map((d) => d.sessionId)).toEqual(["ses_late", "ses_late", "ses_late"]);
    await page.reload();
    await page.locator('[data-component="release-bar"] [data-slot="session"]', { hasText: "Late session" }).waitFor();
    expect(await page.locator('[data-component="delivery-waiting"]').count()).toBe(0);
    expect((await reviews())[0].delivery).toMatchObject({ state: "delivered", to: "ses_late" });
  });
});
