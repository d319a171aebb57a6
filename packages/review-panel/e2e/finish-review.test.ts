// @vitest-environment node
// "Finish your review" with no drafts, in real Chromium: an approval or a request for changes with an
// overall comment is a release of its own (GitHub's Approve), listed in past reviews and told to the agent.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("finish your review without drafts, in Chromium", () => {
  it("approves with an overall comment and no drafts; the past reviews list it with its verdict and the agent's notice carries it", async () => {
    const { page, target } = await open({
      agentSession: true,
      files: {
        base: { "src/total.ts": "export const total = (a: number) => a;\n" },
        now: { "src/total.ts": "export const total = (a: number, b = 0) => a + b;\n" },
      },
    });
    const bar = page.locator('[data-component="release-bar"]');
    const release = bar.locator('[data-slot="release"]');
    await expect.poll(() => bar.locator('[data-slot="count"]').textContent()).toBe("No drafts");
    expect(await release.isDisabled()).toBe(true);

    // The form opens with no drafts; the plain Comment verdict with nothing written is nothing to release.
    await bar.locator('[data-slot~="finish"]').click();
    const finish = page.locator('[data-component="finish-review"]');
    await finish.waitFor();
    expect(await finish.locator('[data-slot="nothing"]').textContent()).toMatch(/^Nothing to release/);
    expect(await release.isDisabled()).toBe(true);

    await finish.locator('[data-slot="verdict"][data-value="approve"] input').check();
    await finish.locator('[data-slot="summary"]').fill("Ship it; the default for b reads well.");
    expect(await finish.locator('[data-slot="nothing"]').count()).toBe(0);
    expect(await release.textContent()).toBe("Approve");
    await page.screenshot({ path: `${screenshotDir}finish-approve-no-drafts.png` });
    await release.click();
    const result = page.locator('[data-component="release-result"]');
    await result.waitFor();
    expect(await result.locator('[data-slot="head"] span').first().textContent()).toMatch(
      /^Approved: the agent was told/,
    );

    // The agent's session got the verdict and the overall comment.
    await expect.poll(() => target.delivered.length).toBe(1);
    expect(target.delivered[0]).toMatchObject({ sessionId: "ses_agent" });
    expect(target.delivered[0]!.text).toContain("The reviewer approves these changes.");
    expect(target.delivered[0]!.text).toContain("Ship it; the default for b reads well.");

    // Listed with its verdict, and still after a reload (the list is the server's).
    await page.reload();
    await bar.locator('[data-slot~="past"]', { hasText: "Past reviews (1)" }).click();
    const listed = page.locator('[data-component="past-reviews"] li');
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    expect(await listed.first().getAttribute("data-verdict")).toBe("approve");
    expect(await listed.first().locator('[data-slot="verdict"]').textContent()).toBe("Approved");
    expect(await listed.first().locator('[data-slot="summary"]').textContent()).toBe(
      "Ship it; the default for b reads well.",
    );
    expect(await listed.first().locator('[data-slot="messages"]').textContent()).toBe("no comments");
    await expect
      .poll(() => listed.first().locator('[data-slot="delivery"]').getAttribute("data-state"))
      .toBe("delivered");

    // A request for changes on its own is a release too, listed first.
    await bar.locator('[data-slot~="finish"]').click();
    await finish.locator('[data-slot="verdict"][data-value="changes"] input').check();
    expect(await release.textContent()).toBe("Request changes");
    await release.click();
    await expect.poll(() => listed.count()).toBe(2);
    expect(await listed.first().locator('[data-slot="verdict"]').textContent()).toBe("Changes requested");
    expect(await listed.first().locator('[data-slot="summary"]').count()).toBe(0);
    await expect.poll(() => target.delivered.length).toBe(2);
    expect(target.delivered[1]!.text).toContain("The reviewer requests changes before this is done.");
    // The form went back to Comment with nothing written: nothing to release again.
    expect(await release.isDisabled()).toBe(true);
    await page.screenshot({ path: `${screenshotDir}past-reviews.png` });
  });
});
