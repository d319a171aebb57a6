import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { startFakeModel, type FakeModel, type FakeTurn, type RecordedRequest } from "../testing/fake-model.js";
import { installPackedPlugin } from "../testing/install-packed-plugin.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeOpencodeProject, type OpencodeProject } from "../testing/opencode-project.js";
import { hasTmux, startTmux, type TmuxScreen } from "../testing/tmux-screen.js";

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
// One added line after line 5, and a new file: the change the "agent" left.
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");

/** A project whose review has one released thread (line 9 of src/app.ts now), seeded through the real service. */
async function reviewProject(fakeModelUrl: string, plugin: string, halves: "both" | "tui"): Promise<{ project: OpencodeProject; seeded: string }> {
  const project = makeOpencodeProject({
    fakeModelUrl,
    plugins: halves === "both" ? [plugin] : [],
    files: {
      "src/app.ts": base,
      // opencode's own files in .opencode are not the agent's change.
      ".gitignore": ".opencode/*\n!.opencode/tui.json\nopencode.json\n",
      ".opencode/tui.json": `${JSON.stringify({ $schema: "https://opencode.ai/tui.json", plugin: [plugin] }, null, 2)}\n`,
    },
    changes: { "src/app.ts": changed, "src/util/new.ts": "export const fresh = true;\n" },
  });
  const repo = await openRepository(project.dir);
  const store = await openStore({ path: defaultDbPath(repo) });
  const service = createReviewService({ dir: project.dir, store, bus: createEventBus(), delivery: { mode: "prose", deliver: async () => null } });
  const thread = await service.draftThread({ file: "src/app.ts", side: "new", start: 9, end: 9, body: "Seeded: is line8 still needed?" });
  await service.release({});
  await store.close();
  return { project, seeded: thread.id };
}

function startOpencode(name: string, project: OpencodeProject, width: number, height: number): TmuxScreen {
  return startTmux({ name, cwd: project.dir, env: project.env, command: [opencodeBinary()], width, height });
}

describe.skipIf(!hasTmux())("the review in opencode's terminal (real opencode under tmux)", () => {
  let plugin: string;
  beforeAll(async () => {
    plugin = await installPackedPlugin();
  }, 300_000);

  it("opens with ctrl+x v over the session and shows the files, the diff lines and the seeded thread", async () => {
    const model = await startFakeModel([{ kind: "text", text: "Hi there." }]);
    const { project } = await reviewProject(model.url, plugin, "both");
    const screen = startOpencode("tui-open", project, 160, 48);
    try {
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 120_000);
      screen.save("home");
      screen.type("hello");
      screen.keys("Enter");
      await screen.waitFor("Hi there.", 60_000);
      screen.keys("C-x", "v");
      const opened = await screen.waitFor("Seeded: is line8 still needed?", 30_000);
      screen.save("opened");
      expect(opened).toContain("src/app.ts");
      expect(opened).toContain("src/util/new.ts");
      expect(opened).toContain("const added = line5 * 2;");
      expect(opened).toContain("waiting on agent");
    } finally {
      screen.save("last");
      screen.kill();
      await model.close();
    }
  }, 300_000);
});
