// The terminal half's share of GitHub parity (issue 18), in the real opencode TUI under tmux: an image pair's
// line, a file too large to show and its load key, a Markdown body (with terminal escapes in it), go to file,
// and editor text that survives closing the view and restarting opencode.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { createReviewService } from "../service/index.js";
import { openStore } from "../store/index.js";
import { opencodeBinary } from "../testing/opencode-binary.js";
import { makeOpencodeProject, type OpencodeProject } from "../testing/opencode-project.js";
import { packedPluginSuite } from "../testing/packed-plugin-suite.js";
import { hasTmux, SCREENS_DIR, startTmux, tmuxArgs, type TmuxScreen } from "../testing/tmux-screen.js";
import { systemClock } from "../service/clock.js";

const base = Array.from({ length: 10 }, (_, i) => `const line${i + 1} = ${i + 1};`).join("\n") + "\n";
const changed = base.replace("const line5 = 5;\n", "const line5 = 5;\nconst added = line5 * 2;\n");

/** A `width` x `height` PNG of one colour, with a `block` painted in another. */
function png(width: number, height: number, block?: { x: number; y: number; width: number; height: number }): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inside = block && x >= block.x && x < block.x + block.width && y >= block.y && y < block.y + block.height;
      image.data[i] = inside ? 220 : 30;
      image.data[i + 1] = inside ? 40 : 90;
      image.data[i + 2] = (x * 7 + y * 3) % 256; // not one flat colour, so the file has some size
      image.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

// The body quotes escapes a hostile text could carry: OSC 52 (write the clipboard) and CSI 2J (clear the screen).
const markdownBody = [
  "Use **bold words** and `codeSpan` here, see [the docs](https://example.com/x).",
  "- first item",
  "- second item",
  "> quoted line",
  "",
  "Escapes \u001b]52;c;ZXZpbA==\u0007\u001b[2Jafter the escapes.",
].join("\n");

async function parityProject(fakeModelUrl: string, plugin: string): Promise<OpencodeProject> {
  const project = makeOpencodeProject({
    fakeModelUrl,
    plugins: [],
    files: {
      "src/app.ts": base,
      ".gitignore": ".opencode/*\n!.opencode/tui.json\nopencode.json\n",
      ".opencode/tui.json": `${JSON.stringify({ $schema: "https://opencode.ai/tui.json", plugin: [plugin] }, null, 2)}\n`,
    },
  });
  const write = (path: string, bytes: string | Buffer) => {
    mkdirSync(dirname(join(project.dir, path)), { recursive: true });
    writeFileSync(join(project.dir, path), bytes);
  };
  // Committed before the review starts: the base side of the images and the blob.
  write("img/logo.png", png(640, 480));
  write("data/blob.bin", Buffer.alloc(2048, 0)); // NUL bytes: git calls it binary
  execFileSync("git", ["add", "-A"], { cwd: project.dir });
  execFileSync("git", ["commit", "-q", "-m", "fixtures"], { cwd: project.dir });
  // The agent's change: 64x48 of the 640x480 pixels repainted (1.0%), an image added, the blob grown, a huge file.
  write("img/logo.png", png(640, 480, { x: 100, y: 100, width: 64, height: 48 }));
  write("img/new.png", png(32, 16));
  write("data/blob.bin", Buffer.alloc(3072, 0).fill(2, 100, 200));
  write("src/app.ts", changed);
  write("src/big.txt", Array.from({ length: 25_000 }, (_, i) => `big line ${i + 1}`).join("\n") + "\n");

  const repo = await openRepository(project.dir);
  const store = await openStore({ path: defaultDbPath(repo) });
  const service = createReviewService({
    now: systemClock,
    dir: project.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "prose", deliver: async () => null },
  });
  await service.draftThread({ file: "src/app.ts", side: "new", start: 9, end: 9, body: markdownBody });
  await service.release({});
  await store.close();
  return project;
}

/** Whether `text` is drawn bold in a line captured with its SGR attributes (`capture-pane -e`). */
function boldAt(line: string, text: string): boolean | null {
  let bold = false;
  let plain = "";
  for (let i = 0; i < line.length; ) {
    const sgr = /^\u001b\[([0-9;:]*)m/.exec(line.slice(i));
    if (sgr) {
      const params = sgr[1] === "" ? [0] : sgr[1]!.split(/[;:]/).map(Number);
      for (let j = 0; j < params.length; j++) {
        const p = params[j]!;
        if (p === 38 || p === 48 || p === 58)
          j += params[j + 1] === 5 ? 2 : 4; // a colour's own numbers
        else if (p === 0) bold = false;
        else if (p === 1) bold = true;
        else if (p === 22) bold = false;
      }
      i += sgr[0].length;
      continue;
    }
    plain += line[i];
    if (plain.endsWith(text)) return bold;
    i++;
  }
  return null;
}

describe.skipIf(!hasTmux())("GitHub parity in opencode's terminal (real opencode under tmux)", () => {
  const opencode = packedPluginSuite();

  it("shows the image pair's line, a binary's sizes, a too-large file's own line and L, a Markdown body without its marks or escapes, t to go to a file, and keeps editor text across closing and restarting", async () => {
    const project = await parityProject(opencode.model.url, opencode.plugin);
    const start = (name: string) =>
      startTmux({ name, cwd: project.dir, env: project.env, command: [opencodeBinary()], width: 160, height: 48 });
    let screen: TmuxScreen = start("tui-parity");
    const step = async (keys: string[], expected: string | ((s: string) => boolean), label: string) => {
      screen.keys(...keys);
      const seen = await screen.waitFor(expected, 20_000);
      screen.save(label);
      return seen;
    };
    try {
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 120_000);
      // The clipboard is open to programs in this pane: an OSC 52 that got through would land in tmux's buffers.
      spawnSync("tmux", tmuxArgs("set-option", "-s", "set-clipboard", "on"), { stdio: "ignore" });
      const opened = await step(
        ["C-x", "v"],
        (s) => /PNG 640x480 · .* of pixels changed/.test(s) && s.includes("bold words"),
        "opened",
      );

      // Images and binaries: one line each.
      expect(opened).toMatch(/◆ PNG 640x480 · \d+ (B|KB) → \d+ (B|KB) · 1\.0% of pixels changed/);
      expect(opened).toMatch(/◆ PNG 32x16 · \d+ (B|KB) \(added\)/);
      expect(opened).toMatch(/◆ binary · 2 KB → 3 KB/);

      // Markdown: the words without their marks; the link's address shown; the escapes gone, the text after them kept.
      expect(opened).toContain("Use bold words and codeSpan here, see the docs (https://example.com/x).");
      expect(opened).not.toContain("**bold");
      expect(opened).not.toContain("`codeSpan`");
      expect(opened).toMatch(/• first item/);
      expect(opened).toMatch(/│ quoted line/);
      expect(opened).toContain("Escapes after the escapes.");
      expect(opened).toContain("Review · main"); // the header survived a CSI 2J in a body
      // The styles themselves, from the pane's own attributes: the bold run is drawn bold, the plain words before it not.
      const withAttributes = spawnSync("tmux", tmuxArgs("capture-pane", "-e", "-p", "-t", screen.name), {
        encoding: "utf8",
      }).stdout;
      writeFileSync(join(SCREENS_DIR, `${screen.name}-opened-styled.txt`), withAttributes);
      const styled = withAttributes.split("\n").find((l) => l.includes("bold words")) ?? "";
      expect(boldAt(styled, "bold words")).toBe(true);
      expect(boldAt(styled, "Use ")).toBe(false);
      expect(boldAt(styled, "codeSpan")).toBe(false);
      expect(spawnSync("tmux", tmuxArgs("show-buffer"), { encoding: "utf8" }).stdout ?? "").not.toContain("evil");
      expect(opened).toMatch(/src\/big\.txt\s+added \+25000 -0 · too large/);
      expect(opened).toMatch(/⚠ L loads it · This file is too large to show/);

      // Go to file: f, a few letters, Enter: the cursor is on that file's header.
      await step(["t"], "Go to file", "finder");
      screen.type("lgo");
      const listed = await screen.waitFor((s) => /› img\/logo\.png/.test(s), 10_000);
      screen.save("finder-typed");
      expect(listed).not.toContain("› src/app.ts");
      await step(["Enter"], (s) => s.includes("›▼ img/logo.png") && !s.includes("Go to file"), "went-to-logo");

      // A whole-file comment on the image.
      await step(["C"], "Comment on img/logo.png (whole file)", "image-editor");
      screen.type("Image words");
      await step(
        ["Enter"],
        (s) => s.includes("whole file · DRAFT") && s.includes("you (draft): Image words"),
        "image-drafted",
      );

      // The too-large file, loaded with L.
      await step(["t"], "Go to file", "finder-2");
      screen.type("big.txt");
      await screen.waitFor("› src/big.txt", 10_000);
      await step(["Enter"], "›▼ src/big.txt", "on-big");
      await step(["L"], (s) => s.includes("src/big.txt loaded in full.") && /\+ big line 1\b/.test(s), "big-loaded");

      // Text typed into the editor survives Escape and closing the view.
      await step(["t"], "Go to file", "finder-3");
      screen.type("app.ts");
      await screen.waitFor("› src/app.ts", 10_000);
      await step(["Enter"], "›▼ src/app.ts", "on-app");
      await step(["]", "j", "j", "j", "c"], "Comment on src/app.ts:6", "app-editor");
      screen.type("Kept across closing");
      await screen.waitFor("Kept across closing", 10_000);
      await step(["Escape"], "Kept your words for src/app.ts:6", "put-away");
      await step(["q"], (s) => !s.includes("Review · main"), "closed");
      await step(["C-x", "v"], "Review · main", "reopened");
      await step(["t"], "Go to file", "finder-4");
      screen.type("app.ts");
      await screen.waitFor("› src/app.ts", 10_000);
      await step(["Enter"], "›▼ src/app.ts", "on-app-again");
      const back = await step(
        ["]", "j", "j", "j", "c"],
        (s) => s.includes("Comment on src/app.ts:6") && s.includes("Kept across closing"),
        "words-back",
      );
      expect(back).toContain("Your unsaved words are back");

      // ...and opencode's end with the editor open: the next start opens it again with the words.
      screen.type(" and a restart");
      await screen.waitFor("Kept across closing and a restart", 10_000);
      screen.save("before-restart");
      const kept = join(dirname(defaultDbPath(await openRepository(project.dir))), "unsent-text.json");
      expect(existsSync(kept)).toBe(true);
      expect(statSync(kept).mode & 0o777).toBe(0o600);
      expect(readFileSync(kept, "utf8")).toContain("Kept across closing and a restart");
      screen.kill();

      screen = start("tui-parity-restarted");
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 120_000);
      const restored = await step(
        ["C-x", "v"],
        (s) => s.includes("Comment on src/app.ts:6") && s.includes("Kept across closing and a restart"),
        "restarted",
      );
      expect(restored).toContain("Your unsaved words are back");
      // The poll can draw the new draft before the save itself returns: wait for the save's own word.
      await step(
        ["Enter"],
        (s) =>
          s.includes("you (draft): Kept across closing and a restart") && s.includes("Draft saved on src/app.ts:6"),
        "saved",
      );
      expect(existsSync(kept) ? readFileSync(kept, "utf8") : "").not.toContain("Kept across closing");

      // ctrl+g discards: the words are gone from the file, and c on the same place opens an empty editor.
      await step(["j", "j", "c"], "Comment on src/app.ts:7", "discard-editor");
      screen.type("Words to throw away");
      await screen.waitFor(
        () => (existsSync(kept) ? readFileSync(kept, "utf8") : "").includes("Words to throw away"),
        10_000,
      );
      await step(["C-g"], (s) => s.includes("Discarded.") && !s.includes("Comment on src/app.ts:7"), "discarded");
      expect(existsSync(kept) ? readFileSync(kept, "utf8") : "").not.toContain("Words to throw away");
      const empty = await step(["c"], "Comment on src/app.ts:7", "empty-again");
      expect(empty).not.toContain("Words to throw away");
    } finally {
      screen.save("last");
      screen.kill();
    }
  }, 600_000);

  it("at 80x24: the image line, the too-large line with its key, and go to file fit the narrow screen", async () => {
    const project = await parityProject(opencode.model.url, opencode.plugin);
    const screen = startTmux({
      name: "tui-parity-80",
      cwd: project.dir,
      env: project.env,
      command: [opencodeBinary()],
      width: 80,
      height: 24,
    });
    try {
      await screen.waitFor((s) => s.includes("Ask anything") || s.includes("ctrl+p"), 120_000);
      screen.keys("C-x", "v");
      const opened = await screen.waitFor((s) => s.includes("1.0% of"), 30_000);
      screen.save("opened");
      expect(opened).toMatch(/◆ PNG 640x480 · \d+ KB → \d+ KB · 1\.0% of/);
      // t finds a file, as in the web panel (and GitHub).
      screen.keys("t");
      await screen.waitFor("Go to file", 10_000);
      screen.type("big");
      const found = await screen.waitFor("› src/big.txt", 10_000);
      screen.save("finder");
      for (const line of found.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
      screen.keys("Enter");
      const big = await screen.waitFor((s) => s.includes("›▼ src/big.txt") && s.includes("⚠ L loads it"), 10_000);
      screen.save("on-big");
      expect(big).not.toContain("Go to file");
    } finally {
      screen.save("last");
      screen.kill();
    }
  }, 300_000);
});
