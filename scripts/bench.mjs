#!/usr/bin/env node
// Runs every benchmark file (packages/*/bench/*.bench.mjs, built code) one after another.
// Each prints its own ratios against a baseline measured in the same process.
import { spawnSync } from "node:child_process";
import { readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureTmux } from "./ensure-tmux.mjs";

const root = new URL("..", import.meta.url).pathname;
const only = process.argv[2];
let failed = 0;
const haveChromium = ensureChromium();
// The terminal half's benchmark drives the real opencode TUI in tmux.
if (!only || "tui".includes(only)) ensureTmux();
for (const pkg of readdirSync(join(root, "packages"))) {
  const dir = join(root, "packages", pkg, "bench");
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".bench.mjs"))
    .sort()) {
    if (only && !file.includes(only)) continue;
    if (pkg === "review-panel" && !haveChromium) {
      console.log(`\n== ${pkg}/bench/${file}: skipped, Chromium is missing`);
      failed++;
      continue;
    }
    console.log(`\n== ${pkg}/bench/${file}`);
    const r = spawnSync(process.execPath, ["--expose-gc", join(dir, file)], { stdio: "inherit", cwd: root });
    if (r.status !== 0) failed++;
  }
}
process.exit(failed ? 1 : 0);
