#!/usr/bin/env node
// Issue 25 target (d): reading every review_list page right after the agent edited files costs one
// listing, not one per page. 500 released threads in 100 files; just before the first page every file is
// edited (so every file is "racily clean": changed within the last second, its stamp not trusted); then
// every page is read, one call after another, as an agent does. The first page locates every thread; a
// later page serves the listing its cursor started from, re-checking only what changed since.
// Target: all pages together within 1.5x the first page alone. Each run is a fresh service on its own copy
// of the database (the first page marks messages delivered); the verdict is the median of the runs'
// ratios, printed with their spread. BENCH_RUNS (default 9) sets the runs. Run: pnpm bench paged-listing.
// Exits 1 when the target is missed.
import { copyFile, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, targetVerdict } from "../../../scripts/bench-timing.mjs";
import { reviewedChange, threadBody as body, threadLine } from "./bench-repository.mjs";
import { bundleService } from "./bench-service.mjs";

const FILES = 100;
const PER_FILE = 5;
const LINES = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET = 1.5;

const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-pages-")));
let bundle;
let missed = 0;

try {
  bundle = await bundleService("paged-listing", [
    'export { createReviewService } from "./src/service/review-service.ts";',
    'export { seedDraftThreads } from "./src/service/testing/seed-draft-threads.ts";',
    'export { createEventBus } from "./src/events/event-bus.ts";',
    'export { openStore } from "./src/store/index.ts";',
  ]);
  const { createReviewService, seedDraftThreads, createEventBus, openStore } = bundle.module;
  const bundleDir = bundle.dir;

  const { paths, changedText: roundText } = await reviewedChange(dir, { files: FILES, lines: LINES, folders: 10 });

  const seeded = join(bundleDir, "seeded.sqlite");
  {
    const store = await openStore({ path: seeded });
    const service = createReviewService({
      now: () => new Date().toISOString(),
      dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    const places = paths.flatMap((file, f) =>
      Array.from({ length: PER_FILE }, (_, k) => ({
        file,
        start: threadLine(k),
        end: threadLine(k) + 1,
        body: body(f, k),
      })),
    );
    await seedDraftThreads(service, places);
    await service.release({});
    await service.context.anchors.written();
    await store.close();
  }

  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    const path = join(bundleDir, `pages-${r}.sqlite`);
    await copyFile(seeded, path);
    const store = await openStore({ path });
    const service = createReviewService({
      now: () => new Date().toISOString(),
      dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    // The agent's edit just before the first page: a line at the top of every file (each run its own text).
    await Promise.all(paths.map((p, f) => writeFile(join(dir, p), `// edited ${r}\n${roundText(f)}`)));
    const started = performance.now();
    let page = await service.agentList({});
    const first = performance.now() - started;
    let pages = 1;
    let threads = page.threads.length;
    while (page.next !== undefined) {
      page = await service.agentList({ cursor: page.next });
      pages++;
      threads += page.threads.length;
    }
    const all = performance.now() - started;
    await service.context.anchors.written();
    await store.close();
    if (threads !== FILES * PER_FILE)
      throw new Error(`the pages returned ${threads} threads, expected ${FILES * PER_FILE}`);
    runs.push({ first, all, pages });
  }
  const ratios = runs.map((r) => r.all / r.first);
  const verdict = targetVerdict("d", TARGET, ratios);
  if (!verdict.met) missed++;
  console.log(
    `every review_list page of ${FILES * PER_FILE} waiting threads in ${FILES} files, every file edited just before the first page (Node, medians of ${RUNS} runs):`,
  );
  console.log(`  the first page alone        ${median(runs.map((r) => r.first)).toFixed(1)} ms`);
  console.log(`  all ${runs[0].pages} pages, one after another  ${median(runs.map((r) => r.all)).toFixed(1)} ms`);
  console.log(`  verdict, all pages against the first page alone: ${verdict.line}`);
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  await bundle?.remove();
}
process.exit(missed > 0 ? 1 : 0);
