import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeTerminalOnlyProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, startTmux } from "../testing/tmux-screen.js";

// The work tree is live in the terminal too: a file the agent writes while the review is open shows at once,
// with the cursor where the person left it, and is there when the review opens again. Real opencode, tmux.

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

describe.skipIf(!hasTmux())("the work tree, live in opencode's terminal (real opencode under tmux)", () => {
  const opencode = packedPluginSuite();

  it("shows a file and a line the agent writes while the review is open, and both again after closing and reopening", async () => {
    const p = makeTerminalOnlyProject({
      fakeModelUrl: opencode.model.url,
      plugin: opencode.plugin,
      tuiConfig: {},
      files: { "src/app.ts": base },
      changes: { "src/app.ts": changed },
    });
    const screen = startTmux({
      name: "tui-live",
      cwd: p.dir,
      env: p.env,
      command: [opencodeBinary()],
      width: 140,
      height: 40,
    });
    try {
      await screen.waitFor(home, 120_000);
      screen.keys("C-x", "v");
      await screen.waitFor((s) => s.includes("src/app.ts") && /const added = line5 \* 2;/.test(s), 30_000);
      screen.keys("]", "j");
      screen.save("before");

      writeFileSync(join(p.dir, "src", "late.ts"), "export const late = 1;\n");
      writeFileSync(
        join(p.dir, "src", "app.ts"),
        changed.replace("const line9 = 9;\n", "const line9 = 9;\nconst liveLine = 9;\n"),
      );
      const live = await screen.waitFor((s) => s.includes("src/late.ts") && s.includes("const liveLine = 9;"), 15_000);
      screen.save("live");
      expect(live).toContain("export const late = 1;");

      screen.keys("q");
      await screen.waitFor((s) => !s.includes("Review · "), 10_000);
      screen.keys("C-x", "v");
      const again = await screen.waitFor((s) => s.includes("Review · ") && s.includes("src/late.ts"), 30_000);
      screen.save("reopened");
      expect(again).toContain("const liveLine = 9;");
    } finally {
      screen.save("last");
      screen.kill();
    }
  }, 300_000);
});
