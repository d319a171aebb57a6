import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeTerminalOnlyProject, type OpencodeProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, startTmux, type TmuxScreen } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

// What the terminal half gained after the web panel did: the person's own key for the open command, and the
// verdict, overall comment and failed delivery of a release, reviewer findings. Driven through the real opencode under tmux.

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");

function project(fakeModelUrl: string, plugin: string, tuiConfig: Record<string, unknown>): OpencodeProject {
  return makeTerminalOnlyProject({
    fakeModelUrl,
    plugin,
    tuiConfig,
    files: { "src/app.ts": base },
    changes: { "src/app.ts": changed },
  });
}

function startOpencode(name: string, p: OpencodeProject, width: number, height: number): TmuxScreen {
  return startTmux({ name, cwd: p.dir, env: p.env, command: [opencodeBinary()], width, height });
}

const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

describe.skipIf(!hasTmux())("the terminal half catches up (real opencode under tmux)", () => {
  const opencode = packedPluginSuite();

  it("a tui.json that rebinds opencode-review.open to <leader>o opens the review with ctrl+x o; y marks the file viewed (folded, counted, kept)", async () => {
    const p = project(opencode.model.url, opencode.plugin, { keybinds: { "opencode-review.open": "<leader>o" } });
    const screen = startOpencode("tui2-keybind", p, 120, 36);
    try {
      await screen.waitFor(home, 120_000);
      screen.save("keybind-home");
      screen.keys("C-x", "o");
      const opened = await screen.waitFor("src/app.ts", 30_000);
      screen.save("keybind-opened");
      expect(opened).toMatch(/const added = line5 \* 2;/);
      // y marks the file viewed, as the web panel's box does: it folds, the header counts it, the store has it.
      screen.keys("y");
      const folded = await screen.waitFor("1 of 1 viewed", 10_000);
      screen.save("viewed");
      expect(folded).not.toMatch(/const added = line5 \* 2;/);
      expect((await withService(p, (service) => service.listViewed({}))).map((v) => [v.path, v.state])).toEqual([
        ["src/app.ts", "viewed"],
      ]);
      screen.keys("q");
      await screen.waitFor((s) => !s.includes("Review · "), 10_000);
      // Opened again, the viewed file starts folded.
      screen.keys("C-x", "o");
      const again = await screen.waitFor("1 of 1 viewed", 30_000);
      screen.save("viewed-again");
      expect(again).toContain("src/app.ts");
      expect(again).not.toMatch(/const added = line5 \* 2;/);
      screen.keys("q");
      await screen.waitFor((s) => !s.includes("Review · "), 10_000);
    } finally {
      screen.save("keybind-last");
      screen.kill();
    }
  }, 300_000);

  it("s releases with a verdict and an overall comment; with no session to send to, it waits for one and says so, under the header too", async () => {
    const p = project(opencode.model.url, opencode.plugin, {});
    const screen = startOpencode("tui2-release", p, 140, 40);
    try {
      await screen.waitFor(home, 120_000);
      screen.keys("C-x", "v");
      await screen.waitFor("src/app.ts", 30_000);
      screen.keys("]", "j", "j", "j", "c");
      await screen.waitFor("Comment on src/app.ts:6", 10_000);
      screen.type("Name it doubled.");
      screen.keys("Enter");
      await screen.waitFor("you (draft): Name it doubled.", 15_000);
      screen.keys("s");
      await screen.waitFor("Release 1 draft to the agent?", 10_000);
      screen.keys("Tab", "Tab");
      await screen.waitFor("verdict: approve", 10_000);
      screen.keys("w");
      await screen.waitFor("Overall comment for the release", 10_000);
      screen.type("Good otherwise.");
      screen.keys("Enter");
      const confirm = await screen.waitFor('overall: "Good otherwise."', 10_000);
      screen.save("release-confirm");
      expect(confirm).toContain("verdict: approve");
      screen.keys("Enter");
      const waiting = await screen.waitFor(
        "Released 1 message as prose: no session yet: it goes to the next session you open.",
        20_000,
      );
      screen.save("release-waiting");
      expect(waiting).toContain("(u sends it to the current session)");
      expect(waiting).not.toContain("Delivery failed");
      const stored = await withService(p, (service) => service.pastReviews());
      expect(stored[0]).toMatchObject({
        verdict: "approve",
        summary: "Good otherwise.",
        delivery: { state: "pending", waitsFor: "session" },
      });
      // u with still no session: it keeps waiting, and says so.
      screen.keys("u");
      await screen.waitFor("Not sent: no session yet", 10_000);
      screen.save("release-retried");
    } finally {
      screen.save("release-last");
      screen.kill();
    }
  }, 300_000);

  it("a released reviewer run's findings show inline with their severity; a accepts one as the person's draft, X dismisses another; A says AI review needs the server half when it is not loaded", async () => {
    const p = project(opencode.model.url, opencode.plugin, {});
    await withService(p, async (service) => {
      const { run } = await service.recordRun({ parentSessionId: "ses_parent", model: "fake/fake-model" });
      const running = (await service.changeRun(run.id, { status: "running", session_id: "ses_child" }, ["pending"]))!;
      await service.pinFinding(running, {
        file: "src/app.ts",
        start: 6,
        end: 6,
        body: "doubled reads better than added.",
        severity: "major",
      });
      await service.pinFinding(running, {
        file: "src/app.ts",
        start: 7,
        end: 7,
        body: "Trailing nit.",
        severity: "nit",
      });
      await service.releaseRun(running, { summary: "Two things.", verdict: "changes" });
    });
    const screen = startOpencode("tui2-findings", p, 140, 40);
    try {
      await screen.waitFor(home, 120_000);
      screen.keys("C-x", "v");
      const shown = await screen.waitFor("reviewer · MAJOR", 30_000);
      screen.save("findings-inline");
      expect(shown).toContain("reviewer: doubled reads better than added.");
      expect(shown).toContain("reviewer · NIT");
      screen.keys("N");
      await new Promise((r) => setTimeout(r, 500));
      screen.keys("a");
      const accepted = await screen.waitFor("you (draft): doubled reads better than added.", 15_000);
      screen.save("findings-accepted");
      expect(accepted).not.toContain("reviewer · MAJOR");
      expect(accepted).toContain("1 draft");
      screen.keys("N");
      await new Promise((r) => setTimeout(r, 500));
      screen.keys("X");
      const dismissed = await screen.waitFor(
        (s) => s.includes("Finding dismissed.") && !s.includes("reviewer · NIT"),
        15_000,
      );
      screen.save("findings-dismissed");
      expect(dismissed).not.toContain("Trailing nit.");
      screen.keys("A");
      await screen.waitFor("AI review needs the server half", 15_000);
      screen.save("findings-run-refused");
      // The same start from opencode's command palette, with the review closed: refused the same way.
      screen.keys("q");
      await screen.waitFor((s) => !s.includes("? for keys"), 15_000);
      screen.keys("C-p");
      await new Promise((r) => setTimeout(r, 1000));
      screen.type("Review changes with AI");
      await screen.waitFor("Review changes with AI", 15_000);
      screen.keys("Enter");
      await screen.waitFor("AI review needs the server half", 15_000);
      screen.save("palette-run-refused");
      const stored = await withService(p, (service) => service.listFindings({ status: "all" }));
      expect(stored.map((f) => f.status).sort()).toEqual(["accepted", "dismissed"]);
    } finally {
      screen.save("findings-last");
      screen.kill();
    }
  }, 300_000);

  it("an AI review run another process drives shows in the open view as it goes, and its findings once released, without reopening", async () => {
    const p = project(opencode.model.url, opencode.plugin, {});
    const screen = startOpencode("tui2-live-run", p, 140, 40);
    try {
      await screen.waitFor(home, 120_000);
      screen.keys("C-x", "v");
      await screen.waitFor("? for keys", 30_000);
      // The server half of another opencode on this repository starts the run, and its reviewer works.
      const { run } = await withService(p, (service) =>
        service.recordRun({ parentSessionId: "ses_parent", model: "fake/fake-model" }),
      );
      await screen.waitFor("AI review (fake/fake-model): pending · K cancels", 15_000);
      const running = await withService(p, (service) =>
        service.changeRun(run.id, { status: "running", session_id: "ses_child" }, ["pending"]),
      );
      await screen.waitFor("AI review (fake/fake-model): running · K cancels", 15_000);
      screen.save("live-run-running");
      await withService(p, async (service) => {
        await service.pinFinding(running!, {
          file: "src/app.ts",
          start: 6,
          end: 6,
          body: "doubled reads better than added.",
          severity: "major",
        });
        await service.releaseRun(running!, { summary: "One thing.", verdict: "changes" });
      });
      const released = await screen.waitFor(
        "AI review (fake/fake-model): completed: 1 finding, verdict changes",
        15_000,
      );
      expect(await screen.waitFor("reviewer · MAJOR", 15_000)).toContain("reviewer: doubled reads better than added.");
      screen.save("live-run-released");
      expect(released).not.toContain("K cancels");
    } finally {
      screen.save("live-run-last");
      screen.kill();
    }
  }, 300_000);
});

/** The review service over the project's own store, as another process (the server half, an MCP client) has it. */
export async function withService<T>(
  p: OpencodeProject,
  use: (service: ReturnType<typeof createReviewService>) => Promise<T>,
): Promise<T> {
  const repo = await openRepository(p.dir);
  const store = await openStore({ path: defaultDbPath(repo) });
  try {
    return await use(
      createReviewService({
        now: systemClock,
        dir: p.dir,
        store,
        bus: createEventBus(),
        delivery: { mode: "prose", deliver: async () => null },
      }),
    );
  } finally {
    await store.close();
  }
}
