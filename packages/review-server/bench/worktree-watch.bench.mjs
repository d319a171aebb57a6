#!/usr/bin/env node
// Noticing the work tree's changes on a repository of 20,000 files (400 folders): what the live panels pay.
// Against `git status --porcelain` on the same tree (what polling would pay every time), in the same process:
// - start: watching every folder git would look in (one `git ls-files`, one watch per folder), paid once
//   when a panel opens;
// - per change: from a file written to the panels told (settle time left out), which is the check-ignore
//   of the burst, against one status;
// - idle: what watching costs while nothing changes (nothing: no timer, no poll), shown as the CPU time used
//   over 2 s.
// Target: start within 2x of one status; a change within 1x of one status. Needs the built server.
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "../../../scripts/bench-timing.mjs";
import { benchGit, widePath, wideRepository } from "./bench-repository.mjs";
import { watchWorktree } from "../dist/git/worktree-watch.js";

const FILES = 20_000;
const RUNS = 7;

const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-")));
const git = benchGit(dir);
const now = () => Number(process.hrtime.bigint()) / 1e6;

try {
  await wideRepository(dir, { files: FILES, text: (i) => `export const v${i} = ${i};\n` });
  const status = async () => {
    const start = now();
    await git("status", "--porcelain");
    return now() - start;
  };
  await status();

  const statusTimes = [];
  const startTimes = [];
  const changeTimes = [];
  let watchedFolders = 0;
  for (let r = 0; r < RUNS; r++) {
    statusTimes.push(await status());
    const begin = now();
    let told = null;
    const watch = await watchWorktree({ workTree: dir }, { settleMs: 0, onChange: () => (told ??= now()) });
    startTimes.push(now() - begin);
    watchedFolders = watch.folders();
    const written = now();
    await writeFile(join(dir, widePath(r * 97)), `export const changed${r} = true;\n`);
    while (told === null) await new Promise((resolve) => setTimeout(resolve, 1));
    changeTimes.push(told - written);
    watch.close();
  }

  const watch = await watchWorktree({ workTree: dir }, { onChange: () => {} });
  const cpu = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = process.cpuUsage(cpu);
  watch.close();

  const s = median(statusTimes);
  const w = median(startTimes);
  const c = median(changeTimes);
  console.log(`repository: ${FILES} files in ${watchedFolders} watched folders, ${RUNS} runs each, medians`);
  console.log(`git status --porcelain   ${s.toFixed(1)} ms`);
  console.log(`watch start              ${w.toFixed(1)} ms   ratio ${(w / s).toFixed(2)}x (target <= 2x)`);
  console.log(`a change noticed         ${c.toFixed(1)} ms   ratio ${(c / s).toFixed(2)}x (target <= 1x)`);
  console.log(
    `idle, 2 s watching       ${((idle.user + idle.system) / 1000).toFixed(1)} ms of CPU (polling status every 2 s would be ~${s.toFixed(0)} ms)`,
  );
  console.log(`verdict: ${w / s <= 2 && c / s <= 1 ? "GREEN" : "MISSED"}`);
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
}
