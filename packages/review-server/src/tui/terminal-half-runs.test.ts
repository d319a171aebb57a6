import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeTurn, type RecordedRequest } from "../testing/fake-model.js";
import { installPackedPlugin } from "../testing/install-packed-plugin.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeOpencodeProject, type OpencodeProject } from "../testing/opencode-project.js";
import { hasTmux, startTmux, type TmuxScreen } from "../testing/tmux-screen.js";

// The terminal half with its server half in the real opencode 1.18.33 under tmux: the web panel opened in a
// browser at the cursor's place, and AI review runs started with a picked model, watched, cancelled, completed.

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

/** Both halves from the installed package, and a second model the reviewer can be given. */
function bothHalves(fakeModelUrl: string, plugin: string): OpencodeProject {
  return makeOpencodeProject({
    fakeModelUrl,
    plugins: [plugin],
    files: {
      "src/app.ts": base,
      ".gitignore": ".opencode/*\n!.opencode/tui.json\nopencode.json\n",
      ".opencode/tui.json": `${JSON.stringify({ $schema: "https://opencode.ai/tui.json", plugin: [plugin] }, null, 2)}\n`,
    },
    config: {
      provider: {
        fake: {
          npm: "@ai-sdk/openai-compatible",
          name: "Fake",
          options: { baseURL: fakeModelUrl, apiKey: "x" },
          models: {
            "fake-model": { name: "Fake model", tool_call: true, limit: { context: 100_000, output: 4096 } },
            "fake-reviewer": { name: "Fake reviewer", tool_call: true, limit: { context: 100_000, output: 4096 } },
          },
        },
      },
    },
    changes: { "src/app.ts": changed },
  });
}

function start(name: string, p: OpencodeProject, extraEnv: Record<string, string> = {}): TmuxScreen {
  return startTmux({
    name,
    cwd: p.dir,
    env: { ...p.env, ...extraEnv },
    command: [opencodeBinary()],
    width: 160,
    height: 48,
  });
}

/** Says hello so the person is in a session (a run reviews a session; a release goes to one). */
async function inSession(screen: TmuxScreen): Promise<void> {
  await screen.waitFor(home, 120_000);
  screen.type("hello");
  screen.keys("Enter");
  await screen.waitFor("Hi there.", 60_000);
}

describe.skipIf(!hasTmux())(
  "the terminal half with its server half: the browser and AI runs (real opencode under tmux)",
  () => {
    let plugin: string;
    beforeAll(async () => {
      plugin = await installPackedPlugin();
    }, 300_000);

    it("o opens the web panel in the browser named by BROWSER, at the line under the cursor, with a /#token= link the panel takes", async () => {
      const model = await startFakeModel([{ kind: "text", text: "Hi there." }]);
      const p = bothHalves(model.url, plugin);
      const dir = mkdtempSync(join(tmpdir(), "opencode-review-browser-"));
      const got = join(dir, "got.txt");
      const browser = join(dir, "record-browser");
      // It stays running, as a browser does: the TUI must not wait for it.
      writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> "${got}"\nsleep 60\n`);
      chmodSync(browser, 0o755);
      const screen = start("tui12-browser", p, { BROWSER: browser });
      try {
        await inSession(screen);
        screen.keys("C-x", "v");
        await screen.waitFor("src/app.ts", 30_000);
        // n to src/app.ts, ] to its hunk, three j to the added line 6, then o.
        screen.keys("n", "]", "j", "j", "j");
        await screen.waitFor(/›\s+6 \+ const added/.test.bind(/›\s+6 \+ const added/), 10_000);
        screen.keys("o");
        const opened = await screen.waitFor("Opened in the browser", 20_000);
        screen.save("opened");
        for (let i = 0; i < 100 && !existsSync(got); i++) await new Promise((r) => setTimeout(r, 100));
        const args = readFileSync(got, "utf8").trimEnd().split("\n");
        expect(args).toHaveLength(1);
        const link = new URL(args[0]!);
        expect(link.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const fragment = new URLSearchParams(link.hash.slice(1));
        expect(fragment.get("file")).toBe("src/app.ts");
        expect(fragment.get("line")).toBe("6");
        expect(link.hash).toMatch(/^#token=[0-9a-f]+&/);
        expect(opened).toContain(args[0]!.slice(0, 40));
        // The link's token is the panel's: its API answers with it, for this repository.
        const health = await fetch(new URL("/api/health", link.origin), {
          headers: { authorization: `Bearer ${fragment.get("token")}` },
        });
        expect(health.status).toBe(200);
        expect(((await health.json()) as { repo: string }).repo).toBeTruthy();
        // The TUI kept drawing while the "browser" runs: the next key still moves the cursor.
        screen.keys("k");
        await screen.waitFor(/›\s+5\s+5\s+const line5/.test.bind(/›\s+5\s+5\s+const line5/), 10_000);
      } finally {
        screen.save("last");
        screen.kill();
        await model.close();
      }
    }, 400_000);

    it("A asks for the model (the configured one first), shows the run running, K cancels it; a run that completes shows its findings inline with their severity", async () => {
      let reviewer: "hang" | "full" = "hang";
      const script = (request: RecordedRequest): FakeTurn => {
        if (request.parentSessionId === null) return { kind: "text", text: "Hi there." };
        // The reviewer (a child session, told apart by opencode's x-parent-session-id header).
        if (reviewer === "hang") return { kind: "hang" };
        const steps: FakeTurn[] = [
          {
            kind: "tools",
            calls: [
              {
                name: "review_comment",
                args: {
                  file: "src/app.ts",
                  start: 6,
                  end: 6,
                  body: "added says nothing: call it doubled.",
                  severity: "major",
                },
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
      const p = bothHalves(model.url, plugin);
      const screen = start("tui12-runs", p);
      try {
        await inSession(screen);
        screen.keys("C-x", "v");
        await screen.waitFor("src/app.ts", 30_000);

        // Escape closes the pick and starts nothing.
        screen.keys("A");
        await screen.waitFor((s) => s.includes("Model for the AI review") && s.includes("fake/fake-reviewer"), 20_000);
        screen.keys("Escape");
        const none = await screen.waitFor("No AI review started (no model picked).", 10_000);
        screen.save("pick-closed");
        expect(none).not.toContain("AI review (");
        expect(model.conversation().some((r) => r.parentSessionId !== null)).toBe(false);

        screen.keys("A");
        // Waited for whole: tmux can catch the dialog's frame half drawn.
        const pick = await screen.waitFor(
          (s) => s.includes("Model for the AI review") && s.includes("fake/fake-reviewer"),
          20_000,
        );
        screen.save("pick");
        expect(pick).toContain("fake/fake-model");
        expect(pick).toContain("fake/fake-reviewer");
        expect(pick.indexOf("fake/fake-model")).toBeLessThan(pick.indexOf("fake/fake-reviewer"));
        screen.type("reviewer");
        await screen.waitFor((s) => s.includes("fake/fake-reviewer") && !s.includes("fake/fake-model"), 10_000);
        screen.keys("Enter");
        const running = await screen.waitFor("AI review (fake/fake-reviewer): running · K cancels", 30_000);
        screen.save("running");
        expect(running).not.toContain("Model for the AI review");
        // The reviewer's request reached the scripted model, for the picked model, as a child of the session.
        await waitFor(() => model.conversation().find((r) => r.parentSessionId !== null), "the reviewer's request");
        expect(model.conversation().find((r) => r.parentSessionId !== null)!.body.model).toBe("fake-reviewer");
        screen.keys("K");
        const cancelled = await screen.waitFor("AI review (fake/fake-reviewer): cancelled", 20_000);
        screen.save("cancelled");
        expect(cancelled).toContain("AI review cancelled.");

        reviewer = "full";
        screen.keys("A");
        await screen.waitFor((s) => s.includes("Model for the AI review") && s.includes("fake/fake-reviewer"), 20_000);
        // Enter takes the first: the configured model.
        screen.keys("Enter");
        await screen.waitFor("AI review (fake/fake-model):", 30_000);
        const done = await screen.waitFor(
          (s) =>
            s.includes("AI review (fake/fake-model): completed: 1 finding, verdict changes") &&
            s.includes("reviewer · MAJOR"),
          120_000,
        );
        screen.save("completed");
        expect(done).toContain("reviewer: added says nothing: call it doubled.");
      } finally {
        screen.save("last");
        screen.kill();
        await model.close();
      }
    }, 500_000);
  },
);

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
