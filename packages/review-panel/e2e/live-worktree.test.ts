// @vitest-environment node
// The work tree is live in real Chromium: a file the agent writes (another process's write, from the panel's
// point of view) shows its diff without a reload, keeping the person's open comment box and its words.
import { describe, expect, it } from "vitest";
import { createEventBus } from "../../review-server/src/events/event-bus.js";
import { createReviewService } from "../../review-server/src/service/index.js";
import { openStore } from "../../review-server/src/store/index.js";
import { screenshotDir } from "./browser.js";
import { panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("the work tree, live in Chromium", () => {
  it("shows a new file and a new line the agent wrote while the panel is open, keeping an open comment box", async () => {
    const { page, target } = await open();
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    const appHeader = page.locator('[data-component="file-header"][data-path="src/app.ts"]');
    await appHeader.waitFor();
    // The person is writing a comment when the agent writes.
    await appHeader.locator('[data-slot~="file-comment"]').click();
    const box = page.locator('[data-component="composer"] textarea[data-slot="body"]').first();
    await box.waitFor();
    await box.fill("Half-written words");
    const addsBefore = Number((await appHeader.locator('[data-slot="adds"]').textContent())!.slice(1));

    target.writeFile("src/late.ts", "export const late = 1;\n");
    target.editFile("src/app.ts", (text) => `${text}export const addedLive = true;\n`);

    await page.locator('[data-component="file-list"] [data-path="src/late.ts"]').waitFor({ timeout: 15_000 });
    // The edit to the file open beside the box shows in place (one more added line), and nothing was
    // reloaded: the box keeps its words.
    await page.waitForFunction(
      (was) =>
        document.querySelector('[data-component="file-header"][data-path="src/app.ts"] [data-slot="adds"]')
          ?.textContent === `+${was + 1}`,
      addsBefore,
      { timeout: 15_000 },
    );
    expect(await box.inputValue()).toBe("Half-written words");
    await page.screenshot({ path: `${screenshotDir}live-worktree.png` });
    await page.locator('[data-component="file-list"] [data-path="src/late.ts"]').click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-component="diff-line"]')].some((el) =>
          el.textContent?.includes("late = 1"),
        ),
      undefined,
      { timeout: 15_000 },
    );
  });

  it("shows what another process writes without a reload: a file marked viewed is ticked, unmarked it is not", async () => {
    const { page, target } = await open();
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    const viewedBox = page.locator(
      '[data-component="file-header"][data-path="src/app.ts"] [data-component="viewed-toggle"] input',
    );
    await viewedBox.waitFor();
    expect(await viewedBox.isChecked()).toBe(false);
    // Another process on the same store: a second service, as another opencode or MCP server would be.
    const store = await openStore({ path: target.dbPath });
    try {
      const other = createReviewService({
        now: () => new Date().toISOString(),
        dir: target.dir,
        store,
        bus: createEventBus(),
        delivery: { mode: "prose", deliver: async () => null },
      });
      await other.setViewed({ path: "src/app.ts", viewed: true, ref: "worktree" });
      await page.waitForFunction(
        () =>
          (
            document.querySelector(
              '[data-component="file-header"][data-path="src/app.ts"] [data-component="viewed-toggle"] input',
            ) as HTMLInputElement | null
          )?.checked === true,
        undefined,
        { timeout: 15_000 },
      );
      await other.setViewed({ path: "src/app.ts", viewed: false, ref: "worktree" });
      await page.waitForFunction(
        () =>
          (
            document.querySelector(
              '[data-component="file-header"][data-path="src/app.ts"] [data-component="viewed-toggle"] input',
            ) as HTMLInputElement | null
          )?.checked === false,
        undefined,
        { timeout: 15_000 },
      );
    } finally {
      await store.close();
    }
  });
});
