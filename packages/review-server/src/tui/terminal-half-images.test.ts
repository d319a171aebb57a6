// An image bomb in the diff, in the real opencode TUI under tmux: a 65-byte PNG whose header claims
// 1 x 40,000,000 pixels, changed on the branch. Decoded in opencode's UI thread, it froze the terminal for
// over a minute; now its line says at once why it is not compared and the keys keep moving the cursor.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeTerminalOnlyProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { pngBomb } from "../testing/png-file.js";
import { hasTmux, startTmux } from "../testing/tmux-screen.js";

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const home = (s: string) => s.includes("Ask anything") || s.includes("ctrl+p");

describe.skipIf(!hasTmux())("an image bomb in the terminal half (real opencode under tmux)", () => {
  const opencode = packedPluginSuite();

  it("shows the bomb's line without decoding it, and n still moves the cursor to the next file while it is in the diff", async () => {
    const p = makeTerminalOnlyProject({
      fakeModelUrl: opencode.model.url,
      plugin: opencode.plugin,
      files: { "src/app.ts": base },
    });
    const git = (...args: string[]) => execFileSync("git", args, { cwd: p.dir, env: { ...process.env, ...p.env } });
    mkdirSync(join(p.dir, "assets"));
    writeFileSync(join(p.dir, "assets", "bomb.png"), pngBomb(1, 40_000_000));
    git("add", "assets/bomb.png");
    git("commit", "-q", "-m", "an image");
    // Both versions are bombs, so both sides would be decoded; the text file gives the cursor somewhere to go.
    writeFileSync(join(p.dir, "assets", "bomb.png"), pngBomb(1, 39_999_999));
    writeFileSync(
      join(p.dir, "src", "app.ts"),
      base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = 6;\n"),
    );
    const screen = startTmux({
      name: "tui-images",
      cwd: p.dir,
      env: p.env,
      command: [opencodeBinary()],
      width: 160,
      height: 40,
    });
    try {
      await screen.waitFor(home, 120_000);
      screen.keys("C-x", "v");
      const opened = await screen.waitFor((s) => s.includes("›▼ assets/bomb.png") && s.includes("src/app.ts"), 30_000);
      screen.save("opened");
      expect(opened).not.toContain("›▼ src/app.ts");
      // The line says what the header claims and why it is not decoded.
      const line = await screen.waitFor(
        (s) => s.includes("PNG 1x40000000 → 1x39999999") && s.includes("could not be decoded"),
        15_000,
      );
      expect(line).toContain("its header claims 1x39999999 pixels");
      // A key press moves the cursor on screen (the old code was still decoding a minute later).
      screen.keys("n");
      await screen.waitFor("›▼ src/app.ts", 10_000);
      screen.keys("p");
      await screen.waitFor("›▼ assets/bomb.png", 10_000);
      screen.save("moved");
    } finally {
      screen.save("last");
      screen.kill();
      p.cleanup();
    }
  }, 300_000);
});
