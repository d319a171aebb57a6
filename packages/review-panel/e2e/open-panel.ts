// The set-up the feature browser tests share: the real server on the review scenario, a fresh Chromium,
// the panel opened with its link, and everything closed after each test.
import type { BrowserContext, Page } from "playwright-core";
import { afterEach } from "vitest";
import { launchBrowser } from "./browser.js";
import { startPanelTarget, type PanelTarget, type PanelTargetOptions } from "./panel-target.js";

export interface OpenPanel {
  readonly page: Page;
  readonly target: PanelTarget;
  readonly context: BrowserContext;
}

/**
 * Registers the after-each clean-up in the calling test file and returns its `open`.
 * @example const open = panelOpener(); const { page, target } = await open()
 */
export function panelOpener() {
  let cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups = [];
  });
  return async (
    options: PanelTargetOptions & { before?: (target: PanelTarget) => void | Promise<void> } = {},
  ): Promise<OpenPanel> => {
    const target = await startPanelTarget(options);
    cleanups.push(target.close);
    await options.before?.(target);
    const browser = await launchBrowser();
    cleanups.push(browser.close);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(target.url);
    await page.locator('[data-component="file-header"]').first().waitFor();
    return { page, target, context: browser.context };
  };
}

/**
 * Calls the server's API as the panel does (token and own origin), and throws on a refusal.
 * @example await callApi(target, "POST", "/api/threads", { file: "README.md", body: "Hi" })
 */
export async function callApi<T = unknown>(
  target: PanelTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${target.origin}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${target.token}`,
      origin: target.origin,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
