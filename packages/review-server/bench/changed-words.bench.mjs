#!/usr/bin/env node
// The diff with changed words (GET /api/diff's `words` on paired lines) at 20,000 changed lines, against the
// line diff alone on the same change (git's patch, parsed, line counts, blobs: everything but the words),
// measured in pairs of alternating order. Target: within 1.5x. Needs the built server:
// pnpm --filter opencode-review build.
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inAlternatingOrder, median, targetVerdict, timeWithCpu } from "../../../scripts/bench-timing.mjs";
import { benchGit } from "./bench-repository.mjs";
import { openRepository } from "../dist/git/open-repository.js";
import { snapshotWorktree } from "../dist/git/snapshot.js";
import { resolveHead } from "../dist/git/resolve-head.js";
import { limitedDiff } from "../dist/service/rounds/diff-limits.js";

const FILES = 10;
const LINES = 1_000; // each line edited: 10 files x 1,000 lines x (deleted + added) = 20,000 changed lines
const PAIRS = 7;

const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-")));
const git = benchGit(dir);
const text = (f, word) =>
  `${Array.from({ length: LINES }, (_, i) => `  const total${f}_${i} = price${i} * ${word} + offset(${i}, "line ${i}");`).join("\n")}\n`;

try {
  await git("init", "-q", "-b", "main");
  for (let f = 0; f < FILES; f++) await writeFile(join(dir, `file${f}.ts`), text(f, "qty"));
  await git("add", "-A");
  await git("commit", "-q", "-m", "base");
  for (let f = 0; f < FILES; f++) await writeFile(join(dir, `file${f}.ts`), text(f, "quantity"));

  const repo = await openRepository(dir);
  const from = await resolveHead(repo);
  const { tree } = await snapshotWorktree(repo);
  const diff = (words) => limitedDiff(repo, from, tree, { words });

  const check = await diff(true);
  const changed = check.reduce(
    (n, f) => n + f.hunks.reduce((m, h) => m + h.lines.filter((l) => l.kind !== "ctx").length, 0),
    0,
  );
  const worded = check.reduce((n, f) => n + f.hunks.reduce((m, h) => m + h.lines.filter((l) => l.words).length, 0), 0);
  if (changed !== FILES * LINES * 2 || worded !== changed)
    throw new Error(
      `expected ${FILES * LINES * 2} changed lines, all with words; got ${changed}, ${worded} with words`,
    );
  await diff(false); // warm both

  // Judged on CPU time (this process and git's): on a shared machine the wall clock mostly measures the wait for a core.
  const ratios = [];
  const wallRatios = [];
  const lineTimes = [];
  const wordTimes = [];
  for (let r = 0; r < PAIRS; r++) {
    const { lines, words } = await inAlternatingOrder(r, {
      lines: () => timeWithCpu(() => diff(false)),
      words: () => timeWithCpu(() => diff(true)),
    });
    lineTimes.push(lines);
    wordTimes.push(words);
    ratios.push(words.cpu / lines.cpu);
    wallRatios.push(words.wall / lines.wall);
  }
  const ms = (list, key) => median(list.map((t) => t[key])).toFixed(1);
  console.log(`change: ${FILES} files, ${changed} changed lines (every deleted line paired), ${PAIRS} pairs, medians`);
  console.log(`line diff alone          ${ms(lineTimes, "wall")} ms wall, ${ms(lineTimes, "cpu")} ms CPU`);
  console.log(`with changed words       ${ms(wordTimes, "wall")} ms wall, ${ms(wordTimes, "cpu")} ms CPU`);
  console.log(`wall ratio median ${median(wallRatios).toFixed(2)}x (shown, not judged)`);
  console.log(targetVerdict("changed words, CPU", 1.5, ratios, "pairs").line);
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
}
