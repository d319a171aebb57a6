// @vitest-environment node
// The agent's tour in real Chromium: the bar says what it holds, w walks it (the step's lines beside its
// text, "Step 1 of 2"), a step follows an edit above it, a comment on a step is an ordinary draft thread,
// and the hunk no step explains is listed.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();
const lines = (n: number, name: string) => Array.from({ length: n }, (_, i) => `${name}_${i + 1}();`).join("\n") + "\n";
const RETRY = lines(30, "retry");
const CLIENT = lines(30, "client");
const NOTES = lines(8, "note");

describe("the agent's tour in Chromium", () => {
  it("walks the steps with their lines and text, follows an edit, takes a comment on a step, and lists what no step explains", async () => {
    const { page, target } = await open({
      files: {
        base: { "src/retry.ts": RETRY, "src/client.ts": CLIENT, "notes.md": NOTES },
        now: {
          "src/retry.ts": RETRY.replace("retry_10();\nretry_11();\n", "backoff(10);\nbackoff(11);\n"),
          "src/client.ts": CLIENT.replace("client_20();\n", "client_20();\nuseBackoff();\n"),
          "notes.md": NOTES.replace("note_3();\n", ""),
        },
      },
      before: (t) =>
        t.agentTour({
          title: "Retry with backoff",
          steps: [
            { file: "src/retry.ts", from: 10, to: 11, text: "Start here: the backoff replaces the fixed retry." },
            { file: "src/client.ts", from: 21, text: "The client opts in; nothing else calls it yet." },
          ],
        }),
    });
    const bar = page.locator('[data-component="tour-bar"]');
    await bar.waitFor();
    expect(await bar.locator('[data-slot="name"]').textContent()).toBe("Retry with backoff");
    expect(await bar.locator('[data-slot="count"]').textContent()).toBe("2 steps");
    expect(await bar.locator('[data-slot="uncovered-count"]').textContent()).toBe("1 hunk not explained");

    await page.keyboard.press("w");
    await bar.locator('[data-slot="position"]', { hasText: "Step 1 of 2" }).waitFor();
    expect(await bar.locator('[data-slot="why"] [data-slot="text"]').textContent()).toBe(
      "Start here: the backoff replaces the fixed retry.",
    );
    expect(await bar.locator('[data-slot="place"]').textContent()).toBe("src/retry.ts, lines 10–11");
    await bar.locator('[data-slot="line"]', { hasText: "backoff(10);" }).waitFor();
    expect(await bar.locator('[data-slot="line"] [data-slot="number"]').allTextContents()).toEqual(["10", "11"]);
    // The diff below shows the step's lines too.
    await page.locator('[data-component="diff-line"][data-file="src/retry.ts"][data-line="10"]').first().waitFor();
    await page.screenshot({ path: `${screenshotDir}tour-step-1.png` });

    await page.keyboard.press("w");
    await bar.locator('[data-slot="position"]', { hasText: "Step 2 of 2" }).waitFor();
    expect(await bar.locator('[data-slot="place"]').textContent()).toBe("src/client.ts, line 21");
    expect(await bar.locator('[data-slot="action next"]').isDisabled()).toBe(true);

    // The agent writes two lines above the first step: back on it, its lines are where they went.
    target.editFile("src/retry.ts", (text) => `import { backoff } from "./backoff";\n\n${text}`);
    await page.keyboard.press("W");
    await bar.locator('[data-slot="place"]', { hasText: "src/retry.ts, lines 12–13" }).waitFor({ timeout: 30_000 });
    await bar.locator('[data-slot="line"] [data-slot="number"]', { hasText: "12" }).waitFor();

    // A comment on the step is the person's ordinary draft on those lines.
    await bar.locator('[data-slot="action comment"]').click();
    const box = page.locator('[data-component="row-composer"] textarea[data-slot="body"]');
    await box.waitFor();
    await box.fill("Why not reuse the old helper?");
    await page.locator('[data-component="row-composer"] [data-slot="submit"]').click();
    await page.locator('[data-component="thread"]', { hasText: "Why not reuse the old helper?" }).waitFor();
    const { threads } = await callApi<{ threads: { file: string; start: number; end: number }[] }>(
      target,
      "GET",
      "/api/threads?status=draft",
    );
    expect(threads.map((t) => [t.file, t.start, t.end])).toEqual([["src/retry.ts", 12, 13]]);

    // What no step explains: notes.md's deleted line, and now the import the agent just wrote; each a link into the diff.
    expect(await bar.locator('[data-slot="uncovered-count"]').textContent()).toBe("2 hunks not explained");
    await bar.locator('[data-slot="uncovered"] summary').click();
    const hunks = bar.locator('[data-slot="uncovered"] li button');
    expect(await hunks.allTextContents()).toEqual(["notes.md, lines 2–3", "src/retry.ts, lines 1–2"]);
    await page.screenshot({ path: `${screenshotDir}tour-after-edit.png` });
    await hunks.first().click();
    expect(
      await page.locator('[data-component="file-header"][data-path="notes.md"]').getAttribute("data-focused"),
    ).toBe("true");

    // Esc leaves the tour; the bar stays, closed.
    await page.keyboard.press("Escape");
    await bar.locator('[data-slot="action start"]').waitFor();
  });
});
