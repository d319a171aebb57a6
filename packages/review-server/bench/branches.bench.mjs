#!/usr/bin/env node
// Every branch in one panel, at 10 work trees of 20,000 files each (BRANCHES_BENCH_FILES to change it):
// - the list (GET /api/branches: one snapshot and one diff-tree per work tree), against its floor: `git status
//   --porcelain` in each of the 10 work trees, one after another;
// - the live feed's start (counting and watching every folder of every work tree), against the same floor,
//   with the inotify watches it takes (they must stay inside 8,192) and whether any work tree fell back to polling;
// - an agent's edit in one work tree reaching the list (a `branch` event with its new size): target <= 2 s.
// Needs the built server.
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "../../../scripts/bench-timing.mjs";
import { benchGit, widePath, wideRepository } from "./bench-repository.mjs";
import { createEventBus } from "../dist/events/event-bus.js";
import { branchFeed, createReviewService } from "../dist/service/index.js";
import { openStore } from "../dist/store/index.js";

const FILES = Number(process.env.BRANCHES_BENCH_FILES ?? 20_000);
const WORKTREES = 10;
const RUNS = 3;

const folder = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-branches-")));
const dir = join(folder, "repo");
const now = () => Number(process.hrtime.bigint()) / 1e6;

try {
  const { mkdir } = await import("node:fs/promises");
  await mkdir(dir);
  const git = benchGit(dir);
  await wideRepository(dir, { files: FILES, text: (i) => `export const v${i} = ${i};\n` });
  const trees = [dir];
  for (let w = 1; w < WORKTREES; w++) {
    const path = join(folder, `agent-${w}`);
    await git("worktree", "add", "-q", "-b", `agent-${w}`, path);
    trees.push(path);
  }
  for (const [w, path] of trees.entries())
    await writeFile(join(path, widePath(w * 131)), `export const attempt${w} = ${w};\n`);

  const floor = async () => {
    const start = now();
    for (const path of trees) await benchGit(path)("status", "--porcelain");
    return now() - start;
  };
  await floor();

  const store = await openStore({ path: join(folder, "review.sqlite") });
  const service = createReviewService({
    dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
    now: () => new Date().toISOString(),
  });

  const floorTimes = [];
  const listTimes = [];
  let listed = 0;
  for (let r = 0; r < RUNS; r++) {
    floorTimes.push(await floor());
    const start = now();
    listed = (await service.listBranches()).branches.length;
    listTimes.push(now() - start);
  }

  // The live feed: its start (every work tree watched or polled, the first list published) and one edit.
  const feed = branchFeed({
    db: store.db,
    own: () => service.ownRepository(),
    scopes: service.branchScopes,
    list: (sizes) => service.listBranches(sizes),
  });
  const bus = createEventBus({ feeds: [feed] });
  const seen = new Map();
  let lastEvent = 0;
  const feedStart = now();
  const stop = bus.subscribe((event) => {
    if (event.type !== "branch") return;
    seen.set(event.branch.branch, event.branch);
    lastEvent = now();
  });
  while (seen.size < WORKTREES) await new Promise((resolve) => setTimeout(resolve, 5));
  const startTime = lastEvent - feedStart;
  // The first list is published while the watches are placed: their count is known once placing is done.
  while (feed.state().watches === 0 && feed.state().polled.length === 0)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const state = feed.state();
  const written = now();
  await writeFile(join(trees[7], "new-file-from-agent.ts"), "export const more = true;\n");
  while ((seen.get("agent-7")?.changed.files ?? 0) < 2) await new Promise((resolve) => setTimeout(resolve, 5));
  const edit = now() - written;
  stop();
  await store.close();

  const f = median(floorTimes);
  const l = median(listTimes);
  console.log(`${WORKTREES} work trees of ${FILES} files, ${listed} branches listed, medians of ${RUNS}`);
  console.log(`floor: git status in each work tree   ${f.toFixed(1)} ms`);
  console.log(`GET /api/branches                     ${l.toFixed(1)} ms   ratio ${(l / f).toFixed(2)}x (target <= 2x)`);
  console.log(
    `live feed start (watch + first list)  ${startTime.toFixed(1)} ms   ratio ${(startTime / f).toFixed(2)}x (target <= 3x)`,
  );
  console.log(
    `inotify watches                       ${state.watches} of ${state.budget} (own work tree counted twice), polled: ${state.polled.length}${state.note ? ` (${state.note})` : ""}`,
  );
  console.log(`an edit reaching the list             ${edit.toFixed(1)} ms (target <= 2000 ms)`);
  console.log(
    `verdict: ${l / f <= 2 && startTime / f <= 3 && edit <= 2000 && state.watches <= state.budget ? "GREEN" : "MISSED"}`,
  );
} finally {
  await rm(folder, { recursive: true, force: true, maxRetries: 5 });
}
