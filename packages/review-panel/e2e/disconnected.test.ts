// @vitest-environment node
// A stopped review server, in real Chromium: the panel says it is disconnected (not just a grey dot), and
// comes back by itself, live again, when the server is back on its port; a server restarted with a new
// token is told apart, since retrying cannot help that link.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("a stopped server in Chromium", () => {
  it("shows Disconnected, reconnects by itself when the server is back, and says when the link's token is no longer taken", async () => {
    const { page, target } = await open({ files: { base: { "a.ts": "one\ntwo\n" }, now: { "a.ts": "one\n2\n" } } });
    const status = page.locator('[data-slot="connection"]');
    await page.locator('[data-slot="live"][data-state="open"]').waitFor();
    expect(await status.count()).toBe(0);

    await target.stop();
    await status.filter({ hasText: "Disconnected · reconnecting…" }).waitFor();
    expect(await page.locator('[data-slot="live"]').getAttribute("data-state")).toBe("lost");
    expect(await status.isVisible()).toBe(true);
    await page.screenshot({ path: `${screenshotDir}disconnected.png` });

    // Back on the same port with the same token: no reload, the stream is open again and carries changes.
    await target.restart("same");
    await page.locator('[data-slot="live"][data-state="open"]').waitFor();
    await status.waitFor({ state: "detached" });
    await callApi(target, "POST", "/api/threads", {
      file: "a.ts",
      start: 2,
      end: 2,
      body: "Written while the panel reconnected.",
    });
    await page.locator('[data-component="thread"]', { hasText: "Written while the panel reconnected." }).waitFor();

    // Started again with a new token (as a restart without the token option is): this link cannot reconnect.
    await target.restart("new");
    await status.filter({ hasText: "Disconnected · open the new link" }).waitFor();
    expect(await status.getAttribute("title")).toContain("opencode-review url");
  });
});
