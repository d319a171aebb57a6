// Real Chromium for the browser tests and the benchmark, in a fresh profile each time.
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext } from "playwright-core";

export const screenshotDir = fileURLToPath(new URL("../.screenshots/", import.meta.url));

/**
 * Launches headless Chromium with a throwaway profile; `close` removes the profile too.
 * @example const { context, close } = await launchBrowser({ width: 390, height: 844 })
 */
export async function launchBrowser(
  viewport = { width: 1280, height: 1000 },
  mobile = false,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  mkdirSync(screenshotDir, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), "panel-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    viewport,
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: 1,
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
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
