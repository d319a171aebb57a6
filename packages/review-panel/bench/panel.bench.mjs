#!/usr/bin/env node
// In Chromium, against the real review server (built: packages/review-server/dist) on a real repository:
// time until the first diff lines are visible, and the DOM node count, for 2,000 and 20,000 changed lines
// over 300 files. Targets: first lines within 1.5 s at 20,000 lines; under 5,000 nodes at any size.
import { existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { median as medianOf } from "../../../scripts/bench-timing.mjs";
import { bigChange, initRepository, layFiles } from "../e2e/git-repository.mjs";

const panelDir = fileURLToPath(new URL("../../review-server/dist/panel/", import.meta.url));
const serverEntry = new URL("../../review-server/dist/server/index.js", import.meta.url);
if (!existsSync(join(panelDir, "index.html")) || !existsSync(fileURLToPath(serverEntry))) {
  console.error("Build first: pnpm build (the panel into the server package, and the server itself)");
  process.exit(1);
}
const { startReviewServer } = await import(serverEntry.href);

const profile = mkdtempSync(join(tmpdir(), "panel-bench-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
let failed = false;
try {
  for (const lines of [2_000, 20_000]) {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), "panel-bench-repo-")));
    const dir = join(folder, "repo");
    const change = bigChange(lines);
    initRepository(dir, change.base);
    layFiles(dir, change.now);
    const server = await startReviewServer({
      now: () => new Date().toISOString(),
      dir,
      dbPath: join(folder, "review.sqlite"),
      delivery: { mode: "prose", deliver: async () => null },
      tools: false,
      panelDir,
      reportError: (error) => console.error("bench server:", error),
    });
    const page = await context.newPage();
    // The first load also pays for git's first diff of the tree; the figure is for a person opening the panel.
    const headers = { authorization: `Bearer ${server.token}` };
    const started = performance.now();
    await fetch(`${server.url}/api/diff?from=base&to=worktree`, { headers });
    const firstDiffMs = Math.round(performance.now() - started);
    const runs = [];
    let nodes = 0;
    let maxNodes = 0;
    for (let run = 0; run < 3; run++) {
      await page.goto(server.panelUrl, { waitUntil: "commit" });
      // Measured inside the page from the start of navigation, so the driver's own round trips do not count.
      const handle = await page.waitForFunction(
        () => document.querySelectorAll('[data-component="diff-line"]').length > 5 && Math.round(performance.now()),
        null,
        { polling: "raf", timeout: 60_000 },
      );
      runs.push(await handle.jsonValue());
      nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
      // Scroll through the diff and count again at a few places.
      for (const at of [0.25, 0.5, 0.99]) {
        await page.evaluate((f) => {
          const s = document.querySelector('[data-component="diff-view"] [data-slot="scroller"]');
          s.scrollTop = s.scrollHeight * f;
        }, at);
        await page.waitForTimeout(150);
        maxNodes = Math.max(maxNodes, await page.evaluate(() => document.getElementsByTagName("*").length));
      }
    }
    runs.sort((a, b) => a - b);
    const median = medianOf(runs);
    console.log(
      `${String(lines).padStart(6)} changed lines: first lines visible ${median} ms (median of 3: ${runs.join(", ")}; ` +
        `the server's first diff alone took ${firstDiffMs} ms), DOM nodes ${nodes} at load, ${maxNodes} max while scrolling`,
    );
    if (maxNodes >= 5000 || nodes >= 5000) failed = true;
    if (lines === 20_000 && median > 1500) failed = true;
    await page.close();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(
  failed
    ? "panel bench: a target was missed"
    : "panel bench: targets met (first lines <= 1500 ms at 20,000 lines; < 5,000 nodes)",
);
process.exit(failed ? 1 : 0);
