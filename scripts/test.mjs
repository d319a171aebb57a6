#!/usr/bin/env node
// Runs every test once and ends with the line CI reads: "N passed, N failed[, N skipped]".
// vitest's own summary is not what CI reads, so counts come from its JSON report; extra suites
// (the store under Bun) report their counts through the same line.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensureTmux } from "./ensure-tmux.mjs";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, ".test-results");
if (!ensureChromium()) process.exit(1);
if (!ensureTmux()) process.exit(1);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const report = join(out, "vitest.json");

// The store is the one part that runs under two SQLite drivers: inside opencode only bun:sqlite exists,
// so its cases run under Bun too (they write their counts into .test-results/extra).
const bun = join(root, "packages/review-server/node_modules/.bin/bun");
const bunRun = spawnSync(bun, [join(root, "packages/review-server/scripts/store-under-bun.ts")], {
  cwd: root,
  stdio: "inherit",
});
const bunCrashed = bunRun.status !== 0 && !existsSync(join(out, "extra", "store-bun.json"));
if (bunCrashed) console.error("The store's cases under Bun did not report; counted as one failure.");

const args = [
  "exec",
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync("pnpm", args, { cwd: root, stdio: "inherit" });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, "utf8"));
  passed += json.numPassedTests ?? 0;
  failed += (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0);
  skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}
if (run.status !== 0 && failed === 0) failed = 1; // a crash before any test reported still fails

// Suites run outside vitest write {passed, failed, skipped} JSON files into .test-results/extra.
const extraDir = join(out, "extra");
if (existsSync(extraDir)) {
  for (const name of readdirSync(extraDir)) {
    const r = JSON.parse(readFileSync(join(extraDir, name), "utf8"));
    passed += r.passed ?? 0;
    failed += r.failed ?? 0;
    skipped += r.skipped ?? 0;
  }
}

if (bunCrashed) failed += 1;

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
