// @vitest-environment node
// Reviewer agents in the panel, in real Chromium against the real review server. The reviewer's side is
// played through its real tools (the calls a model makes in opencode, as in the server's opencode test),
// started by the panel's own "Review with AI" button.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startReviewServer } from "../../review-server/src/server/index.js";
import type { ReviewerLauncher } from "../../review-server/src/reviewer/reviewer-launcher.js";
import { createReviewerTools } from "../../review-server/src/tools/reviewer-tools.js";

type ToolContext = Parameters<ReturnType<typeof createReviewerTools>["review_diff"]["execute"]>[1];
import { launchBrowser, screenshotDir } from "./browser.js";
import { initRepository, layFiles } from "./git-repository.mjs";
import { panelDir } from "./panel-target.js";

const BASE = [
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
].join("\n");
const NOW = [
  "export function total(xs: number[]) {",
  "  let sum = 1;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
  "export const half = (x: number) => x / 2;",
  "",
].join("\n");
const BUG = "The sum starts at 1, so every total is one too many. Start at 0.";
const NIT = "Name it halve: it is an action.";

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function start() {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), "panel-reviewer-")));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const dir = join(folder, "repo");
  initRepository(dir, { "src/total.ts": BASE });
  layFiles(dir, { "src/total.ts": NOW });
  let reviewer: ((sessionId: string) => Promise<void>) | null = null;
  const models: string[] = [];
  const launcher: ReviewerLauncher = {
    defaultModel: async () => "fake/default-model",
    models: async () => ["fake/default-model", "fake/strict-model"],
    createSession: async () => `ses_reviewer_${models.length + 1}`,
    async prompt({ sessionId, model }) {
      models.push(model);
      // The model answers after the prompt returns, as opencode's promptAsync does.
      setTimeout(() => void reviewer?.(sessionId), 300);
    },
    abort: async () => {},
  };
  const server = await startReviewServer({
    now: () => new Date().toISOString(),
    dir,
    dbPath: join(folder, "review.sqlite"),
    delivery: { mode: "tools", deliver: async () => null },
    tools: true,
    panelDir,
    reportError: (error) => console.error("reviewer e2e:", error),
    reviewer: { launcher },
  });
  cleanups.push(() => server.close());
  await server.service.recordSession({ id: "ses_impl", title: "Totals", directory: dir });
  const tools = createReviewerTools(async () => server.service);
  const ctx = (sessionID: string): ToolContext => ({
    sessionID,
    messageID: "m",
    agent: "opencode-review",
    directory: dir,
    worktree: dir,
    abort: new AbortController().signal,
    metadata() {},
    async ask() {},
  });
  reviewer = async (sessionId) => {
    await tools.review_diff.execute({} as never, ctx(sessionId));
    await tools.review_comment.execute(
      { file: "src/total.ts", start: 2, quoted: ["+  let sum = 1;"], body: BUG, severity: "blocker" } as never,
      ctx(sessionId),
    );
    await tools.review_comment.execute(
      { file: "src/total.ts", start: 7, body: NIT, severity: "nit" } as never,
      ctx(sessionId),
    );
    await tools.review_release.execute(
      { summary: "The total is off by one; the rest reads fine.", verdict: "changes" } as never,
      ctx(sessionId),
    );
  };
  const api = async (path: string) =>
    (
      await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${server.token}` } })
    ).json() as Promise<any>;
  return { server, api, models, dir, dbPath: join(folder, "review.sqlite") };
}

describe("reviewer findings in the panel", () => {
  it("Review with AI runs the reviewer with the picked model; its findings show with severity, the verdict and summary; accept and dismiss", async () => {
    const { server, api, models } = await start();
    const browser = await launchBrowser();
    cleanups.push(browser.close);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(server.panelUrl);
    await page.locator('[data-component="file-header"]').first().waitFor();

    const bar = page.locator('[data-component="reviewer-bar"]');
    await bar.locator("select").first().selectOption("fake/strict-model");
    await bar.locator('[data-slot~="start-run"]').click();
    await bar
      .locator('[data-slot="status"][data-status="completed"]', { hasText: "Review done (2 findings)" })
      .waitFor({ timeout: 20_000 });
    expect(models).toEqual(["fake/strict-model"]);
    await bar.locator('[data-slot="summary"]', { hasText: "The total is off by one" }).waitFor();
    expect(await bar.locator('[data-slot="verdict"]').textContent()).toBe("Changes requested");

    const bug = page.locator('[data-component="thread"]', { hasText: BUG });
    const nit = page.locator('[data-component="thread"]', { hasText: NIT });
    await bug.waitFor();
    await nit.waitFor();
    expect(await bug.locator('[data-slot="badge"][data-severity]').textContent()).toBe("blocker");
    expect(await nit.locator('[data-slot="badge"][data-severity]').textContent()).toBe("nit");
    expect(await bug.locator('[data-slot="badge"][data-tone="reviewer"]').textContent()).toBe("Reviewer");
    // Opened findings are marked seen, without a refusal shown.
    await page.waitForTimeout(500);
    expect(await page.locator('[data-component="notice-list"] [data-slot="notice"]').allTextContents()).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}reviewer-findings.png` });

    // The severity filter hides the other findings from the diff.
    await bar.locator('[data-slot="severity-filter"] select').selectOption("blocker");
    await nit.waitFor({ state: "detached" });
    await bar.locator('[data-slot="severity-filter"] select').selectOption("all");
    await nit.waitFor();

    await bug.locator('[data-slot~="accept"]').click();
    await bug.locator('[data-slot="badge"]', { hasText: "Accepted: in your review" }).waitFor();
    await page
      .locator('[data-component="release-bar"] [data-slot="count"]', { hasText: "1 comment pending" })
      .waitFor();
    await page.locator('[data-component="thread"][data-status="draft"]', { hasText: BUG }).waitFor();
    await nit.locator('[data-slot~="dismiss"]').click();
    await page.locator('[data-component="thread"][data-status="dismissed"]', { hasText: NIT }).waitFor();
    await page.screenshot({ path: `${screenshotDir}reviewer-triaged.png` });

    const findings = (await api("/findings")).findings as any[];
    expect(findings.map((f) => [f.severity, f.status])).toEqual([
      ["blocker", "accepted"],
      ["nit", "dismissed"],
    ]);
    const drafts = (await api("/review")).drafts.threads as any[];
    expect(drafts).toEqual([
      expect.objectContaining({
        origin: "human",
        start: 2,
        end: 2,
        messages: [expect.objectContaining({ body: BUG })],
      }),
    ]);
  });

  it("a run another process drives shows live in a panel served by opencode-review serve: status, findings, verdict", async () => {
    // A is the opencode process (its plugin drives the run); B serves the panel the person has open.
    const a = await start();
    const b = await startReviewServer({
      now: () => new Date().toISOString(),
      dir: a.dir,
      dbPath: a.dbPath,
      delivery: { mode: "prose", deliver: async () => null },
      tools: false,
      panelDir,
      reportError: (error) => console.error("reviewer e2e:", error),
    });
    cleanups.push(() => b.close());
    const browser = await launchBrowser();
    cleanups.push(browser.close);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(b.panelUrl);
    await page.locator('[data-component="file-header"]').first().waitFor();
    // Connected to its event stream: what happens from here on arrives live, or not at all.
    await page.locator('[data-slot="live"][data-state="open"]').waitFor();
    expect(await page.locator('[data-component="thread"]', { hasText: BUG }).count()).toBe(0);

    await a.server.runs.start({ model: "fake/strict-model" });
    const bar = page.locator('[data-component="reviewer-bar"]');
    await bar
      .locator('[data-slot="status"][data-status="completed"]', { hasText: "Review done (2 findings)" })
      .waitFor({ timeout: 20_000 });
    expect(await bar.locator('[data-slot="verdict"]').textContent()).toBe("Changes requested");
    const bug = page.locator('[data-component="thread"]', { hasText: BUG });
    await bug.waitFor();
    expect(await bug.locator('[data-slot="badge"][data-severity]').textContent()).toBe("blocker");
    await page.screenshot({ path: `${screenshotDir}reviewer-from-another-process.png` });

    // Triage written through A (its terminal view, say) reaches this panel too.
    const [, nit] = await a.server.service.listFindings({});
    await a.server.service.dismissFinding(nit!.id);
    await page
      .locator('[data-component="thread"][data-status="dismissed"]', { hasText: NIT })
      .waitFor({ timeout: 20_000 });
  });
});
