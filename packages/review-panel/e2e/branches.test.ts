// @vitest-environment node
// Every branch in one panel, in real Chromium: two agents' work trees of one repository, the branch list in
// the header, a switch to another branch's review in place, the list updating live, and two attempts compared.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { git } from "./git-repository.mjs";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("every branch in one panel, in Chromium", () => {
  it("lists every work tree's branch, opens one in place, follows an agent's edit live, and compares two", async () => {
    let worktreeA = "";
    let worktreeB = "";
    const { page, target } = await open({
      files: {
        base: { "src/task.ts": "export function task() {\n  return 0;\n}\n" },
        now: { "src/task.ts": "export function task() {\n  return -1;\n}\n" },
      },
      before: (t) => {
        worktreeA = join(dirname(t.dir), "agent-a");
        worktreeB = join(dirname(t.dir), "agent-b");
        git(t.dir, ["worktree", "add", "-q", "-b", "agent-a", worktreeA]);
        git(t.dir, ["worktree", "add", "-q", "-b", "agent-b", worktreeB]);
        writeFileSync(join(worktreeA, "src/task.ts"), "export function task() {\n  return 1; // attempt A\n}\n");
        writeFileSync(join(worktreeB, "src/task.ts"), "export function task() {\n  return 2; // attempt B\n}\n");
        writeFileSync(join(worktreeB, "src/helper.ts"), "export const helper = true;\n");
      },
    });
    const switcher = page.locator('[data-component="branch-switcher"]');
    await switcher.locator('[data-slot="current"]').click();
    const row = (name: string) => switcher.locator(`[data-slot="branch"][data-branch="${name}"]`);
    await row("agent-b").waitFor();
    expect(
      await switcher
        .locator('[data-slot="branch"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-branch"))),
    ).toEqual(expect.arrayContaining(["main", "agent-a", "agent-b"]));
    await expect
      .poll(() => row("agent-b").locator('[data-slot="status"]').textContent(), { timeout: 15_000 })
      .toContain("2 files +2 −1");
    await page.screenshot({ path: `${screenshotDir}branches-list.png` });

    // The list follows an agent's edit in its work tree, with nobody reloading.
    writeFileSync(join(worktreeB, "src/third.ts"), "export const third = 3;\n");
    await expect
      .poll(() => row("agent-b").locator('[data-slot="status"]').textContent(), { timeout: 15_000 })
      .toContain("3 files +3 −1");

    // A click opens agent-a's review in place: the address names it, and the files are agent-a's.
    await row("agent-a").click();
    await expect.poll(() => page.evaluate(() => window.location.hash), { timeout: 15_000 }).toBe("#branch=agent-a");
    await expect
      .poll(() => switcher.locator('[data-slot="current"]').textContent(), { timeout: 15_000 })
      .toContain("agent-a");
    await expect
      .poll(() => page.locator('[data-component="diff-view"]').textContent(), { timeout: 30_000 })
      .toContain("attempt A");
    expect(await page.locator('[data-component="diff-view"]').textContent()).not.toContain("attempt B");
    await page.screenshot({ path: `${screenshotDir}branches-switched.png` });

    // Compare the two attempts: agent-a the old side, agent-b the new.
    await switcher.locator('[data-slot="current"]').click();
    await switcher.locator('select[aria-label="Compare from"]').selectOption("agent-a");
    await switcher.locator('select[aria-label="Compare with"]').selectOption("agent-b");
    await switcher.locator('[data-slot="compare"] button[type="submit"]').click();
    const compare = page.locator('[data-component="compare-view"]');
    await compare.locator('[data-slot="file"][data-path="src/task.ts"]').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => window.location.hash)).toBe("#compare=agent-a..agent-b");
    const task = compare.locator('[data-slot="file"][data-path="src/task.ts"]');
    expect(await task.locator('tr[data-kind="del"]').textContent()).toContain("attempt A");
    expect(await task.locator('tr[data-kind="add"]').textContent()).toContain("attempt B");
    // A comment on the new side is agent-b's draft.
    await task.locator('tr[data-kind="add"]').click();
    await compare.locator("textarea").fill("B returns 2: why?");
    await compare.getByRole("button", { name: "Save draft on agent-b" }).click();
    await compare.locator('[data-slot="said"]').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${screenshotDir}branches-compare.png` });
    const onB = await callApi<{ threads: { messages: { body: string }[] }[] }>(
      target,
      "GET",
      "/api/threads?branch=agent-b&status=all",
    );
    expect(onB.threads.map((t) => t.messages[0]!.body)).toEqual(["B returns 2: why?"]);
    const onA = await callApi<{ threads: unknown[] }>(target, "GET", "/api/threads?branch=agent-a&status=all");
    expect(onA.threads).toEqual([]);
  });
});
