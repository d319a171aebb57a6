// One model under both panels (issue 24), seen from outside: the real opencode TUI under tmux and the web
// panel in real Chromium, on one repository and store. A value one slice derives (the threads slice's reply
// count) shows in both; the same keys (N, then r) do the same thing in both: resolve the thread they reach.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { defaultDbPath, openRepository } from "../git/index.js";
import { startReviewServer } from "../server/start-review-server.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeTerminalOnlyProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, startTmux } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");
const panelDir = fileURLToPath(new URL("../../dist/panel/", import.meta.url));

describe.skipIf(!hasTmux())("one review model under both panels (real opencode under tmux, real Chromium)", () => {
  const opencode = packedPluginSuite();

  it("shows the threads slice's reply count in both panels, and N then r resolves the same thread in both", async () => {
    const p = makeTerminalOnlyProject({
      fakeModelUrl: opencode.model.url,
      plugin: opencode.plugin,
      tuiConfig: {},
      files: { "src/app.ts": base },
      changes: { "src/app.ts": changed },
    });
    // The web panel's server, on the store the terminal half opens (the repository's default one).
    const server = await startReviewServer({
      now: systemClock,
      dir: p.dir,
      dbPath: defaultDbPath(await openRepository(p.dir)),
      delivery: { mode: "tools", deliver: async () => null },
      tools: true,
      panelDir,
    });
    const profile = mkdtempSync(join(tmpdir(), "one-model-chromium-"));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      viewport: { width: 1280, height: 860 },
      args: ["--no-sandbox", "--disable-gpu"],
    });
    const screen = startTmux({
      name: "tui-one-model",
      cwd: p.dir,
      env: p.env,
      command: [opencodeBinary()],
      width: 150,
      height: 40,
    });
    try {
      // A released comment the agent answered twice: a conversation of three messages.
      const service = server.service;
      const thread = await service.draftThread({
        file: "src/app.ts",
        side: "new",
        start: 6,
        end: 6,
        body: "Why double it?",
      });
      await service.release({});
      await service.agentReply({ id: thread.id, text: "The spec counts both directions." });
      await service.agentReply({ id: thread.id, text: "I checked it against the tests too." });
      const status = async () => (await service.listThreads({ status: "all" })).find((t) => t.id === thread.id)?.status;

      // The web panel: the card shows the count the slice derives.
      const page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(server.panelUrl);
      const card = page.locator(`[data-component="thread"][data-thread-id="${thread.id}"]`);
      await card.locator("[data-replies]").filter({ hasText: "2 replies" }).waitFor();
      // The terminal: the same count on the thread's line.
      await screen.waitFor(home, 120_000);
      screen.keys("C-x", "v");
      const opened = await screen.waitFor((s) => s.includes("src/app.ts") && s.includes("Why double it?"), 30_000);
      screen.save("opened");
      expect(opened).toMatch(/line 6 · waiting on you · 2 replies/);

      // N goes to the next thread, r resolves it: in the browser first.
      await page.keyboard.press("N");
      await page.locator(`[data-component="thread"][data-focused="true"][data-thread-id="${thread.id}"]`).waitFor();
      await page.keyboard.press("r");
      await page.locator(`[data-component="thread"][data-thread-id="${thread.id}"][data-status="resolved"]`).waitFor();
      expect(await status()).toBe("resolved");
      // Reopened there (r again), so the terminal starts from the same thread in the same state.
      await page.keyboard.press("r");
      await page.locator(`[data-component="thread"][data-thread-id="${thread.id}"][data-status="open"]`).waitFor();
      expect(await status()).toBe("open");
      // The reopening reaches the terminal through the change log; then the same two keys there.
      await screen.waitFor((s) => /line 6 · waiting on (you|agent)/.test(s), 15_000);
      screen.keys("N");
      screen.keys("r");
      // The thread's line can read resolved (the change log's event) while the action still runs and the
      // status line says "Working…"; the person sees "Resolved" there once the answer is back.
      const saidResolved = (s: string) => /^ *Resolved *$/m.test(s);
      const resolved = await screen.waitFor((s) => /line 6 · resolved by you/.test(s) && saidResolved(s), 15_000);
      screen.save("resolved");
      expect(resolved).toMatch(/line 6 · resolved by you · 2 replies/);
      expect(await status()).toBe("resolved");
      // And the web panel, open all along, shows what the terminal did.
      await page.locator(`[data-component="thread"][data-thread-id="${thread.id}"][data-status="resolved"]`).waitFor();
    } finally {
      screen.save("last");
      screen.kill();
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
      await server.close();
      p.cleanup();
    }
  }, 400_000);
});
