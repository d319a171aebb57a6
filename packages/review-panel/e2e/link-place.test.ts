// @vitest-environment node
// A link from the terminal half (`o`) names the place the person was at: the panel opens scrolled there.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("a panel link with a place, in Chromium", () => {
  it("opens scrolled to the file and line the link names, far below the first screen, with that file focused", async () => {
    const { page, target, context } = await open({ bigDiff: 600 });
    const { files } = await callApi<{
      files: { path: string; hunks: { lines: { kind: string; new: number | null }[] }[] }[];
    }>(target, "GET", "/api/diff?from=base&to=worktree");
    const last = files.at(-1)!;
    const line = last.hunks.flatMap((h) => h.lines).find((l) => l.kind === "add")!.new!;
    const row = (p: typeof page) =>
      p.locator(`[data-component="diff-line"][data-file="${last.path}"][data-side="new"][data-line="${line}"]`);
    // Not on the first screen when opened without a place.
    expect(await row(page).count()).toBe(0);

    const link = new URL(target.url);
    link.hash = `${link.hash.slice(1)}&file=${encodeURIComponent(last.path)}&line=${line}`;
    const other = await context.newPage();
    await other.goto(link.href);
    await row(other).waitFor({ timeout: 30_000 });
    await expect
      .poll(
        async () =>
          row(other).evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(
      await other.locator(`[data-component="file-header"][data-path="${last.path}"]`).getAttribute("data-focused"),
    ).toBe("true");
    // The line the address names is marked.
    await expect.poll(() => row(other).getAttribute("data-selected"), { timeout: 15_000 }).toBe("true");
    // The token left the address bar; the place stays (a reload lands there again).
    expect(other.url()).not.toContain("token=");
    expect(other.url()).toContain(`line=${line}`);
    await other.screenshot({ path: `${screenshotDir}link-place.png` });
  });
});
