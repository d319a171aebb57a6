// Both panels live at once (issue 24), seen from outside: the real opencode TUI under tmux with both plugin
// halves, and the web panel in real Chromium, on one repository and store. Other processes write while both
// are open: a node child writes a new file and changes a line (the work-tree watches), and a reviewer agent in a
// separate `opencode serve` pins a finding with its real review_comment and review_release tools (the change
// log). Each panel shows each without a reload.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { livePanelLinks } from "../cli/live-panels.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { startReviewServer } from "../server/start-review-server.js";
import { systemClock } from "../service/clock.js";
import { startFakeModel, type FakeTurn, type RecordedRequest } from "../testing/fake-model.js";
import { installPackedPlugin } from "../testing/install-packed-plugin.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeBothHalvesProject } from "../testing/opencode-project.js";
import { panelApi } from "../testing/panel-link.js";
import { serveOpencode } from "../testing/serve-opencode.js";
import { SCREENS_DIR, hasTmux, startTmux } from "../testing/tmux-screen.js";
import { eventually } from "../testing/eventually.js";

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");
const panelDir = fileURLToPath(new URL("../../dist/panel/", import.meta.url));
const FINDING = "added says nothing: call it doubled.";

/** The diff lines the web panel shows for `file`, as their marker and text (e.g. `+const added = line5 * 2;`). */
async function webLines(page: Page, file: string): Promise<string[]> {
  return page
    .locator(`[data-component="diff-line"][data-file="${file}"]`)
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector('[data-slot="marker"]')?.textContent ?? ""}${row.querySelector('[data-slot="code-text"]')?.textContent ?? ""}`,
      ),
    );
}

/** Waits until the web panel shows `line` among `file`'s diff lines; on timeout says which lines it showed. */
async function webShows(page: Page, file: string, line: string, timeoutMs = 30_000): Promise<void> {
  let seen: string[] = [];
  await eventually(
    async () => ((seen = await webLines(page, file)).includes(line) ? true : null),
    `the web panel shows ${line} in ${file}`,
    timeoutMs,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; it shows:\n${seen.join("\n")}`);
  });
}

/** Writes files from a separate node process, as the agent's own tools would: not this test's process. */
function writeFromAnotherProcess(dir: string, files: Readonly<Record<string, string>>): void {
  const script =
    "const fs = require('node:fs'); const path = require('node:path'); for (const [name, text] of Object.entries(JSON.parse(process.argv[1]))) { fs.mkdirSync(path.dirname(name), { recursive: true }); fs.writeFileSync(name, text); }";
  execFileSync(process.execPath, ["-e", script, JSON.stringify(files)], { cwd: dir });
}

describe.skipIf(!hasTmux())(
  "both panels live at once (real opencode under tmux, real Chromium, a separate opencode serve)",
  () => {
    it("shows a file and a line another process writes, and a finding a reviewer in another opencode pins, in both panels without a reload", async () => {
      const plugin = await installPackedPlugin();
      // Only the reviewer (a child session of the separate opencode's session) is scripted to do anything.
      const script = (request: RecordedRequest): FakeTurn => {
        if (request.parentSessionId === null) return { kind: "text", text: "Hi there." };
        const steps: FakeTurn[] = [
          {
            kind: "tools",
            calls: [
              {
                name: "review_comment",
                args: { file: "src/app.ts", start: 6, end: 6, body: FINDING, severity: "major" },
              },
            ],
          },
          {
            kind: "tools",
            calls: [{ name: "review_release", args: { summary: "One naming issue.", verdict: "changes" } }],
          },
        ];
        return steps[request.toolResults.length] ?? { kind: "text", text: "Released." };
      };
      const model = await startFakeModel(script);
      // Both halves: the server half in opencode.json (the separate opencode serve's reviewer needs it), the
      // terminal half in tui.json.
      const p = makeBothHalvesProject({
        fakeModelUrl: model.url,
        plugin,
        files: { "src/app.ts": base },
        changes: { "src/app.ts": changed },
      });
      // The web panel, as `opencode-review` serves it, on the store both halves open (the repository's default one).
      const server = await startReviewServer({
        now: systemClock,
        dir: p.dir,
        dbPath: defaultDbPath(await openRepository(p.dir)),
        delivery: { mode: "tools", deliver: async () => null },
        tools: true,
        panelDir,
      });
      const profile = mkdtempSync(join(tmpdir(), "both-live-chromium-"));
      const browser = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        headless: true,
        viewport: { width: 1280, height: 1400 },
        args: ["--no-sandbox", "--disable-gpu"],
      });
      const screen = startTmux({
        name: "tui-both-live",
        cwd: p.dir,
        env: p.env,
        command: [opencodeBinary()],
        width: 160,
        height: 60,
      });
      let other: Awaited<ReturnType<typeof serveOpencode>> | null = null;
      try {
        // Both panels open on the review.
        const page = browser.pages()[0] ?? (await browser.newPage());
        await page.goto(server.panelUrl);
        await page.locator('[data-component="file-header"][data-path="src/app.ts"]').waitFor();
        await webShows(page, "src/app.ts", "+const added = line5 * 2;");
        await screen.waitFor(home, 120_000);
        screen.keys("C-x", "v");
        await screen.waitFor((s) => s.includes("src/app.ts") && s.includes("const added = line5 * 2;"), 30_000);
        screen.save("opened");

        // A mark in the page that a reload would wipe, read at the end.
        await page.evaluate(() => void ((globalThis as { notReloaded?: boolean }).notReloaded = true));

        // Another process writes a new file and changes a line of the file both panels show.
        writeFromAnotherProcess(p.dir, {
          "src/late.ts": "export const late = 1;\n",
          "src/app.ts": changed.replace("const line6 = 6;\n", "const line6 = 66;\n"),
        });
        const live = await screen.waitFor(
          (s) => s.includes("src/late.ts") && s.includes("const line6 = 66;") && s.includes("export const late = 1;"),
          30_000,
        );
        screen.save("written");
        expect(live).toMatch(/-\s*const line6 = 6;/);
        await page.locator('[data-component="file-list"] [data-path="src/late.ts"]').waitFor({ timeout: 30_000 });
        await webShows(page, "src/app.ts", "-const line6 = 6;");
        await page.screenshot({ path: join(SCREENS_DIR, "tui-both-live-web-written.png"), fullPage: true });
        // The changed line reads as it now is, beside the line it replaced (not in the colours of its old text),
        // and is coloured again.
        const app = await webLines(page, "src/app.ts");
        expect(app.filter((line) => line.startsWith("+"))).toEqual(["+const added = line5 * 2;", "+const line6 = 66;"]);
        await page
          .locator('[data-component="diff-line"][data-file="src/app.ts"][data-kind="add"]', {
            hasText: "const line6 = 66;",
          })
          .locator('[data-slot="code-text"] span[style]')
          .first()
          .waitFor({ timeout: 30_000 });
        await page.locator('[data-component="file-list"] [data-path="src/late.ts"]').click();
        await webShows(page, "src/late.ts", "+export const late = 1;");

        // The agent writes that line again: the diff keeps its shape (the same rows, the line's text changes in place).
        writeFromAnotherProcess(p.dir, { "src/app.ts": changed.replace("const line6 = 6;\n", "const line6 = 67;\n") });
        await screen.waitFor((s) => s.includes("const line6 = 67;") && !s.includes("const line6 = 66;"), 30_000);
        await webShows(page, "src/app.ts", "+const line6 = 67;");
        await page
          .locator('[data-component="diff-line"][data-file="src/app.ts"][data-kind="add"]', {
            hasText: "const line6 = 67;",
          })
          .locator('[data-slot="code-text"] span[style]')
          .first()
          .waitFor({ timeout: 30_000 });

        // A reviewer agent in a separate opencode (its own server half on the same store) pins a finding.
        other = await serveOpencode(p);
        const session = (await other.client.session.create({ body: { title: "Elsewhere" } })).data!.id;
        // Its own panel (the store is shared, so every panel names the same session: it is told apart by process).
        const reviewerPanel = await eventually(
          async () => {
            const found = (await livePanelLinks(await openRepository(p.dir))).find(
              (l) => l.row.pid === other!.pid && l.token !== null,
            );
            if (found === undefined) return null;
            const api = panelApi(found.link);
            return (await api.call("GET", "/review")).json.session?.id === session ? api : null;
          },
          "the separate opencode's panel knows its session",
          300_000,
        );
        const started = await reviewerPanel.call("POST", "/runs", { model: "fake/fake-model" });
        expect(started.status).toBe(201);
        await eventually(
          async () =>
            (await reviewerPanel.call("GET", "/runs")).json.runs.find(
              (r: { status: string }) => r.status === "completed",
            )
              ? true
              : null,
          "the run completes",
          180_000,
        );

        const card = page.locator('[data-component="thread"]', { hasText: FINDING });
        await card.waitFor({ timeout: 30_000 });
        expect(await card.locator('[data-slot="badge"][data-severity]').textContent()).toBe("major");
        expect(await card.locator('[data-slot="badge"][data-tone="reviewer"]').textContent()).toBe("Reviewer");
        const found = await screen.waitFor(
          (s) => s.includes("reviewer · MAJOR") && s.includes(`reviewer: ${FINDING}`),
          30_000,
        );
        screen.save("finding");
        expect(found).toContain("const line6 = 67;");
        expect(found).toContain("export const late = 1;");
        expect(await page.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).toBe(true);
        await page.screenshot({ path: join(SCREENS_DIR, "tui-both-live-web-finding.png"), fullPage: true });
      } finally {
        screen.save("last");
        screen.kill();
        await other?.close();
        await browser.close();
        rmSync(profile, { recursive: true, force: true });
        await server.close();
        await model.close();
        p.cleanup();
      }
    }, 600_000);
  },
);
