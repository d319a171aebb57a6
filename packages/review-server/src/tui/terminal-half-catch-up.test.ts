import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { startFakeModel, type FakeModel } from "../testing/fake-model.js";
import { installPackedPlugin } from "../testing/install-packed-plugin.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeOpencodeProject, type OpencodeProject } from "../testing/opencode-project.js";
import { hasTmux, startTmux, type TmuxScreen } from "../testing/tmux-screen.js";

// What the terminal half gained after the web panel did: the person's own key for the open command, and the
// waiting line of a review released from an MCP client's panel. Driven through the real opencode under tmux.

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");

function project(fakeModelUrl: string, plugin: string, tuiConfig: Record<string, unknown>): OpencodeProject {
  return makeOpencodeProject({
    fakeModelUrl,
    plugins: [],
    files: {
      "src/app.ts": base,
      ".gitignore": ".opencode/*\n!.opencode/tui.json\nopencode.json\n",
      ".opencode/tui.json": `${JSON.stringify({ $schema: "https://opencode.ai/tui.json", plugin: [plugin], ...tuiConfig }, null, 2)}\n`,
    },
    changes: { "src/app.ts": changed },
  });
}

function startOpencode(name: string, p: OpencodeProject, width: number, height: number): TmuxScreen {
  return startTmux({ name, cwd: p.dir, env: p.env, command: [opencodeBinary()], width, height });
}

const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

describe.skipIf(!hasTmux())("the terminal half catches up (real opencode under tmux)", () => {
  let plugin: string;
  let model: FakeModel;
  beforeAll(async () => {
    plugin = await installPackedPlugin();
    model = await startFakeModel([{ kind: "text", text: "Hi there." }]);
  }, 300_000);
  afterAll(async () => {
    await model?.close();
  });

  it("a tui.json that rebinds opencode-review.open to <leader>o opens the review with ctrl+x o", async () => {
    const p = project(model.url, plugin, { keybinds: { "opencode-review.open": "<leader>o" } });
    const screen = startOpencode("tui2-keybind", p, 120, 36);
    try {
      await screen.waitFor(home, 120_000);
      screen.save("keybind-home");
      screen.keys("C-x", "o");
      const opened = await screen.waitFor("src/app.ts", 30_000);
      screen.save("keybind-opened");
      expect(opened).toMatch(/const added = line5 \* 2;/);
      screen.keys("q");
      await screen.waitFor((s) => !s.includes("Review · "), 10_000);
    } finally {
      screen.save("keybind-last");
      screen.kill();
    }
  }, 300_000);
});

/** The review service over the project's own store, as another process (the server half, an MCP client) has it. */
export async function withService<T>(p: OpencodeProject, use: (service: ReturnType<typeof createReviewService>) => Promise<T>): Promise<T> {
  const repo = await openRepository(p.dir);
  const store = await openStore({ path: defaultDbPath(repo) });
  try {
    return await use(createReviewService({ dir: p.dir, store, bus: createEventBus(), delivery: { mode: "prose", deliver: async () => null } }));
  } finally {
    await store.close();
  }
}
