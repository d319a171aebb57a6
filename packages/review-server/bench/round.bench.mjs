#!/usr/bin/env node
// A round (snapshot the work tree, commit it, keep it under a ref) on a repository of 20,000 files with
// 10 changed, against `git status --porcelain` on the same tree as the baseline, in the same process.
// Target: a round within 2x of status. Needs the built server: pnpm --filter opencode-review build.
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, time } from "../../../scripts/bench-timing.mjs";
import { benchGit, widePath, wideRepository } from "./bench-repository.mjs";
import { openRepository } from "../dist/git/open-repository.js";
import { roundRefName } from "../dist/git/round-ref-name.js";
import { snapshotWorktree } from "../dist/git/snapshot.js";
import { takeRound } from "../dist/git/take-round.js";

const FILES = 20_000;
const CHANGED = 10;
const RUNS = 5;

const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-")));
const git = benchGit(dir);

try {
  await wideRepository(dir, {
    files: FILES,
    text: (i) => `export const value${i} = ${i};\n// line two\n// line three\n`,
  });
  for (let i = 0; i < CHANGED; i++) {
    await writeFile(join(dir, widePath(i * 1999)), `export const changed${i} = true;\n`);
  }

  const repo = await openRepository(dir);
  const status = () => git("status", "--porcelain");
  let ordinal = 0;
  // previous: null and a fresh ref each time, so every run does the whole work: snapshot, commit, ref.
  const round = () => takeRound(repo, { previous: null, ref: roundRefName(repo.branchKey, ++ordinal) });

  // Warm the file system cache for both before measuring.
  await status();
  await round();

  const statusTimes = [];
  const roundTimes = [];
  const snapshotTimes = [];
  for (let r = 0; r < RUNS; r++) {
    statusTimes.push(await time(status));
    roundTimes.push(await time(round));
    snapshotTimes.push(await time(() => snapshotWorktree(repo)));
  }
  const s = median(statusTimes);
  const t = median(roundTimes);
  const n = median(snapshotTimes);
  console.log(`repository: ${FILES} files, ${CHANGED} changed, ${RUNS} runs each, medians`);
  console.log(`git status --porcelain   ${s.toFixed(1)} ms`);
  console.log(`takeRound                ${t.toFixed(1)} ms   ratio ${(t / s).toFixed(2)}x (target <= 2x)`);
  console.log(`  of which snapshot      ${n.toFixed(1)} ms   ratio ${(n / s).toFixed(2)}x`);
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
}
