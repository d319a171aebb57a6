// The web panel an MCP server serves, in real Chromium: a release there waits for the agent's next turn,
// and says so until the agent's review_list reads it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../cli/testing/cli-process.js";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { startMcp, type McpProcess } from "./testing/mcp-process.js";
import { panelToken } from "../testing/panel-link.js";

describe("the panel of opencode-review mcp", () => {
  let repo: TempRepository;
  let mcp: McpProcess;
  beforeAll(async () => {
    await buildCli();
    repo = await makeTempRepository();
    await repo.write("src/app.ts", "export const a = 1;\nexport const b = 2;\n");
    await repo.commitAll("base");
    await repo.write("src/app.ts", "export const a = 1;\nexport const b = 3;\n");
    mcp = await startMcp(["--repo", repo.dir]);
  }, 180_000);
  afterAll(async () => {
    await mcp?.close();
    await repo?.remove();
  });

  it("shows the release waiting for the agent's next turn, until review_list reads it", async () => {
    const profile = mkdtempSync(join(tmpdir(), "opencode-review-mcp-chromium-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
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
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const url = new URL(mcp.panelUrl);
      const token = panelToken(url.href);
      await fetch(`${url.origin}/api/threads`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ file: "src/app.ts", start: 2, end: 2, body: "Why 3?" }),
      });
      await page.goto(mcp.panelUrl);
      const bar = page.locator('[data-component="release-bar"]');
      await bar.locator('[data-slot="count"]', { hasText: "1 comment pending" }).waitFor();
      expect(await bar.locator('[data-slot="session"]').textContent()).toBe(
        "to session “opencode-review-test (MCP), at the agent's next turn”",
      );

      await bar.locator('[data-slot="release"]').click();
      await page
        .locator('[data-component="release-result"]', {
          hasText: "Released 1 message: waiting for the agent's next turn.",
        })
        .waitFor();
      const waiting = bar.locator('[data-slot="waiting"]');
      await waiting.waitFor();
      expect(await waiting.textContent()).toBe("1 released comment on src/app.ts: waiting for the agent's next turn.");
      await page.screenshot({ path: join(tmpdir(), "opencode-review-mcp-panel-waiting.png") });

      // The agent's next turn: its review_list delivers the comment, and the line goes away on its own.
      expect((await mcp.call("review_list", {})).text).toContain("Why 3?");
      await waiting.waitFor({ state: "detached", timeout: 15_000 });
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, 90_000);
});
