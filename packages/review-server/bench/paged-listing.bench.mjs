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
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";

const run = promisify(execFile);
const FILES = 100;
const PER_FILE = 5;
const LINES = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET = 1.5;

const root = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
const bundleDir = await mkdtemp(join(root, "node_modules", ".bench-paged-listing-"));
const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-pages-")));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const git = (cwd, ...args) => run("git", ["-c", "user.name=b", "-c", "user.email=b@b", "-c", "gc.auto=0", ...args], { cwd, maxBuffer: 1 << 28 });
const pathOf = (f) => `src/mod${f % 10}/file${f}.ts`;
const threadLine = (k) => 30 + 50 * k;
const fileText = (f) => Array.from({ length: LINES }, (_, i) => `export const f${f}_${i + 1} = ${i + 1}; // line ${i + 1}`).join("\n") + "\n";
const body = (f, k) => `File ${f}, thread ${k}: this constant should come from the config, not be written out here. Please move it.`;
let missed = 0;

try {
  await build({
    stdin: {
      contents: [
        'export { createReviewService } from "./src/service/review-service.ts";',
        'export { seedDraftThreads } from "./src/service/testing/seed-draft-threads.ts";',
        'export { createEventBus } from "./src/events/event-bus.ts";',
        'export { openStore } from "./src/store/index.ts";',
      ].join("\n"),
      resolveDir: root,
      loader: "ts",
    },
    alias: { "@opencode-review/core": join(root, "..", "review-core", "src", "index.ts") },
    outfile: join(bundleDir, "service.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: [...Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]), "bun:*", "@opencode-ai/plugin"],
    logLevel: "warning",
  });
  const { createReviewService, seedDraftThreads, createEventBus, openStore } = await import(pathToFileURL(join(bundleDir, "service.mjs")).href);

  await git(dir, "init", "-q", "-b", "main");
  const paths = Array.from({ length: FILES }, (_, f) => pathOf(f));
  for (let m = 0; m < 10; m++) await mkdir(join(dir, `src/mod${m}`), { recursive: true });
  await Promise.all(paths.map((p, f) => writeFile(join(dir, p), fileText(f))));
  await git(dir, "add", "-A");
  await git(dir, "commit", "-q", "-m", "base");
  const roundText = (f) => fileText(f).replace(`// line ${LINES}\n`, `// line ${LINES}, changed by the agent\n`);
  await Promise.all(paths.map((p, f) => writeFile(join(dir, p), roundText(f))));

  const seeded = join(bundleDir, "seeded.sqlite");
  {
    const store = await openStore({ path: seeded });
    const service = createReviewService({ now: () => new Date().toISOString(), dir, store, bus: createEventBus(), delivery: { mode: "tools", deliver: async () => null } });
    const places = paths.flatMap((file, f) => Array.from({ length: PER_FILE }, (_, k) => ({ file, start: threadLine(k), end: threadLine(k) + 1, body: body(f, k) })));
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
    const service = createReviewService({ now: () => new Date().toISOString(), dir, store, bus: createEventBus(), delivery: { mode: "tools", deliver: async () => null } });
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
    if (threads !== FILES * PER_FILE) throw new Error(`the pages returned ${threads} threads, expected ${FILES * PER_FILE}`);
    runs.push({ first, all, pages });
  }
  const ratios = runs.map((r) => r.all / r.first);
  const ratio = median(ratios);
  const ok = ratio <= TARGET;
  if (!ok) missed++;
  console.log(`every review_list page of ${FILES * PER_FILE} waiting threads in ${FILES} files, every file edited just before the first page (Node, medians of ${RUNS} runs):`);
  console.log(`  the first page alone        ${median(runs.map((r) => r.first)).toFixed(1)} ms`);
  console.log(`  all ${runs[0].pages} pages, one after another  ${median(runs.map((r) => r.all)).toFixed(1)} ms`);
  console.log(
    `  verdict: all pages ${ratio.toFixed(2)}x the first page, median of ${RUNS} runs (spread ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x; target <= ${TARGET}x) ${ok ? "ok" : "MISSED"}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  await rm(bundleDir, { recursive: true, force: true });
}
process.exit(missed > 0 ? 1 : 0);
