// @vitest-environment node
// Which diff, changed words and ignore whitespace, in real Chromium: one picker offers the rounds, the
// uncommitted and staged parts, since my last review and each commit; the header says what is shown.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { git, layFiles } from "./git-repository.mjs";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();
// On a shared machine a diff read again takes seconds: waits are generous, never judged.
const slow = { timeout: 20_000 };

describe("which diff, in Chromium", () => {
  it("shows the uncommitted, staged, one-commit and since-my-last-review diffs, marks changed words, and leaves out whitespace on request", async () => {
    let commit = "";
    const { page, target } = await open({
      files: {
        base: {
          "src/price.ts": "export const total = price * qty;\n",
          "src/space.ts": "if (ready) {\n  go();\n}\n",
        },
        now: {},
      },
      before: (target) => {
        layFiles(target.dir, { "src/committed.ts": "export const committed = true;\n" });
        git(target.dir, ["add", "-A"]);
        git(target.dir, ["commit", "-q", "-m", "Add the committed flag"]);
        commit = git(target.dir, ["rev-parse", "HEAD"]).trim();
        layFiles(target.dir, {
          "src/price.ts": "export const total = price * quantity;\n",
          "src/space.ts": "if (ready) {\n    go();\n}\n",
          "src/staged.ts": "export const staged = 1;\n",
        });
        git(target.dir, ["add", "src/staged.ts"]);
      },
    });
    const listed = async () =>
      (
        await page
          .locator('[data-component="file-list"] [data-kind="file"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-path")))
      ).sort();
    const picker = page.locator('[data-component="round-picker"]');
    const shown = picker.locator('[data-slot="shown"]');
    const button = (name: string) => picker.getByRole("button", { name, exact: true });

    // Changed words: the word that changed is marked on both lines, nothing else of them.
    const words = page.locator('[data-word="changed"]');
    await expect.poll(() => words.allTextContents(), slow).toEqual(expect.arrayContaining(["qty", "quantity"]));
    expect((await words.allTextContents()).some((w) => w.includes("total"))).toBe(false);

    await button("Uncommitted").click();
    await expect.poll(listed, slow).toEqual(["src/price.ts", "src/space.ts", "src/staged.ts"]);
    await expect.poll(() => shown.textContent(), slow).toBe("Uncommitted changes (HEAD → work tree)");
    expect(await button("Uncommitted").getAttribute("aria-pressed")).toBe("true");
    expect(await button("All changes").getAttribute("aria-pressed")).toBe("false");
    await page.screenshot({ path: `${screenshotDir}which-diff-uncommitted.png` });

    // Ignore whitespace: the file changed only in its indentation goes, and comes back with `w`.
    await picker.getByLabel("Ignore whitespace").check();
    await expect.poll(listed, slow).toEqual(["src/price.ts", "src/staged.ts"]);
    expect(await shown.textContent()).toBe("Uncommitted changes (HEAD → work tree), whitespace ignored");
    await page.screenshot({ path: `${screenshotDir}which-diff-ignore-whitespace.png` });
    await picker.getByLabel("Ignore whitespace").blur();
    await page.keyboard.press("i");
    await expect.poll(listed, slow).toEqual(["src/price.ts", "src/space.ts", "src/staged.ts"]);

    await button("Staged").click();
    await expect.poll(listed, slow).toEqual(["src/staged.ts"]);
    expect(await shown.textContent()).toBe("Staged changes (HEAD → index)");

    const commits = picker.locator('select[aria-label="Commit"]');
    await commits.selectOption(`commit:${commit}`);
    await expect.poll(listed, slow).toEqual(["src/committed.ts"]);
    expect(await shown.textContent()).toBe(`Commit ${commit.slice(0, 7)} “Add the committed flag”`);
    await page.screenshot({ path: `${screenshotDir}which-diff-commit.png` });

    // Remembered for the branch (in the store): a reload opens the same diff.
    await button("Uncommitted").click();
    await expect.poll(listed, slow).toEqual(["src/price.ts", "src/space.ts", "src/staged.ts"]);
    await expect
      .poll(async () => (await callApi<{ picked: string | null }>(target, "GET", "/api/bases")).picked, slow)
      .toBe("view:uncommitted");
    await page.reload();
    await page.locator('[data-component="file-header"]').first().waitFor();
    await expect.poll(() => shown.textContent(), slow).toBe("Uncommitted changes (HEAD → work tree)");
    await expect.poll(listed, slow).toEqual(["src/price.ts", "src/space.ts", "src/staged.ts"]);

    // Since my last review: before any release the whole change; after one, only what changed since.
    await button("Since my last review").click();
    await expect.poll(() => shown.textContent(), slow).toBe("Changes since your last review");
    expect(await listed()).toEqual(expect.arrayContaining(["src/price.ts", "src/space.ts", "src/staged.ts"]));
    await callApi(target, "POST", "/api/threads", { file: "src/price.ts", start: 1, end: 1, body: "Why rename?" });
    await callApi(target, "POST", "/api/review/release", {});
    layFiles(target.dir, { "src/space.ts": "if (ready) {\n    go();\n    stop();\n}\n" });
    await expect.poll(listed, slow).toEqual(["src/space.ts"]);
    // The thread on price.ts keeps its anchor: it is still there in the whole change.
    await button("All changes").click();
    await expect.poll(() => page.locator('[data-component="thread"]').count(), slow).toBeGreaterThan(0);
    // Since my last review, marked in the whole change: space.ts and its hunk are new since, price.ts is not.
    const marked = () =>
      page
        .locator('[data-component="file-header"]:has([data-slot="since"])')
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-path")));
    await expect.poll(marked, slow).toEqual(["src/space.ts"]);
    expect(await page.locator('[data-component="hunk-header"][data-since="new"]').count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}which-diff-since-review-marks.png` });
    // Another release (an approval, made elsewhere): nothing is new since it, at once, with no edit in between.
    await callApi(target, "POST", "/api/review/release", { verdict: "approve" });
    await expect.poll(marked, slow).toEqual([]);
    expect(await page.locator('[data-component="hunk-header"][data-since="new"]').count()).toBe(0);
    await page.screenshot({ path: `${screenshotDir}which-diff-since-review-released.png` });
  }, 240_000);
});
