// @vitest-environment node
// Comment bodies read as Markdown in real Chromium, and hostile bodies stay inert.
import { describe, expect, it } from "vitest";
import { screenshotDir } from "./browser.js";
import { callApi, panelOpener } from "./open-panel.js";

const open = panelOpener();

describe("comment bodies in Chromium", () => {
  it("render Markdown: code spans, highlighted fenced code, lists, quotes, links; a suggestion keeps its diff", async () => {
    const { page, target } = await open();
    const body = [
      "Call `describe()` **once**:",
      "",
      "```ts",
      "export const describe = (o: Options): string => `retries=${o.retries}`;",
      "```",
      "",
      "- first point",
      "- second point",
      "",
      "> the spec says so",
      "",
      "See [the docs](https://example.com/docs).",
    ].join("\n");
    const { thread } = await callApi<{ thread: { id: string } }>(target, "POST", "/api/threads", {
      file: "src/app.ts",
      start: 24,
      end: 26,
      body,
      suggestion: ["export const describe = (o: Options): string =>", "  `verbose=${o.verbose} retries=${o.retries}`;"],
    });
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    const card = page.locator(`[data-thread-id="${thread.id}"]`);
    for (let i = 0; i < 40 && (await card.count()) === 0; i++) {
      await page.evaluate(() =>
        document.querySelector('[data-component="diff-view"] [data-slot="scroller"]')!.scrollBy(0, 300),
      );
      await page.waitForTimeout(50);
    }
    const text = card.locator('[data-component="markdown"]');
    await text.locator("pre code[data-highlighted='true']").waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await text.locator("p code").first().textContent()).toBe("describe()");
    expect(await text.locator("strong").textContent()).toBe("once");
    expect(await text.locator("ul li").allTextContents()).toEqual(["first point", "second point"]);
    expect((await text.locator("blockquote").textContent())?.trim()).toBe("the spec says so");
    const link = text.locator("a", { hasText: "the docs" });
    expect(await link.getAttribute("href")).toBe("https://example.com/docs");
    expect(await link.getAttribute("rel")).toContain("noopener");
    // Coloured by shiki: the keyword `export` has a colour of its own, not the text's.
    const colours = await text
      .locator("pre code span")
      .evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size);
    expect(colours).toBeGreaterThan(1);
    await card.locator('[data-component="suggestion-diff"]', { hasText: "+ export const describe" }).waitFor();
    await card.screenshot({ path: `${screenshotDir}markdown-comment.png` });
  });

  it("keep script, remote resources and style injection inert, from the person and from the agent", async () => {
    const { page, target } = await open();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const foreign: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(target.origin) && !r.url().startsWith("data:")) foreign.push(r.url());
    });
    // A server that would see any resource the page loads from elsewhere.
    const remote = "http://127.0.0.1:9/";
    const payloads = [
      `<img src=x onerror="window.__xss='img';alert(1)"> and <img src="${remote}pixel.png">`,
      `<svg onload="window.__xss='svg'"><circle r="40"/></svg> <iframe src="${remote}frame"></iframe>`,
      `[click me](javascript:window.__xss='link') and <a href="javascript:window.__xss='a'">raw link</a>`,
      `![tracker](${remote}tracker.png) <script>window.__xss='script'</script>`,
      `<style>body { background: rgb(255, 0, 0) !important; }</style> <div style="position:fixed;inset:0;background:red">cover</div>`,
      `<details open ontoggle="window.__xss='details'">x</details> <object data="${remote}o"></object> <embed src="${remote}e">`,
    ];
    const { thread } = await callApi<{ thread: { id: string } }>(target, "POST", "/api/threads", {
      file: "README.md",
      body: payloads[0],
    });
    await callApi(target, "POST", `/api/threads/${thread.id}/messages`, { body: payloads[1] });
    await callApi(target, "POST", "/api/review/release", {});
    for (const body of payloads.slice(2)) await target.agentReply(thread.id, body);
    await page.reload();
    await page.locator('[data-component="file-list"] [data-path="README.md"]').click();
    const card = page.locator(`[data-thread-id="${thread.id}"]`);
    await card
      .locator('[data-component="message"]')
      .nth(payloads.length - 1)
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    // Every payload is shown as the text it is.
    for (const words of [
      "<img src=x onerror=",
      "<svg onload=",
      "<iframe src=",
      "<script>",
      "<style>",
      "<details open",
      "image: tracker",
    ])
      expect(await card.textContent()).toContain(words);
    // Clicking every link in the bodies runs nothing.
    for (const a of await card.locator('[data-component="markdown"] a').all())
      await a.click({ modifiers: ["Control"] }).catch(() => {});
    await page.waitForTimeout(300);
    const inert = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: string }).__xss ?? null,
      elements: document.querySelectorAll(
        '[data-component="markdown"] :is(img, svg, iframe, script, style, object, embed, details, form, input, [style], [onerror], [onload])',
      ).length,
      javascriptLinks: [...document.querySelectorAll<HTMLAnchorElement>('[data-component="markdown"] a')].filter(
        (a) => !/^(https?:|mailto:)/.test(a.getAttribute("href") ?? "https:"),
      ).length,
      background: getComputedStyle(document.body).backgroundColor,
    }));
    expect(inert).toEqual({
      xss: null,
      elements: 0,
      javascriptLinks: 0,
      background: expect.not.stringMatching(/rgb\(255, 0, 0\)/),
    });
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    // The server's policy is still on the page.
    const response = await page.request.get(target.url);
    expect(response.headers()["content-security-policy"]).toContain("img-src 'self' data:");
    await card.screenshot({ path: `${screenshotDir}markdown-xss.png` });
  });
});
