// @vitest-environment node
// Issue 27 in real Chromium: the agent's resolve claims on its messages, and failed deliveries as one notice.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("claims and deliveries in the web panel, in Chromium", () => {
  it("shows on the agent's message what came of its resolve claim: refused with why, or accepted", async () => {
    const { page, target } = await open();
    const threads = target.threads!;
    // Nothing changed under this thread since the person wrote it: the claim is refused.
    await target.agentReply(threads.open, "Fixed, one run fewer now.", true);
    await page.reload();
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    const refused = page.locator(`[data-component="thread"][data-thread-id="${threads.open}"]`);
    await refused.waitFor();
    if ((await refused.getAttribute("data-open")) !== "true") await refused.locator('[data-slot="head"]').click();
    const claim = refused.locator('[data-component="message"][data-author="agent"] [data-slot="claim"]');
    await claim.waitFor();
    expect(await claim.textContent()).toBe("claimed resolved · refused: the lines read as they did");
    expect(await claim.getAttribute("data-accepted")).toBe("false");
    await refused.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}claim-refused.png` });

    // The scenario's renamed thread was resolved by the agent: its claim held.
    await page.locator('[data-component="file-list"] [data-path="src/new-name.ts"]').click();
    const accepted = page.locator(`[data-component="thread"][data-thread-id="${threads.renamed}"]`);
    await accepted.waitFor();
    if ((await accepted.getAttribute("data-open")) !== "true") await accepted.locator('[data-slot="head"]').click();
    const held = accepted.locator('[data-component="message"][data-author="agent"] [data-slot="claim"]');
    await held.waitFor();
    expect(await held.textContent()).toBe("claimed resolved · accepted");
    await accepted.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}claim-accepted.png` });
    // The human messages carry no claim.
    expect(await refused.locator('[data-component="message"][data-author="human"] [data-slot="claim"]').count()).toBe(
      0,
    );
  });

  it("collapses several failed deliveries into one notice whose Dismiss all clears them all; Retry tries the session the bar names", async () => {
    const { page, target } = await open({
      agentSession: "refuses",
      files: {
        base: { "src/total.ts": "export const total = (a: number) => a;\n" },
        now: { "src/total.ts": "export const total = (a: number, b = 0) => a + b;\n" },
      },
    });
    for (const words of ["One.", "Two.", "Three."]) {
      await callApi(target, "POST", "/api/threads", { file: "src/total.ts", start: 1, end: 1, body: words });
      await callApi(target, "POST", "/api/review/release", {});
    }
    await page.reload();
    const notices = page.locator('[data-component="delivery-failed"]');
    await notices.first().waitFor();
    expect(await notices.count()).toBe(1);
    const text = await notices.locator('[data-slot="text"]').textContent();
    expect(text).toMatch(/not delivered: The session ses_agent did not take the message/);
    expect(text).toContain("(+2 earlier)");
    await page.screenshot({ path: `${screenshotDir}delivery-failed-collapsed.png` });

    // Retry goes to the session the bar names.
    const bar = page.locator('[data-component="release-bar"]');
    expect(await bar.locator('[data-slot="session"]').textContent()).toBe("to session “The agent's session”");
    const retried = page.waitForRequest((r) => r.url().includes("/retry") && r.method() === "POST");
    await notices.locator('[data-slot~="retry"]').click();
    expect((await retried).postDataJSON()).toEqual({ sessionId: "ses_agent" });

    await notices.locator('[data-slot~="dismiss-all-deliveries"]').click();
    await notices.first().waitFor({ state: "detached" });
    const { reviews } = await callApi<{ reviews: { delivery: { state: string; dismissed: boolean } }[] }>(
      target,
      "GET",
      "/api/reviews",
    );
    expect(reviews.map((r) => r.delivery)).toEqual(
      Array(3).fill(expect.objectContaining({ state: "failed", dismissed: true })),
    );
    await page.screenshot({ path: `${screenshotDir}delivery-failed-dismissed-all.png` });
  });
});
