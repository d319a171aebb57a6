import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { startFakeModel } from "../testing/fake-model.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeOpencodeProject, type OpencodeProject, type PluginEntry } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { notShownWhole, shownWhole } from "../testing/screen-phrases.js";
import { hasTmux, startTmux, type TmuxScreen } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

// Ten lines; the agent changed line 9, so the hunk runs to the file's last line: nothing follows it.
const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line9 = 9;", "const line9 = 90;");
const LONG_NAME = "a-component-with-a-name-longer-than-the-tree.ts";

/** Both halves listed (the server half with `serverOptions`), two changed files, and one unreleased draft. */
async function screensProject(
  fakeModelUrl: string,
  plugin: string,
  serverOptions?: Record<string, unknown>,
): Promise<OpencodeProject> {
  const entry: PluginEntry = serverOptions === undefined ? plugin : [plugin, serverOptions];
  const project = makeOpencodeProject({
    fakeModelUrl,
    plugins: [entry],
    files: {
      "src/app.ts": base,
      [`src/ui/${LONG_NAME}`]: "export const a = 1;\n",
      ".gitignore": ".opencode/*\n!.opencode/tui.json\nopencode.json\n",
      ".opencode/tui.json": `${JSON.stringify({ $schema: "https://opencode.ai/tui.json", plugin: [plugin] }, null, 2)}\n`,
    },
    changes: { "src/app.ts": changed, [`src/ui/${LONG_NAME}`]: "export const a = 2;\n" },
  });
  if (serverOptions !== undefined) return project;
  const repo = await openRepository(project.dir);
  const store = await openStore({ path: defaultDbPath(repo) });
  const service = createReviewService({
    now: systemClock,
    dir: project.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "prose", deliver: async () => null },
  });
  await service.draftThread({ file: "src/app.ts", side: "new", start: 9, end: 9, body: "Seeded draft on line 9." });
  await store.close();
  return project;
}

function startOpencode(name: string, project: OpencodeProject, width: number, height: number): TmuxScreen {
  // No display and no BROWSER: `o` has no browser to open and says why.
  return startTmux({
    name,
    cwd: project.dir,
    env: { ...project.env, DISPLAY: "", WAYLAND_DISPLAY: "", BROWSER: "" },
    command: [opencodeBinary()],
    width,
    height,
  });
}

/** Waits until every phrase is on the screen whole (wrapped at words is fine), and returns that screen. */
async function waitForWhole(screen: TmuxScreen, phrases: readonly string[], timeoutMs = 15_000): Promise<string> {
  try {
    return await screen.waitFor((s) => notShownWhole(s, phrases).length === 0, timeoutMs);
  } catch (error) {
    throw new Error(
      `not shown whole: ${JSON.stringify(notShownWhole(screen.capture(), phrases))}\n${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

// The help list in order; at 24 rows it scrolls, so each is looked for as j brings it into view.
const HELP = [
  "next / previous line (across files)",
  "comment on the line (or reply to the thread there)",
  "accept the reviewer's finding here (it becomes your draft)",
  "which diff: all changes / since last round / last round only / uncommitted / staged / since my last review / against each parent branch / each commit (kept for the branch, shared with the web panel)",
  "the web panel at this place: opened in the browser where one can be, the link copied",
  "past reviews: each release with its verdict, overall comment and delivery",
  "close, back to where you were",
];

describe.skipIf(!hasTmux())("the terminal half's screens at 80x24 and 160x48 (real opencode under tmux)", () => {
  const opencode = packedPluginSuite();

  for (const [width, height] of [
    [160, 48],
    [80, 24],
  ] as const) {
    it(`at ${width}x${height}: the panel link reaches the screen at start, and the header, help, editor hint, confirmation, status after o, tree and sidebar show every line whole; a file shown to its end offers no more lines`, async () => {
      const model = await startFakeModel(() => ({ kind: "text", text: "Hi there." }));
      const project = await screensProject(model.url, opencode.plugin);
      const screen = startOpencode(`tui-screens-${width}`, project, width, height);
      try {
        await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 240_000);
        // The server half's panel link, shown by the terminal half within seconds of the first frame.
        const linked = await screen.waitFor(
          (s) => /Review panel: http:\/\/127\.0\.0\.1:\d+/.test(s.replace(/\s*│\s*/g, " ").replace(/\n\s*/g, " ")),
          20_000,
        );
        screen.save("home-link");
        expect(shownWhole(linked, "Review panel:")).toBe(true);

        screen.type("hello");
        screen.keys("Enter");
        await screen.waitFor("Hi there.", 60_000);
        // opencode shows the session's sidebar on a wide screen only.
        if (width >= 160) {
          await waitForWhole(screen, ["Review: 1 draft unreleased", "ctrl+x v opens it"]);
          screen.save("sidebar");
        }

        screen.keys("C-x", "v");
        const opened = await waitForWhole(
          screen,
          [
            "Review · main ·",
            "2 files ·",
            "all changes ·",
            "0 waiting on you ·",
            "1 draft ·",
            "0 of 2 viewed ·",
            "unified",
            "Seeded draft on line 9.",
          ],
          30_000,
        );
        screen.save("opened");
        // src/app.ts ends at its hunk's last line (10): no "unchanged lines" are offered after it.
        expect(opened).toMatch(/10 +10 +const line10 = 10;/);
        expect(opened).toContain("⋯ 5 unchanged lines"); // lines 1 to 5, before the hunk
        expect(opened.slice(opened.indexOf("const line10 = 10;"))).not.toContain("unchanged line");
        if (width >= 160) {
          // The tree beside the diff: the long name wraps in its column instead of losing its end.
          const tree = opened
            .split("\n")
            .map((l) => l.split("│")[0] ?? "")
            .join("\n");
          expect(tree.replace(/\s+/g, "")).toContain(LONG_NAME.replace(/\s+/g, ""));
        }

        screen.keys("?");
        await screen.waitFor("Keys · Escape closes", 10_000);
        for (const phrase of HELP) {
          for (let scrolled = 0; scrolled < 60 && !shownWhole(screen.capture(), phrase); scrolled++) {
            screen.keys("j");
            await new Promise((r) => setTimeout(r, 60));
          }
          await waitForWhole(screen, [phrase], 5000);
        }
        screen.save("help");
        screen.keys("Escape");
        await screen.waitFor((s) => !s.includes("Keys · Escape closes"), 10_000);

        // The cursor on src/app.ts's changed line: the link with its place first on the status line, whole on one
        // line (a narrow screen may cut why no browser opened, which matters less).
        screen.keys("n", "]", "j", "j", "j", "j");
        screen.keys("o");
        await screen.waitFor(
          (s) => s.split("\n").some((line) => /^\s*http:\/\/127\.0\.0\.1:\d+\/\S*token=[^\s&]{8,}/.test(line)),
          15_000,
        );
        screen.save("after-o");

        screen.keys("c");
        await waitForWhole(
          screen,
          ["Enter saves the draft · ctrl+j newline · Escape puts it away (kept) · ctrl+g discards"],
          10_000,
        );
        screen.save("editor");
        // Put away with nothing typed: the status says so (and the next key is not read as alt+s).
        screen.keys("Escape");
        await screen.waitFor("Cancelled.", 10_000);

        screen.keys("s");
        await waitForWhole(
          screen,
          ["Release 1 draft to the agent? Enter sends · tab verdict · w overall comment · Escape cancels"],
          10_000,
        );
        screen.save("confirm");
        screen.keys("Escape");
        await screen.waitFor("Not released.", 10_000);
      } finally {
        screen.save("last");
        screen.kill();
        await model.close();
        project.cleanup();
      }
    }, 300_000);
  }

  it("bad server-half options in opencode.json: the warning reaches the screen at start, whole", async () => {
    const model = await startFakeModel(() => ({ kind: "text", text: "Hi there." }));
    const project = await screensProject(model.url, opencode.plugin, { port: "4000" });
    const screen = startOpencode("tui-screens-bad", project, 160, 48);
    try {
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 240_000);
      await waitForWhole(screen, ["bad plugin options in opencode.json", "port must be a port number"], 30_000);
      screen.save("warning");
    } finally {
      screen.save("last");
      screen.kill();
      await model.close();
      project.cleanup();
    }
  }, 300_000);
});
