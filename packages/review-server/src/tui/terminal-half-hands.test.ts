import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeTerminalOnlyProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, startTmux } from "../testing/tmux-screen.js";

// The person's hands on the code in opencode's terminal: U undoes the hunk under the cursor (the file goes
// back, the line leaves the diff), or the hunks a V range touches; Z restores it, M keeps a hunk, H lists
// the changes. Real opencode, tmux.

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");
// A second file with two hunks far apart (lines 3 and 22 of the agent's text): a V range from the first
// hunk's first line to the second's touches both, where U on one hunk would undo only that one.
const more = Array.from({ length: 30 }, (_, i) => `const m${i + 1} = ${i + 1};`).join("\n") + "\n";
const moreChanged = more
  .replace("const m2 = 2;\n", "const m2 = 2;\nconst extraA = 1;\n")
  .replace("const m20 = 20;\n", "const m20 = 20;\nconst extraB = 2;\n");
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

describe.skipIf(!hasTmux())("undo, restore and keep in opencode's terminal (real opencode under tmux)", () => {
  const opencode = packedPluginSuite();

  it("undoes the hunk under the cursor with U, restores it with Z, lists it with H, keeps a hunk with M and undoes a V range's hunks with U", async () => {
    const p = makeTerminalOnlyProject({
      fakeModelUrl: opencode.model.url,
      plugin: opencode.plugin,
      tuiConfig: {},
      files: { "src/app.ts": base, "src/more.ts": more },
      changes: { "src/app.ts": changed, "src/more.ts": moreChanged },
    });
    const onDisk = (name = "app.ts") => readFileSync(join(p.dir, "src", name), "utf8");
    const screen = startTmux({
      name: "tui-hands",
      cwd: p.dir,
      env: p.env,
      command: [opencodeBinary()],
      width: 140,
      height: 40,
    });
    const goToFile = async (name: string) => {
      screen.keys("t");
      await screen.waitFor((s) => /Go to file/.test(s), 15_000);
      screen.type(name);
      screen.keys("Enter");
      await screen.waitFor((s) => !/Go to file/.test(s), 15_000);
    };
    try {
      // A loaded machine (several opencode starts at once) can take minutes to draw the first screen.
      await screen.waitFor(home, 240_000);
      screen.keys("C-x", "v");
      await screen.waitFor((s) => s.includes("src/app.ts") && /const added = line5 \* 2;/.test(s), 30_000);
      // Onto the hunk, then undo it: the agent's line leaves the diff and the file reads as the base.
      screen.keys("]", "U");
      await screen.waitFor((s) => /Undid src\/app\.ts line 6/.test(s), 60_000);
      expect(onDisk()).toBe(base);
      // The diff is read again: the agent's line leaves it.
      await screen.waitFor((s) => /Undid src\/app\.ts/.test(s) && !/const added = line5 \* 2;/.test(s), 30_000);
      screen.save("undone");

      screen.keys("Z");
      await screen.waitFor(
        (s) => /Restored src\/app\.ts line 6/.test(s) && /const added = line5 \* 2;/.test(s),
        60_000,
      );
      expect(onDisk()).toBe(changed);

      screen.keys("H");
      const list = await screen.waitFor(
        (s) => s.includes("Your changes") && /Undid src\/app\.ts line 6.*restored/.test(s),
        15_000,
      );
      screen.save("changes");
      expect(list).toContain("restored");
      screen.keys("Escape");
      // The next key waits for the box to close: sent at once after Escape, it would read as alt+].
      await screen.waitFor((s) => !s.includes("Your changes"), 15_000);

      // Back to src/app.ts's hunk (] from here would go on to src/more.ts's), then keep it.
      await goToFile("app.ts");
      screen.keys("]", "M");
      await screen.waitFor((s) => /Kept the hunk at src\/app\.ts/.test(s), 60_000);
      screen.save("kept");
      expect(onDisk()).toBe(changed);

      // A V range over both hunks of src/more.ts, then U: both go back in one change, as the web's "Undo selection".
      await goToFile("more.ts");
      await screen.waitFor((s) => /const extraA = 1;/.test(s) && /const extraB = 2;/.test(s), 30_000);
      screen.keys("]", "V");
      await screen.waitFor((s) => s.includes("Range started"), 15_000);
      screen.keys("]", "U");
      await screen.waitFor((s) => /Undid src\/more\.ts lines 3–22/.test(s), 60_000);
      expect(onDisk("more.ts")).toBe(more);
      await screen.waitFor((s) => /Undid src\/more\.ts/.test(s) && !/const extra[AB]/.test(s), 30_000);
      screen.save("selection-undone");
      screen.keys("Z");
      await screen.waitFor((s) => /Restored src\/more\.ts lines 3–22/.test(s) && /const extraB = 2;/.test(s), 60_000);
      expect(onDisk("more.ts")).toBe(moreChanged);
    } finally {
      screen.save("last");
      screen.kill();
    }
  }, 420_000);
});
