#!/usr/bin/env node
// In Chromium: time until the first diff lines are visible, and the DOM node count, for 2,000 and 20,000
// changed lines (300 files). Targets: first lines within 1.5 s at 20,000 lines; under 5,000 nodes at any size.
// Served by the development fixture server until the real server is wired in (see e2e/panel-target.ts).
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startFixtureServer } from "../dev/fixture-server.mjs";

const index = fileURLToPath(new URL("../../review-server/dist/panel/index.html", import.meta.url));
if (!existsSync(index)) {
  console.error("The panel is not built: pnpm --filter @opencode-review/panel build");
  process.exit(1);
}

const profile = mkdtempSync(join(tmpdir(), "panel-bench-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  viewport: { width: 1280, height: 900 },
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failed = false;
try {
  for (const lines of [2_000, 20_000]) {
    const server = await startFixtureServer({ port: 0, big: lines });
    // Warm the fixture's own diff cache so the figure measures the panel, not the stand-in server.
    await fetch(`${server.origin}/api/diff?from=base&to=worktree`, { headers: { authorization: `Bearer ${server.token}` } });
    const page = await context.newPage();
    const runs = [];
    let nodes = 0;
    let maxNodes = 0;
    for (let run = 0; run < 3; run++) {
      await page.goto(server.url, { waitUntil: "commit" });
      // Measured inside the page from the start of navigation, so the driver's own round trips do not count.
      const handle = await page.waitForFunction(() => document.querySelectorAll('[data-component="diff-line"]').length > 5 && Math.round(performance.now()), null, { polling: "raf", timeout: 30_000 });
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
    const median = runs[1];
    console.log(`${String(lines).padStart(6)} changed lines: first lines visible ${median} ms (median of 3: ${runs.join(", ")}), DOM nodes ${nodes} at load, ${maxNodes} max while scrolling`);
    if (maxNodes >= 5000 || nodes >= 5000) failed = true;
    if (lines === 20_000 && median > 1500) failed = true;
    await page.close();
    await server.close();
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(failed ? "panel bench: a target was missed" : "panel bench: targets met (first lines <= 1500 ms at 20,000 lines; < 5,000 nodes)");
process.exit(failed ? 1 : 0);
