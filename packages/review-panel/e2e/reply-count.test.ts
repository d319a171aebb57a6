// @vitest-environment node
// A value the threads slice derives (its reply count, state/threads.ts) in the web panel, real Chromium:
// absent for a comment with one answer, shown once the agent answers again, live. The terminal shows the
// same count from the same function (review-server's terminal-half-one-model.test.ts sees both panels).
import { describe, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("the threads slice's reply count in Chromium", () => {
  it("shows no count for one reply and '2 replies' once the agent answers again, without a reload", async () => {
    const { page, target } = await open();
    const card = page.locator(`[data-component="thread"][data-thread-id="${target.threads!.unread}"]`);
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    await card.waitFor();
    await card.locator('[data-slot="badge"][data-tone="unread"]').waitFor();
    if ((await card.locator("[data-replies]").count()) !== 0) throw new Error("a thread with one reply shows a count");
    await target.agentReply(target.threads!.unread, "And the tests cover both directions now.");
    await card.locator("[data-replies]").filter({ hasText: "2 replies" }).waitFor();
    await card.screenshot({ path: `${screenshotDir}reply-count.png` });
  });
});
