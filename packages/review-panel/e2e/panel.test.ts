// @vitest-environment node
// The panel in real Chromium against the server chosen by startPanelTarget().
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { launchBrowser, screenshotDir } from "./browser.js";
import { startPanelTarget, type PanelTarget } from "./panel-target.js";

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function open(
  options: {
    tools?: boolean;
    noAgent?: boolean;
    phone?: boolean;
    bigDiff?: number;
    before?: (target: PanelTarget) => void;
  } = {},
): Promise<{ page: Page; target: PanelTarget; context: BrowserContext }> {
  const target = await startPanelTarget({
    tools: options.tools ?? true,
    ...(options.noAgent ? { noAgent: true } : {}),
    ...(options.bigDiff ? { bigDiff: options.bigDiff } : {}),
  });
  cleanups.push(target.close);
  options.before?.(target);
  const browser = await launchBrowser(
    options.phone ? { width: 390, height: 844 } : { width: 1280, height: 860 },
    options.phone,
  );
  cleanups.push(browser.close);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  // No wait for the threads: a file opened before they arrive is aimed at again once their cards are laid
  // out above it (lines-under-the-pointer.test.ts holds them back to show it), as a person clicks at once.
  await page.goto(target.url);
  await page.locator('[data-component="file-header"]').first().waitFor();
  return { page, target, context: browser.context };
}

const lineNumber = (page: Page, file: string, side: "new" | "old", line: number) =>
  page
    .locator(
      `[data-component="diff-line"][data-file="${file}"][data-side="${side}"][data-line="${line}"] [data-slot="num"]`,
    )
    .first();
const thread = (page: Page, text: string) => page.locator('[data-component="thread"]', { hasText: text });
const composer = (page: Page) => page.locator('[data-component="row-composer"]');
/** Opens a file from the file list: the diff scrolls to it. */
const openFile = (page: Page, path: string) =>
  page.locator(`[data-component="file-list"] [data-path="${path}"]`).click();
const ids = (target: PanelTarget) => target.threads!;

/** Scrolls the virtualized diff down until a selector is rendered (rows off screen are not in the DOM). */
async function scrollTo(page: Page, selector: string) {
  for (let i = 0; i < 40 && (await page.locator(selector).count()) === 0; i++) {
    await page.evaluate(() =>
      document.querySelector('[data-component="diff-view"] [data-slot="scroller"]')!.scrollBy(0, 300),
    );
    await page.waitForTimeout(50);
  }
  await page.locator(selector).first().scrollIntoViewIfNeeded();
}

async function threadsOf(target: PanelTarget, status: string) {
  const r = await fetch(`${target.origin}/api/threads?status=${status}`, {
    headers: { authorization: `Bearer ${target.token}` },
  });
  return (
    (await r.json()) as {
      threads: {
        id: string;
        file: string;
        side: string;
        start: number | null;
        end: number | null;
        status: string;
        unreadByHuman: boolean;
        messages: { body: string; suggestion: string[] | null }[];
      }[];
    }
  ).threads;
}

async function commentFlow(page: Page, target: PanelTarget, shot: string) {
  await lineNumber(page, "src/app.ts", "new", 16).click();
  await composer(page).locator('textarea[data-slot="body"]').fill("Return early when retries is 0.");
  await composer(page).locator('[data-slot="submit"]').click();
  const card = thread(page, "Return early when retries is 0.");
  await card.waitFor();
  expect(await card.getAttribute("data-status")).toBe("draft");
  expect(await card.locator('[data-slot="badge"][data-tone="draft"]').first().textContent()).toBe("Draft");
  await page.locator('[data-component="release-bar"] [data-slot="count"]', { hasText: "2 comments pending" }).waitFor();
  await page.screenshot({ path: `${screenshotDir}${shot}-draft.png` });

  await page.locator('[data-component="release-bar"] [data-slot="release"]').click();
  await page.locator('[data-component="release-result"]', { hasText: "Released 2 messages" }).waitFor();
  await page.waitForFunction(
    () => document.querySelector('[data-component="thread"][data-status="open"] [data-slot="text"]') !== null,
  );
  const id = (await card.getAttribute("data-thread-id"))!;
  expect(await card.getAttribute("data-status")).toBe("open");
  await page.locator('[data-component="release-result"] [data-slot~="dismiss"]').click();

  // The agent answers while the page stays open: the reply arrives over the event stream.
  await target.agentReply(id, "Added an early return for zero retries.");
  await card.locator('[data-component="message"][data-author="agent"]', { hasText: "Added an early return" }).waitFor();
  await card.locator('[data-slot="badge"][data-tone="unread"]').waitFor();
  await page.screenshot({ path: `${screenshotDir}${shot}-reply.png` });
  await card.locator('[data-slot~="resolve"]').click();
  await page.waitForFunction(
    (tid) => document.querySelector(`[data-thread-id="${tid}"]`)?.getAttribute("data-status") === "resolved",
    id,
  );
  expect((await threadsOf(target, "all")).find((t) => t.id === id)?.status).toBe("resolved");
}

describe("review panel in Chromium", () => {
  it("comments on a line as a draft, releases, shows the agent's reply live, and resolves", async () => {
    const { page, target } = await open();
    await page.screenshot({ path: `${screenshotDir}desktop-diff.png` });
    await openFile(page, "src/app.ts");
    await commentFlow(page, target, "desktop");
  });

  it("comments on a range, a whole file and a deleted line (one of a renamed file too), and suggests a change", async () => {
    const { page, target } = await open();
    await openFile(page, "src/app.ts");
    // Rows off screen are not in the DOM: below the file's header, line 26 may need a scroll to be drawn.
    await scrollTo(page, '[data-component="diff-line"][data-file="src/app.ts"][data-side="new"][data-line="26"]');
    await lineNumber(page, "src/app.ts", "new", 24).click();
    await lineNumber(page, "src/app.ts", "new", 26).click({ modifiers: ["Shift"] });
    await composer(page).locator('[data-slot="target"]', { hasText: "Comment on lines 24–26" }).waitFor();
    await composer(page).locator('textarea[data-slot="body"]').fill("describe() deserves a test.");
    await composer(page).locator('[data-slot~="suggest"]').click();
    const suggestion = composer(page).locator('textarea[data-slot="suggestion-input"]');
    // The suggestion starts from the range's own lines.
    expect(await suggestion.inputValue()).toBe(
      "export function describe(options: Options): string {\n  return `verbose=${options.verbose} retries=${options.retries}`;\n}",
    );
    await suggestion.fill(
      "export const describe = (o: Options): string =>\n  `verbose=${o.verbose} retries=${o.retries}`;",
    );
    await composer(page)
      .locator('[data-component="suggestion-diff"]', { hasText: "+ export const describe" })
      .waitFor();
    await page.screenshot({ path: `${screenshotDir}desktop-suggestion.png` });
    await composer(page).locator('[data-slot="submit"]').click();
    await thread(page, "describe() deserves a test.").locator('[data-component="suggestion-diff"]').waitFor();

    await page.locator('[data-component="file-list"] [data-path="README.md"]').click();
    await page.locator('[data-component="file-header"][data-path="README.md"] [data-slot~="file-comment"]').click();
    await composer(page).locator('textarea[data-slot="body"]').fill("Mention the license in one line.");
    await composer(page).locator('[data-slot="submit"]').click();
    await thread(page, "Mention the license in one line.").waitFor();

    const onDeletedLine = async (file: string, line: number, body: string) => {
      await page.locator(`[data-component="file-list"] [data-path="${file}"]`).click();
      await lineNumber(page, file, "old", line).click();
      await composer(page)
        .locator('[data-slot="target"]', { hasText: `Comment on deleted line ${line}` })
        .waitFor();
      await composer(page).locator('textarea[data-slot="body"]').fill(body);
      await composer(page).locator('[data-slot="submit"]').click();
      await thread(page, body).waitFor();
    };
    await onDeletedLine("src/legacy.ts", 2, "Is anything still calling start()?");
    // A deleted line of a file the change also renamed (read under the file's old name by the server).
    await onDeletedLine("src/new-name.ts", 3, "Keep the plain concatenation?");

    const drafts = await threadsOf(target, "draft");
    const find = (body: string) => drafts.find((t) => t.messages[0]?.body === body);
    expect(find("describe() deserves a test.")).toMatchObject({ file: "src/app.ts", side: "new", start: 24, end: 26 });
    expect(find("describe() deserves a test.")?.messages[0]?.suggestion).toEqual([
      "export const describe = (o: Options): string =>",
      "  `verbose=${o.verbose} retries=${o.retries}`;",
    ]);
    expect(find("Mention the license in one line.")).toMatchObject({ file: "README.md", start: null, end: null });
    expect(find("Is anything still calling start()?")).toMatchObject({
      file: "src/legacy.ts",
      side: "old",
      start: 2,
      end: 2,
    });
    expect(find("Keep the plain concatenation?")).toMatchObject({
      file: "src/new-name.ts",
      side: "old",
      start: 3,
      end: 3,
    });
  });

  it("shows outdated threads in a banner with their quote, moved and changed threads with their story, and marks unread replies seen", async () => {
    const { page, target } = await open();
    await page.locator('[data-component="file-list"] [data-path="docs/guide.md"]').click();
    const banner = page.locator('[data-component="outdated-banner"]');
    await banner.locator('[data-slot="title"]', { hasText: "1 outdated comment" }).waitFor();
    expect(await banner.locator('[data-slot="quote"]').textContent()).toContain(
      "+Step two: configure the retries option.",
    );
    await page.screenshot({ path: `${screenshotDir}desktop-outdated.png` });

    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    // Shown on screen: the server is told the reply was read, and the mark stays for this visit.
    const { unread, changed, moved } = ids(target);
    await page.locator(`[data-thread-id="${unread}"] [data-slot="badge"][data-tone="unread"]`).waitFor();
    await expect
      .poll(async () => (await threadsOf(target, "all")).find((t) => t.id === unread)?.unreadByHuman)
      .toBe(false);
    await scrollTo(page, `[data-thread-id="${changed}"]`);
    await page
      .locator(`[data-thread-id="${changed}"] [data-anchor-note]`, { hasText: "Code changed since the comment" })
      .waitFor();
    await scrollTo(page, `[data-thread-id="${moved}"]`);
    await page
      .locator(`[data-thread-id="${moved}"] [data-anchor-note]`, { hasText: "Moved from line 27 (round 1)" })
      .waitFor();
  });

  it("says once, on a thread of a file renamed since it was written, where the file was renamed from", async () => {
    const { page, target } = await open();
    await page.locator('[data-component="file-list"] [data-path="src/new-name.ts"]').click();
    const { renamed } = ids(target);
    await scrollTo(page, `[data-thread-id="${renamed}"]`);
    await page
      .locator(`[data-thread-id="${renamed}"] [data-renamed-from]`, { hasText: "Renamed from src/old-name.ts" })
      .waitFor();
    expect(await page.locator("[data-renamed-from]").count()).toBe(1);
    await page.screenshot({ path: `${screenshotDir}desktop-renamed-from.png` });
  });

  it("in a diff that ends at a round, gives a thread the line it had in that round, not the line it has now", async () => {
    // The agent went on after round 2: two lines above everything in src/app.ts, before the page opens.
    const { page, target } = await open({
      before: (t) => t.editFile("src/app.ts", (text) => `// one\n// two\n${text}`),
    });
    const headers = { authorization: `Bearer ${target.token}` };
    const rounds = (
      (await (await fetch(`${target.origin}/api/rounds`, { headers })).json()) as { rounds: { id: string }[] }
    ).rounds;
    const anchorAt = async (query: string) =>
      (
        (await (await fetch(`${target.origin}/api/threads?status=all${query}`, { headers })).json()) as {
          threads: { id: string; anchor: { start: number } }[];
        }
      ).threads.find((t) => t.id === ids(target).moved)!.anchor.start;
    const inRound2 = await anchorAt(`&at=${rounds[1]!.id}`);
    expect(await anchorAt("")).toBe(inRound2 + 2);

    const card = thread(page, "Bump this when releasing.");
    await openFile(page, "src/app.ts");
    await scrollTo(page, `[data-thread-id="${ids(target).moved}"]`);
    expect(await card.locator('[data-slot="where"]').textContent()).toMatch(new RegExp(`line ${inRound2 + 2}\\b`, "i"));

    // Round 1 → round 2 (its line unchanged there, so listed above the file with the lines it can unfold):
    // round 2's line, not the work tree's. The last round's diff is on screen once the file list lost
    // src/feature.ts (added in round 1); until then the page still shows the whole diff.
    const feature = page.locator('[data-component="file-list"] [data-path="src/feature.ts"]');
    await feature.waitFor();
    await page.locator('[data-component="round-picker"] [data-slot="action"]', { hasText: "Last round only" }).click();
    await feature.waitFor({ state: "detached" });
    await openFile(page, "src/app.ts");
    await page.locator(`[data-component="file-threads"] [data-thread-id="${ids(target).moved}"]`).waitFor();
    await card.locator('[data-slot="where"]', { hasText: new RegExp(`line ${inRound2}\\b`, "i") }).waitFor();
  });

  // Prose mode with nobody on the other end, as `serve` and the demo run (one panel for both: CI time).
  it("in prose mode with nobody on the other end (serve, the demo) shows the text to copy, says nothing was sent, and covers no thread", async () => {
    const { page, target } = await open({ tools: false, noAgent: true });
    await openFile(page, "src/app.ts");
    await lineNumber(page, "src/app.ts", "new", 21).click();
    await composer(page).locator('textarea[data-slot="body"]').fill("Do not exit the process from a library.");
    await composer(page).locator('[data-slot="submit"]').click();
    const card = thread(page, "Do not exit the process from a library.");
    await card.waitFor();
    await page.locator('[data-component="release-bar"] [data-slot="release"]').click();
    const result = page.locator('[data-component="release-result"][data-mode="prose"]');
    await result.waitFor();
    // Truthful: nothing was sent and nothing waits for a session (the old words promised the next session).
    expect(await result.locator('[data-slot="head"] span').first().textContent()).toMatch(
      /^Released \d+ messages? as this text: no agent is attached here, so nothing was sent: copy this text to your agent\.$/,
    );
    expect(await result.textContent()).not.toContain("next session");
    const prose = await result.locator('[data-slot="prose"]').textContent();
    expect(prose).toContain("src/app.ts, line 21");
    expect(prose).toContain("Do not exit the process from a library.");
    expect(await result.locator('[data-slot~="copy"]').isVisible()).toBe(true);
    expect(await page.locator('[data-component="delivery-waiting"]').count()).toBe(0);
    const { reviews } = await (
      await fetch(`${target.origin}/api/reviews`, { headers: { authorization: `Bearer ${target.token}` } })
    ).json();
    expect(reviews[0].delivery).toMatchObject({ state: "delivered", copyOnly: true });
    expect(reviews[0].delivery.waitsFor).toBeUndefined();

    // The text sits above the release bar, not over the diff: the next click on a thread's button is the thread's.
    await card.locator('[data-slot~="resolve"]').scrollIntoViewIfNeeded();
    const [box, diffBox] = [
      await result.boundingBox(),
      await page.locator('[data-component="diff-view"]').boundingBox(),
    ];
    expect(box!.y).toBeGreaterThanOrEqual(diffBox!.y + diffBox!.height - 1);
    await page.screenshot({ path: `${screenshotDir}desktop-copy-only.png` });
    await card.locator('[data-slot~="resolve"]').click({ timeout: 5000 });
    await expect
      .poll(
        async () => (await threadsOf(target, "all")).find((t) => t.messages[0]?.body.startsWith("Do not exit"))?.status,
      )
      .toBe("resolved");
    expect(await result.isVisible()).toBe(true);
  });

  it("does the whole flow on a 390x844 phone, with the file list as a drawer", async () => {
    const { page, target } = await open({ phone: true });
    await page.screenshot({ path: `${screenshotDir}phone-diff.png` });
    await page.locator('[data-slot~="files-button"]').click();
    await page.locator('[data-component="file-list"][data-state="open"]').waitFor();
    await page.screenshot({ path: `${screenshotDir}phone-drawer.png` });
    await page.locator('[data-component="file-list"] [data-path="src/app.ts"]').click();
    await page.locator('[data-component="file-list"][data-state="closed"]').waitFor();
    await commentFlow(page, target, "phone");
  });

  it("moves between threads and files with the keyboard, and not while typing", async () => {
    const { page } = await open();
    // Threads load beside the diff; N needs them.
    await page.locator('[data-component="thread"]').first().waitFor();
    await page.keyboard.press("N");
    await page.waitForSelector('[data-component="thread"][data-focused="true"]');
    const first = await page.locator('[data-component="thread"][data-focused="true"]').getAttribute("data-thread-id");
    await page.keyboard.press("N");
    await page.waitForFunction((f) => {
      const el = document.querySelector('[data-component="thread"][data-focused="true"]');
      return el && el.getAttribute("data-thread-id") !== f;
    }, first);
    // The line cursor is on the thread's row.
    await page.locator('[data-cursor="true"] [data-component="thread"][data-focused="true"]').waitFor();
    await page.keyboard.press("?");
    await page.locator('[data-component="help-overlay"]').waitFor();
    expect(await page.locator('[data-component="help-overlay"] dt').allTextContents()).toEqual(
      expect.arrayContaining(["j / k", "N / P", "t", "r", "s"]),
    );
    await page.keyboard.press("Escape");
    await page.locator('[data-component="help-overlay"]').waitFor({ state: "detached" });
    await page.keyboard.press("n");
    // N N went to the agent's note in src/lib/math.ts; the diff reads in the file list's order, so src/app.ts is next.
    await page.locator('[data-component="file-header"][data-focused="true"][data-path="src/app.ts"]').waitFor();
    await page.locator('[data-cursor="true"] [data-component="file-header"][data-path="src/app.ts"]').waitFor();
    // j moves the cursor a line at a time, as in the terminal: onto the file's first code line.
    await page.keyboard.press("j");
    await page
      .locator('[data-cursor="true"] [data-component="diff-line"], [data-cursor="true"] [data-component="diff-pair"]')
      .first()
      .waitFor();
    await page.screenshot({ path: `${screenshotDir}keyboard-cursor.png` });
    await page.keyboard.press("k");
    await page.locator('[data-cursor="true"] [data-component="file-header"][data-path="src/app.ts"]').waitFor();
    await page.keyboard.press("c");
    const box = composer(page).locator('textarea[data-slot="body"]');
    await box.waitFor();
    await box.focus();
    await page.keyboard.type("jkn");
    expect(await box.inputValue()).toBe("jkn");
    expect(await page.locator('[data-component="file-header"][data-focused="true"]').getAttribute("data-path")).toBe(
      "src/app.ts",
    );
  });

  it("s asks before it releases, as in the terminal: Finish your review opens with the release button focused, Escape closes it", async () => {
    const { page } = await open();
    await page.locator('[data-component="thread"]').first().waitFor();
    await page.keyboard.press("s");
    await page.locator('[data-component="finish-review"]').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-slot") === "release");
    // Nothing was released by the key itself.
    expect(await page.locator('[data-component="release-result"]').count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.locator('[data-component="finish-review"]').waitFor({ state: "detached" });

    // r resolves the thread at the cursor (or reopens a resolved one), as in the terminal.
    const focused = () => page.locator('[data-component="thread"][data-focused="true"]');
    let status = "";
    for (let i = 0; i < 8 && status !== "open"; i++) {
      await page.keyboard.press("N");
      await focused().waitFor();
      status = (await focused().getAttribute("data-status")) ?? "";
    }
    expect(status).toBe("open");
    const id = await focused().getAttribute("data-thread-id");
    await page.keyboard.press("r");
    await page.waitForFunction(
      (tid) => document.querySelector(`[data-thread-id="${tid}"]`)?.getAttribute("data-status") === "resolved",
      id,
    );
    await page.keyboard.press("r");
    await page.waitForFunction(
      (tid) => document.querySelector(`[data-thread-id="${tid}"]`)?.getAttribute("data-status") === "open",
      id,
    );
  });

  it("counts characters and refuses a body over 1000; shows server refusals as readable messages", async () => {
    const { page, target } = await open();
    await openFile(page, "src/app.ts");
    await lineNumber(page, "src/app.ts", "new", 16).click();
    await composer(page).locator('textarea[data-slot="body"]').fill("x".repeat(1001));
    expect(await composer(page).locator('[data-slot="counter"]').textContent()).toBe("1001/1000");
    expect(await composer(page).locator('[data-slot="counter"]').getAttribute("data-state")).toBe("over");
    expect(await composer(page).locator('[data-slot="submit"]').isDisabled()).toBe(true);

    // With a stale token (the server restarted) the server refuses, and the person reads why; a new tab,
    // which has no token of its own (sessionStorage is per tab), asks for the link.
    await page.evaluate(() => sessionStorage.setItem("opencode-review-token", "stale-token"));
    await page.reload();
    await page
      .locator('[data-component="notice-list"] [data-slot="notice"]', { hasText: "does not match" })
      .first()
      .waitFor();
    const other = await page.context().newPage();
    await other.goto(`${target.origin}/`);
    await other.locator("h1", { hasText: "Open the review panel with its link" }).waitFor();
    await other.close();
  });

  it("keeps a 20,000-line diff over 300 files under 5,000 DOM nodes while scrolling", async () => {
    const { page } = await open({ bigDiff: 20_000 });
    const count = () => page.evaluate(() => document.getElementsByTagName("*").length);
    expect(await count()).toBeLessThan(5000);
    await page.evaluate(() => {
      const s = document.querySelector('[data-component="diff-view"] [data-slot="scroller"]')!;
      s.scrollTop = s.scrollHeight / 2;
    });
    await page.waitForFunction(() => {
      const s = document.querySelector('[data-component="diff-view"] [data-slot="scroller"]')!;
      return s.scrollTop > 1000 && document.querySelectorAll('[data-component="diff-line"]').length > 10;
    });
    expect(await count()).toBeLessThan(5000);
    await page
      .locator('[data-component="file-list"] [data-path="src/module-14/file-299.ts"]')
      .scrollIntoViewIfNeeded()
      .catch(() => {});
    await page.screenshot({ path: `${screenshotDir}desktop-big.png` });
  });
});
