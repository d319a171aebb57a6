#!/usr/bin/env node
// The terminal half inside the real opencode TUI (under tmux, 160x48), for a change of about 2,000 and 20,000
// added lines (30 and 300 files, three hunks each): open-to-first-frame (ctrl+x v until the header and the
// first file are on screen), and key press to the next frame for j, n and ] (send-keys until the screen
// differs: what a person sees, tmux's own delay included). Each is printed with its ratio to `git diff` of
// the same change, timed here too. Targets: a cursor move within one frame (16 ms) at 20,000 lines; open
// within 2x of that git diff.
// Packs and npm-installs the package as a user would (like the tests); needs tmux and the opencode-ai binary.
// Through tmux the floor is opencode's own (a letter typed into its prompt, its palette opening: printed
// beside), so the same keys are also timed in this process on the terminal panel's own work (rows, layout,
// cursor, the window of lines on screen and their syntax colours) over the same sizes.
// BENCH_PRESSES (default 20) key presses per key; BENCH_TMUX=0 runs only the in-process part.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, quantile } from "../../../scripts/bench-timing.mjs";

const serverPackage = fileURLToPath(new URL("..", import.meta.url));
const PRESSES = Number(process.env.BENCH_PRESSES ?? 20);
const SIZES = [
  { lines: 2_000, files: 30 },
  { lines: 20_000, files: 300 },
];

if (spawnSync("tmux", ["-V"]).status !== 0) {
  console.error("tui bench: tmux is missing (apt-get install tmux)");
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "opencode-review-tui-bench-"));
const sessions = [];
process.on("exit", () => {
  for (const name of sessions) spawnSync("tmux", ["kill-session", "-t", name], { stdio: "ignore" });
  rmSync(work, { recursive: true, force: true });
});

function opencodeBinary() {
  const require = createRequire(join(serverPackage, "package.json"));
  const manifestPath = require.resolve("opencode-ai/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin.opencode;
  return join(dirname(manifestPath), bin);
}

function install() {
  const packed = join(work, "packed");
  mkdirSync(packed);
  execFileSync("pnpm", ["pack", "--pack-destination", packed], { cwd: serverPackage, stdio: "ignore" });
  const tarball = join(
    packed,
    readdirSync(packed).find((f) => f.endsWith(".tgz")),
  );
  const dir = join(work, "installed");
  mkdirSync(dir);
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", dir, tarball], {
    cwd: dir,
    stdio: "ignore",
  });
  return join(dir, "node_modules", "opencode-review");
}

function git(dir, ...args) {
  return execFileSync("git", args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 });
}

/** A repository whose work tree adds `lines` lines over `files` files, in three hunks per file. */
function project(plugin, size, home, label = `repo-${size.lines}`) {
  const dir = join(work, label);
  mkdirSync(join(dir, ".opencode"), { recursive: true });
  const perHunk = Math.ceil(size.lines / size.files / 3);
  const baseLines = (f) => Array.from({ length: 90 }, (_, i) => `export const v${f}_${i} = ${i};`);
  for (let f = 0; f < size.files; f++) {
    const folder = join(dir, "src", `m${Math.floor(f / 20)}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `f${f}.ts`), baseLines(f).join("\n") + "\n");
  }
  writeFileSync(join(dir, ".gitignore"), ".opencode/*\n!.opencode/tui.json\nopencode.json\n");
  writeFileSync(join(dir, ".opencode", "tui.json"), JSON.stringify({ plugin: plugin ? [plugin] : [] }));
  writeFileSync(join(dir, "opencode.json"), JSON.stringify({ autoupdate: false, share: "disabled", plugin: [] }));
  git(dir, "init", "-q", "-b", "main");
  git(dir, "-c", "user.name=b", "-c", "user.email=b@b", "add", "-A");
  git(dir, "-c", "user.name=b", "-c", "user.email=b@b", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "base");
  for (let f = 0; f < size.files; f++) {
    const lines = baseLines(f);
    const out = [];
    lines.forEach((line, i) => {
      out.push(line);
      if (i === 10 || i === 40 || i === 70)
        for (let k = 0; k < perHunk; k++) out.push(`  const added${i}_${k} = compute(${k}); // change`);
    });
    writeFileSync(join(dir, "src", `m${Math.floor(f / 20)}`, `f${f}.ts`), out.join("\n") + "\n");
  }
  const env = {
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    PWD: dir,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_CACHE_HOME: join(home, "cache"),
    XDG_DATA_HOME: join(home, `data-${size.lines}`),
    XDG_STATE_HOME: join(home, `state-${size.lines}`),
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
  };
  return { dir, env };
}

const p90 = (values) => quantile(values, 0.9);

function capture(name) {
  return spawnSync("tmux", ["capture-pane", "-p", "-t", name], { encoding: "utf8" }).stdout ?? "";
}
function waitFor(name, test, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const screen = capture(name);
    if (test(screen)) return screen;
    if (Date.now() > until) throw new Error(`tui bench: timed out waiting; last screen:\n${screen}`);
    spawnSync("sleep", ["0.05"]);
  }
}
/** ms from sending `key` until the screen differs from what it was (polled as fast as tmux answers). */
function pressToFrame(name, key) {
  const before = capture(name);
  const start = performance.now();
  execFileSync("tmux", ["send-keys", "-t", name, key]);
  for (;;) {
    const now = capture(name);
    if (now !== before) return performance.now() - start;
    if (performance.now() - start > 5_000) return Number.NaN;
  }
}
/** ms for one `git diff` of the change, the floor every diff view pays (median of 5). */
function gitDiffMs(dir) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    git(dir, "diff", "HEAD");
    times.push(performance.now() - start);
  }
  return median(times);
}

await inProcess();
if (process.env.BENCH_TMUX === "0") process.exit(0);

/** The panel's own work per open and per key, bundled from its source with solid-js's reactive build. */
async function inProcess() {
  const { build } = await import("esbuild");
  const panel = join(serverPackage, "../review-panel/src");
  const entry = `
    import { createRoot } from "solid-js";
    import { buildRows } from ${JSON.stringify(join(panel, "state/diff/diff-rows.ts"))};
    import { createCursor } from ${JSON.stringify(join(panel, "state/navigation/cursor.ts"))};
    import { followCursor } from ${JSON.stringify(join(panel, "state/navigation/viewport.ts"))};
    import { layout } from ${JSON.stringify(join(panel, "tui/screen-lines.ts"))};
    import { syntaxTokens } from ${JSON.stringify(join(panel, "tui/syntax-tokens.ts"))};
    function filesOf(size) {
      const perHunk = Math.ceil(size.lines / size.files / 3);
      const files = Array.from({ length: size.files }, (_, f) => ({
        path: "src/m" + Math.floor(f / 20) + "/f" + f + ".ts", oldPath: null, status: "modified", binary: false,
        hunks: [10, 40, 70].map((at, h) => ({
          oldStart: at - 2, oldLines: 6, newStart: at - 2 + h * perHunk, newLines: 6 + perHunk,
          lines: [
            ...[0, 1, 2].map((k) => ({ kind: "ctx", old: at - 2 + k, new: at - 2 + h * perHunk + k, text: "export const v" + f + "_" + k + " = " + k + ";" })),
            ...Array.from({ length: perHunk }, (_, k) => ({ kind: "add", old: null, new: at + 1 + h * perHunk + k, text: "  const added" + at + "_" + k + " = compute(" + k + "); // change" })),
            ...[3, 4, 5].map((k) => ({ kind: "ctx", old: at - 2 + k, new: at - 2 + (h + 1) * perHunk + k, text: "export const v" + f + "_" + k + " = " + k + ";" })),
          ],
        })),
      }));
      return files;
    }
    const range = { from: "base", to: "worktree" };
    // A review thread on every hunk's first added line with a Markdown body (bold, a code span, a list, a
    // quote, a fenced block), the way layout meets them: each body is lexed when the rows are laid out.
    const tick = String.fromCharCode(96);
    const body = ["Use **bold words** and " + tick + "codeSpan" + tick + " here", "- first", "- second", "> quoted", tick.repeat(3) + "ts", "const a = 1;", tick.repeat(3)].join(String.fromCharCode(10));
    function threadsOf(files) {
      return files.flatMap((file) => file.hunks.map((hunk, h) => {
        const line = hunk.lines[3].new;
        return {
          id: file.path + "#" + h, file: file.path, side: "new", start: line, end: line, round: { id: "r", ordinal: 1 }, quoted: [], context: { before: [], after: [] },
          anchor: { state: "current", start: line, end: line }, status: "open", awaiting: "human", origin: "human", resolvedAt: null, resolvedBy: null, unreadByHuman: false,
          createdAt: "", updatedAt: "", messages: [{ id: "m" + file.path + h, author: "agent", body, suggestion: null, createdAt: "", delivery: "sent" }],
        };
      }));
    }
    export function layoutWithThreads(size) {
      const files = filesOf(size);
      const threads = threadsOf(files);
      const build = (threadsIn, bodies) => {
        const t0 = performance.now();
        const rows = buildRows({ files, threads: threadsIn, range, view: "unified" }).rows;
        const screen = layout(rows, { width: 124, view: "unified", collapsed: new Set(), ...(bodies ? { bodies } : {}) });
        for (let i = 0; i < Math.min(screen.total, 46); i++) screen.line(i);
        return performance.now() - t0;
      };
      const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
      // The view's memo of bodies read as Markdown, filled by the layout before: what a poll's relayout meets.
      // Off and on are timed in pairs, one right after the other, so a busy moment on these shared cores
      // lands on both sides of a pair; the verdict is the median of the pairs' ratios.
      const bodies = new Map();
      build(threads, bodies);
      const none = [], off = [], on = [], ratios = [];
      for (let k = 0; k < 15; k++) {
        none.push(build([]));
        const a = build(threads);
        const b = build(threads, bodies);
        off.push(a);
        on.push(b);
        ratios.push(a / b);
      }
      return { threads: threads.length, without: median(none), with: median(off), memo: median(on), ratio: median(ratios) };
    }
    export function run(size, presses) {
      const files = filesOf(size);
      return createRoot((dispose) => {
        // Median of 7 builds: one build on these shared cores can land on a collector pause.
        const builds = [];
        let rows, screen;
        for (let b = 0; b < 7; b++) {
          const t0 = performance.now();
          rows = buildRows({ files, threads: [], range, view: "unified" }).rows;
          screen = layout(rows, { width: 124, view: "unified", collapsed: new Set() });
          let first = 0;
          for (let i = 0; i < Math.min(screen.total, 46); i++) first += screen.line(i).pieces.length;
          builds.push(performance.now() - t0);
        }
        const open = builds.sort((a, b) => a - b)[3];
        const cursor = createCursor(() => rows);
        let top = 0;
        const frame = () => {
          top = followCursor({ top, cursor: screen.starts[cursor.index()] ?? 0, height: 46, total: screen.total });
          let n = 0;
          for (let i = top; i < Math.min(screen.total, top + 46); i++) for (const p of screen.line(i).pieces) if (p.code) n += syntaxTokens(p.text).length;
          return n;
        };
        frame();
        const keys = { j: () => cursor.down(), n: () => cursor.nextFile(), "]": () => cursor.nextHunk() };
        const times = {};
        for (const [key, press] of Object.entries(keys)) {
          times[key] = [];
          for (let i = 0; i < presses; i++) {
            const s = performance.now();
            press();
            frame();
            times[key].push(performance.now() - s);
          }
        }
        dispose();
        return { open, times, lines: screen.total };
      });
    }`;
  const out = join(work, "panel-work.mjs");
  await build({
    stdin: { contents: entry, resolveDir: panel, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    conditions: ["browser"],
    outfile: out,
    logLevel: "warning",
    alias: { "@opencode-review/core": join(serverPackage, "../review-core/src/index.ts") },
  });
  const { run, layoutWithThreads } = await import(out);
  console.log("in this process, the terminal panel's own work (ms):");
  for (const size of SIZES) run(size, 5); // the JIT warmed on both sizes first
  for (const size of SIZES) layoutWithThreads(size);
  for (const size of SIZES) {
    const { open, times, lines } = run(size, 200);
    const floor = (() => {
      const { dir } = project(null, size, join(work, "home-inproc"), `inproc-${size.lines}`);
      return gitDiffMs(dir);
    })();
    const keys = Object.entries(times)
      .map(([key, t]) => `${key} ${median(t).toFixed(3)} / ${p90(t).toFixed(3)} (${(median(t) / floor).toFixed(4)}x)`)
      .join("; ");
    console.log(
      `  ${size.lines} lines (${lines} screen lines): rows and layout ${open.toFixed(1)} ms, ${(open / floor).toFixed(2)}x git diff ${floor.toFixed(1)} ms; per key (median / p90): ${keys}`,
    );
    const bodies = layoutWithThreads(size);
    console.log(
      `  ${size.lines} lines with ${bodies.threads} threads of Markdown bodies: rows and layout ${bodies.with.toFixed(1)} ms, ${bodies.memo.toFixed(1)} ms with the bodies memo ` +
        `(no threads: ${bodies.without.toFixed(1)} ms; memo off / on ${bodies.ratio.toFixed(2)}x, median of 15 pairs; ${(bodies.memo / floor).toFixed(2)}x git diff)`,
    );
  }
}

const plugin = install();
const home = join(work, "home");
const bin = opencodeBinary();
console.log(`presses per key: ${PRESSES}; screen 160x48; times in ms (median, p90)`);
for (const size of SIZES) {
  const { dir, env } = project(plugin, size, home);
  const changed = git(dir, "diff", "HEAD", "--numstat")
    .toString()
    .trim()
    .split("\n")
    .reduce((n, line) => n + Number(line.split("\t")[0]), 0);
  const floor = gitDiffMs(dir);
  const name = `tui-bench-${size.lines}`;
  sessions.push(name);
  const quote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
  const line = ["env", ...Object.entries(env).map(([k, v]) => `${k}=${quote(v)}`), quote(bin)].join(" ");
  execFileSync("tmux", ["new-session", "-d", "-s", name, "-x", "160", "-y", "48", "-c", dir, line]);
  waitFor(name, (s) => s.includes("ctrl+p") || s.includes("Ask anything"), 180_000);
  // Let start-up work (plugin load, first listing) settle before timing the open.
  spawnSync("sleep", ["3"]);
  // The floor of this harness in opencode itself: a letter typed into its prompt, and its command palette opening.
  const typed = [];
  for (let i = 0; i < PRESSES; i++) {
    typed.push(pressToFrame(name, i % 2 === 0 ? "x" : "BSpace"));
    spawnSync("sleep", ["0.05"]);
  }
  const palette = [];
  for (let i = 0; i < 3; i++) {
    palette.push(pressToFrame(name, "C-p"));
    waitFor(name, (s) => s.includes("Commands"), 10_000);
    execFileSync("tmux", ["send-keys", "-t", name, "Escape"]);
    waitFor(name, (s) => !s.includes("Commands"), 10_000);
    spawnSync("sleep", ["0.3"]);
  }
  const opens = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    execFileSync("tmux", ["send-keys", "-t", name, "C-x", "v"]);
    waitFor(name, (s) => s.includes("Review · main") && /▼ src\//.test(s), 60_000);
    opens.push(performance.now() - start);
    execFileSync("tmux", ["send-keys", "-t", name, "q"]);
    waitFor(name, (s) => !s.includes("Review · main"), 10_000);
  }
  execFileSync("tmux", ["send-keys", "-t", name, "C-x", "v"]);
  waitFor(name, (s) => s.includes("Review · main") && /▼ src\//.test(s), 60_000);
  spawnSync("sleep", ["1"]);
  const results = {};
  for (const key of ["j", "n", "]"]) {
    const times = [];
    for (let i = 0; i < PRESSES; i++) {
      times.push(pressToFrame(name, key));
      spawnSync("sleep", ["0.05"]);
    }
    results[key] = times.filter((t) => Number.isFinite(t));
  }
  writeFileSync(join(work, `${name}.txt`), capture(name));
  spawnSync("tmux", ["kill-session", "-t", name]);
  console.log(`\n${changed} changed lines in ${size.files} files; git diff: ${floor.toFixed(1)} ms`);
  console.log(
    `  floor in opencode itself: a letter typed in its prompt ${median(typed.filter(Number.isFinite)).toFixed(1)} / ${p90(typed.filter(Number.isFinite)).toFixed(1)} ms; its command palette opening ${median(palette).toFixed(0)} ms`,
  );
  const openMs = median(opens);
  console.log(
    `  open to first frame: ${openMs.toFixed(0)} ms (of ${opens.map((o) => o.toFixed(0)).join(", ")}), ${(openMs / floor).toFixed(2)}x git diff (target <= 2x)`,
  );
  for (const [key, times] of Object.entries(results)) {
    const m = median(times);
    console.log(
      `  ${key}: ${m.toFixed(1)} / ${p90(times).toFixed(1)} ms, ${(m / floor).toFixed(2)}x git diff (${times.length} presses; target <= 16 ms)`,
    );
  }
}
