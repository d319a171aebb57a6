// @vitest-environment node
// The token stays with the panel's own origin: another server on loopback (another port) that the same
// browser visits receives it in no cookie, no Referer and no URL.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { launchBrowser, screenshotDir } from "./browser.js";
import { startPanelTarget } from "./panel-target.js";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

interface Seen {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** A page on another loopback port, as another local program would serve it; it records every request. */
async function startOtherServer(): Promise<{ origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>other</title><h1>another local server</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe("the panel's token, in Chromium", () => {
  it.each([
    ["#token= (the printed link)", (url: string, token: string) => `${url}/#token=${token}`],
    ["?token= (the older link form)", (url: string, token: string) => `${url}/?token=${token}`],
  ])(
    "opened with %s, reaches no server on another loopback port, leaves the address bar, and survives a reload",
    async (_, linkOf) => {
      const target = await startPanelTarget({ tools: true });
      cleanups.push(target.close);
      const other = await startOtherServer();
      const browser = await launchBrowser();
      cleanups.push(browser.close);
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());

      await page.goto(linkOf(target.origin, target.token));
      await page.locator('[data-component="file-header"]').first().waitFor();
      expect(page.url()).not.toContain(target.token);
      expect(await browser.context.cookies()).toEqual([]);

      // A reload finds the token in this tab's sessionStorage.
      await page.reload();
      await page.locator('[data-component="file-header"]').first().waitFor();
      await page.locator('[data-slot="live"][data-state="open"]').waitFor();

      // The person follows a link from the panel's page to the other server, then opens it in a new tab too.
      await page.evaluate((href) => {
        const a = document.createElement("a");
        a.href = href;
        a.id = "leave";
        a.textContent = "leave";
        document.body.append(a);
      }, `${other.origin}/from-panel`);
      await page.click("#leave");
      await page.locator("h1", { hasText: "another local server" }).waitFor();
      const tab = await browser.context.newPage();
      await tab.goto(`${other.origin}/direct`);
      await tab.locator("h1").waitFor();
      await tab.screenshot({ path: `${screenshotDir}token-other-port.png` });

      expect(other.seen.map((s) => s.url)).toEqual(expect.arrayContaining(["/from-panel", "/direct"]));
      for (const request of other.seen) {
        const everything = JSON.stringify(request);
        expect(everything, request.url).not.toContain(target.token);
        expect(request.headers.cookie, request.url).toBeUndefined();
      }
      // And a page on the other origin cannot read the token from storage: sessionStorage is per origin.
      expect(await page.evaluate(() => sessionStorage.getItem("opencode-review-token"))).toBeNull();
    },
  );
});
