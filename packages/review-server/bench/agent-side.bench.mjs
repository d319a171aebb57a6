#!/usr/bin/env node
// The agent's side on 500 released threads in 100 files (issue 15), three measurements with their floors
// in the same run:
//  1. Reading every waiting thread through review_list's pages: calls and bytes against the floor of
//     each thread's own text (its block as one page shows it) times 500. Targets: calls =
//     ceil(bytes / 20 KB), bytes within 1.2x of the floor.
//  2. Cold: a fresh process that imports the built plugin (dist/plugin.js), calls its server() and then
//     review_list, against a fresh process that runs the same `git diff` and reads the same files; once
//     after the threads were shown by an earlier process (the usual case: the person reviewed them in the
//     panel; the anchors it located are kept in the store and reused) and once with nothing located before
//     (every file changed since), shown but not judged.
//     Both timed from the process's own start (performance.now() at the end), under Node and under Bun.
//     This was issue 15's target (within 2x); issue 25 replaced it with (b), so it is shown, not judged.
//     Each run gets its own copy of the database (the first list marks the messages delivered).
//     Issue 25 target (b), from the same processes: the first review_list once the plugin has loaded
//     (server() returned, its server up, and the waiting threads read ahead as the plugin does at start),
//     against the same git diff and reads run afterwards in that process, now warm. Target: within 2x.
//  3. The plugin's start until the tools answer (import, server(), a review_list on an empty review)
//     against a bare import of the bundle. Target: within 3x.
// The machine is shared and noisy, so each run is a pair (the plugin's process and its floor's, one right
// after the other, in alternating order so neither always finds the page cache warmed by the other); the
// verdict is the median of the pairs' ratios, printed with their spread. BENCH_RUNS (default 9) sets the
// pairs per measurement; BENCH_CPU_PROF=<folder> keeps each Node child's CPU profile. Run: pnpm bench
// agent-side (builds first). Exits 1 when a target is missed.
import { spawnSync } from "node:child_process";
import { copyFile, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { inAlternatingOrder, median, spreadOf, targetVerdict } from "../../../scripts/bench-timing.mjs";
import { benchGit, reviewedChange, threadBody as body, threadLine } from "./bench-repository.mjs";
import { bundleService } from "./bench-service.mjs";

const FILES = 100;
const PER_FILE = 5;
const LINES = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const PAGE_BYTES = 20_000;

const root = fileURLToPath(new URL("..", import.meta.url));
const plugin = join(root, "dist", "plugin.js");
const bun = join(root, "node_modules", ".bin", "bun");
const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-agent-")));
const empty = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-empty-")));
let bundle;
let bundleDir;
let missed = 0;

/**
 * Runs `pairs` paired measurements (`measure(r)` gives one pair `{ plugin, floor }` of child results), and
 * prints and judges the median of the pairs' ratios of `total` against `target`. Returns the pairs.
 */
async function pairedVerdict(label, target, pairs, measure, describe, judged = true) {
  const runs = [];
  for (let r = 0; r < pairs; r++) runs.push(await measure(r));
  const ratios = runs.map((run) => run.plugin.total / run.floor.total);
  const ratio = median(ratios);
  const m = (side, key) => median(runs.map((run) => run[side][key]));
  describe(m);
  const ok = ratio <= target;
  if (!ok && judged) missed++;
  const verdict = judged ? (ok ? "ok" : "MISSED") : "(shown, not judged)";
  console.log(
    `  ${label}: ratio ${ratio.toFixed(2)}x, median of ${pairs} pairs (spread ${spreadOf(ratios)}; target <= ${target}x) ${verdict}`,
  );
  return runs;
}
/** The two processes of a pair, in an order that alternates with the run. */
const pair = (r, plugin, floor) => inAlternatingOrder(r, { plugin, floor });
const git = (cwd, ...args) => benchGit(cwd)(...args);

/** A child process that runs `code` (an ES module) and prints one JSON line; its wall time is measured too. */
function child(runtime, code, args = []) {
  const file = join(bundleDir, `child-${Math.random().toString(36).slice(2)}.mjs`);
  return writeFile(file, code).then(() => {
    const started = process.hrtime.bigint();
    // BENCH_CPU_PROF=<folder>: each Node child writes its CPU profile there (node --cpu-prof), to see what a call costs.
    const profile =
      process.env.BENCH_CPU_PROF && runtime === process.execPath
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : [];
    const result = spawnSync(runtime, [...profile, file, ...args], { encoding: "utf8", cwd: dir, timeout: 120_000 });
    const wall = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) throw new Error(`${runtime} child failed: ${result.stderr || result.stdout}`);
    const line = result.stdout.trim().split("\n").pop();
    return { ...JSON.parse(line), wall };
  });
}

// The plugin as opencode loads it, with a client that records nothing but the panel's announcement (the
// review server is up: the plugin has loaded) and, where threads wait (`floor` given), the log line saying
// the plugin has read them ahead of the agent's first call; then the first review_list. `up` is the wait
// from server()'s return to that announcement and `readAhead` from it to that line, both of which the
// first call would otherwise wait out (inside opencode a model's first call comes seconds after the start:
// the person types, the model thinks). With `floor` ({ paths, snapshot }), the same git diff and reads are
// timed afterwards in this process, now warm (median of 3): target (b)'s floor.
const coldChild = (dbPath, repo, floor) => `
const mod = await import(${JSON.stringify(pathToFileURL(plugin).href)});
const imported = performance.now();
let announced;
let readAhead;
const loaded = new Promise((settle) => (announced = settle));
const read = new Promise((settle) => (readAhead = settle));
const client = { app: { log: async (entry) => { const line = JSON.stringify(entry); if (line.includes("review panel at")) announced(); if (line.includes("ahead of its first review_list")) readAhead(); return { data: true }; } }, tui: { showToast: async () => ({ data: true }) }, session: { promptAsync: async () => ({}) } };
const hooks = await mod.default.server({ client, directory: ${JSON.stringify(repo)}, worktree: ${JSON.stringify(repo)}, serverUrl: new URL("http://opencode.internal") }, { dbPath: ${JSON.stringify(dbPath)} });
const returned = performance.now();
await Promise.race([loaded, new Promise((settle) => setTimeout(settle, 30_000))]);
const up = performance.now();
${floor === undefined ? "" : "await Promise.race([read, new Promise((settle) => setTimeout(settle, 30_000))]);"}
const ready = performance.now();
const context = { sessionID: "ses_bench", messageID: "msg_bench", agent: "build", directory: ${JSON.stringify(repo)}, worktree: ${JSON.stringify(repo)}, abort: new AbortController().signal, metadata() {}, async ask() {} };
const result = await hooks.tool.review_list.execute({}, context);
const listed = performance.now();
await hooks.dispose?.();
let warmFloor = null;
${floor === undefined ? "" : warmFloorCode(floor.paths, floor.snapshot)}
console.log(JSON.stringify({ imported, returned: returned - imported, up: up - returned, readAhead: ready - up, listed: listed - ready, total: listed, threads: result.metadata.threads.length, warmFloor }));
process.exit(0);
`;
/** Code that sets `warmFloor` to the median of 3 runs of the floor's git diff and reads, in the process that runs it. */
const warmFloorCode = (paths, snapshot) => `
const { execFile } = await import("node:child_process");
const { readFile } = await import("node:fs/promises");
const { join } = await import("node:path");
const { promisify } = await import("node:util");
const run = promisify(execFile);
const floors = [];
for (let i = 0; i < 3; i++) {
  const began = performance.now();
  await run("git", ["diff", "--no-color", ${JSON.stringify(snapshot)}, "--", ...${JSON.stringify(paths)}], { cwd: ${JSON.stringify(dir)}, maxBuffer: 1 << 28 });
  await Promise.all(${JSON.stringify(paths)}.map((p) => readFile(join(${JSON.stringify(dir)}, p), "utf8")));
  floors.push(performance.now() - began);
}
warmFloor = floors.sort((a, b) => a - b)[1];
`;
const floorChild = (paths, snapshot) => `
const started = performance.now();
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
const run = promisify(execFile);
await run("git", ["diff", "--no-color", ${JSON.stringify(snapshot)}, "--", ...${JSON.stringify(paths)}], { cwd: ${JSON.stringify(dir)}, maxBuffer: 1 << 28 });
await Promise.all(${JSON.stringify(paths)}.map((p) => readFile(join(${JSON.stringify(dir)}, p), "utf8")));
const total = performance.now();
console.log(JSON.stringify({ total, work: total - started }));
process.exit(0);
`;
const bareChild = `
await import(${JSON.stringify(pathToFileURL(plugin).href)});
console.log(JSON.stringify({ total: performance.now() }));
process.exit(0);
`;

try {
  if (!existsSync(plugin)) throw new Error("dist/plugin.js is missing: run pnpm build first");
  bundle = await bundleService("agent-side", [
    'export { createReviewService } from "./src/service/review-service.ts";',
    'export { seedDraftThreads } from "./src/service/testing/seed-draft-threads.ts";',
    'export { createEventBus } from "./src/events/event-bus.ts";',
    'export { openStore } from "./src/store/index.ts";',
    'export { reviewList } from "./src/tools/review-list.ts";',
    'export { renderThreadPage } from "@opencode-review/core";',
  ]);
  bundleDir = bundle.dir;
  const { createReviewService, seedDraftThreads, createEventBus, openStore, reviewList, renderThreadPage } =
    bundle.module;

  const { paths } = await reviewedChange(dir, { files: FILES, lines: LINES, folders: 10 });

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
    await store.close();
  }
  // The usual cold start: the threads were shown before (the person reviewed them in the panel, which
  // located them) by a process that is gone, and the files have not changed since. The anchors that
  // listing kept in the store are what a fresh process reads instead of locating. Stamps are taken only
  // of files older than a second, so the listing waits for that first.
  const shown = join(bundleDir, "shown.sqlite");
  {
    await copyFile(seeded, shown);
    await new Promise((settle) => setTimeout(settle, 1100));
    const store = await openStore({ path: shown });
    const service = createReviewService({
      now: () => new Date().toISOString(),
      dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    await service.listThreads({ status: "all" });
    await service.context.anchors.written();
    await store.close();
  }
  // Nothing located before: as if every file had changed since, or on the very first listing.
  const unlocated = join(bundleDir, "unlocated.sqlite");
  {
    await copyFile(seeded, unlocated);
    const store = await openStore({ path: unlocated });
    await store.db.deleteFrom("located_anchors").execute();
    await store.close();
  }
  const [{ stdout: snapshot }] = [await git(dir, "for-each-ref", "--format=%(objectname)", "refs/opencode-review/")];
  const roundSnapshot = snapshot.trim().split("\n").pop();

  // 1. Pages.
  {
    const path = join(bundleDir, "pages.sqlite");
    await copyFile(seeded, path);
    const store = await openStore({ path });
    const service = createReviewService({
      now: () => new Date().toISOString(),
      dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    const all = await service.listThreads({ status: "waiting" });
    // The floor: each thread's block alone (a page of one thread, less its page's header and footer).
    const headerAndFooter = (thread) => {
      const one = renderThreadPage([thread]).output;
      return one.split("\n\n").slice(1, -1).join("\n\n");
    };
    const floor = all.reduce((sum, t) => sum + Buffer.byteLength(headerAndFooter(t), "utf8"), 0);
    let calls = 0;
    let bytes = 0;
    let cursor;
    const seen = new Set();
    do {
      const page = await reviewList(service, cursor === undefined ? {} : { cursor }, {
        session: "ses_bench",
        turn: `msg_${calls}`,
      });
      calls++;
      bytes += Buffer.byteLength(page.output, "utf8");
      for (const t of page.metadata.threads) seen.add(t.id);
      cursor = page.metadata.next;
    } while (cursor !== undefined);
    await store.close();
    if (seen.size !== all.length) throw new Error(`pages returned ${seen.size} threads, expected ${all.length}`);
    const target = Math.ceil(bytes / PAGE_BYTES);
    console.log(`reading ${all.length} waiting threads in ${FILES} files through review_list pages:`);
    if (calls > target || bytes / floor > 1.2) missed++;
    console.log(`  calls ${calls} (target ceil(bytes / 20 KB) = ${target}) ${calls <= target ? "ok" : "MISSED"}`);
    console.log(
      `  bytes ${bytes} against the floor ${floor} (each thread's text once): ${(bytes / floor).toFixed(3)}x (target <= 1.2x) ${bytes / floor <= 1.2 ? "ok" : "MISSED"}`,
    );
  }

  // 2. Cold first review_list, Node and Bun: after the threads were shown (the target), and with nothing
  // located before (every file changed since, or the very first listing).
  for (const [name, runtime] of [
    ["Node", process.execPath],
    ["Bun", bun],
  ]) {
    if (!existsSync(runtime)) {
      console.log(`${name}: ${runtime} is missing, skipped`);
      continue;
    }
    for (const [when, from] of [
      ["shown before", shown],
      ["nothing located before", unlocated],
    ]) {
      // The whole cold start against the floor was issue 15's target; issue 25 replaced it with (b)
      // below, so it is shown for comparison and not judged.
      const runs = await pairedVerdict(
        `cold start ${name}, ${when}, against the floor (issue 15's target, replaced by (b))`,
        2,
        RUNS,
        (r) =>
          pair(
            r,
            async () => {
              const path = join(bundleDir, `cold-${name}-${from === shown ? "shown" : "unlocated"}-${r}.sqlite`);
              await copyFile(from, path);
              const cold = await child(runtime, coldChild(path, dir, { paths, snapshot: roundSnapshot }));
              if (cold.threads === 0) throw new Error("the cold review_list listed nothing");
              return { ...cold, call: cold.returned + cold.up + cold.readAhead + cold.listed };
            },
            () => child(runtime, floorChild(paths, roundSnapshot)),
          ),
        (m) => {
          console.log(
            `cold first review_list on ${FILES * PER_FILE} threads, ${name}, ${when}, medians of ${RUNS} fresh processes each (ms from the process's start):`,
          );
          console.log(
            `  floor (git diff + read the files)   ${m("floor", "total").toFixed(1)} ms  (wall ${m("floor", "wall").toFixed(0)})`,
          );
          console.log(
            `  plugin: import ${m("plugin", "imported").toFixed(1)} + server() ${m("plugin", "returned").toFixed(1)} + its server up ${m("plugin", "up").toFixed(1)} + threads read ahead ${m("plugin", "readAhead").toFixed(1)} + first review_list ${m("plugin", "listed").toFixed(1)} = ${m("plugin", "total").toFixed(1)} ms  (wall ${m("plugin", "wall").toFixed(0)})`,
          );
          // Inside opencode the plugin is imported when opencode starts, long before a model's first call:
          // what that call waits for is server() and review_list, against the floor's own work.
          console.log(
            `  the calls alone (import done): server() + its start + reading ahead + review_list ${m("plugin", "call").toFixed(1)} ms against the floor's git diff + reads ${m("floor", "work").toFixed(1)} ms: ${(m("plugin", "call") / m("floor", "work")).toFixed(2)}x (shown, not judged)`,
          );
        },
        false,
      );
      // Issue 25 target (b): the first review_list once the plugin is loaded (server() returned and the
      // waiting threads read ahead, as opencode has it long before the model's first call), against the same git diff and reads in a warm process
      // (the same child, afterwards).
      const first = targetVerdict(
        "b",
        2,
        runs.map((run) => run.plugin.listed / run.plugin.warmFloor),
        "fresh processes",
      );
      if (!first.met && when === "shown before") missed++;
      console.log(
        `  first review_list after the plugin loaded ${median(runs.map((run) => run.plugin.listed)).toFixed(1)} ms against git diff + reads in a warm process ${median(runs.map((run) => run.plugin.warmFloor)).toFixed(1)} ms`,
      );
      console.log(`  ${name}, ${when}: ${first.line}${when === "shown before" ? "" : " (shown, not judged)"}`);
    }
  }

  // 3. Start until the tools answer, against a bare import.
  await git(empty, "init", "-q", "-b", "main");
  await writeFile(join(empty, "a.ts"), "export const a = 1;\n");
  await git(empty, "add", "-A");
  await git(empty, "commit", "-q", "-m", "base");
  for (const [name, runtime] of [
    ["Node", process.execPath],
    ["Bun", bun],
  ]) {
    if (!existsSync(runtime)) continue;
    await pairedVerdict(
      `verdict ${name}`,
      3,
      RUNS,
      (r) =>
        pair(
          r,
          () => child(runtime, coldChild(join(empty, `.db-${name}-${r}.sqlite`), empty)),
          () => child(runtime, bareChild),
        ),
      (m) => {
        console.log(`plugin start until the tools answer, ${name}, medians of ${RUNS}:`);
        console.log(`  bare import of dist/plugin.js        ${m("floor", "total").toFixed(1)} ms`);
        console.log(
          `  import + server() + review_list      ${m("plugin", "total").toFixed(1)} ms (server() returned in ${m("plugin", "returned").toFixed(1)} ms)`,
        );
      },
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  await rm(empty, { recursive: true, force: true, maxRetries: 5 });
  await bundle?.remove();
}
process.exit(missed > 0 ? 1 : 0);
