#!/usr/bin/env node
// A round (snapshot the work tree, commit it, keep it under a ref) on a repository of 20,000 files with
// 10 changed, against `git status --porcelain` on the same tree as the baseline, in the same process.
// Target: a round within 2x of status. Needs the built server: pnpm --filter opencode-review build.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { openRepository } from "../dist/git/open-repository.js";
import { roundRefName } from "../dist/git/round-ref-name.js";
import { snapshotWorktree } from "../dist/git/snapshot.js";
import { takeRound } from "../dist/git/take-round.js";

const run = promisify(execFile);
const FILES = 20_000;
const CHANGED = 10;
const RUNS = 5;

const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-")));
const git = (...args) =>
  run("git", ["-c", "user.name=b", "-c", "user.email=b@b", "-c", "gc.auto=0", ...args], { cwd: dir, maxBuffer: 1 << 28 });

function pathOf(i) {
  // 20 top folders x 20 sub folders x 50 files: nesting like a real project's src tree.
  return join(`pkg${i % 20}`, `mod${Math.floor(i / 20) % 20}`, `file${i}.ts`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

try {
  await git("init", "-q", "-b", "main");
  const folders = new Set();
  for (let i = 0; i < FILES; i++) folders.add(join(dir, pathOf(i), ".."));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  for (let i = 0; i < FILES; i += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, FILES - i) }, (_, k) =>
        writeFile(join(dir, pathOf(i + k)), `export const value${i + k} = ${i + k};\n// line two\n// line three\n`),
      ),
    );
  }
  await git("add", "-A");
  await git("commit", "-q", "-m", "generated");
  for (let i = 0; i < CHANGED; i++) {
    await writeFile(join(dir, pathOf(i * 1999)), `export const changed${i} = true;\n`);
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
