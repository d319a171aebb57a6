#!/usr/bin/env node
// Listing 500 threads in 100 files (a third of the files edited above their threads so the threads moved, a
// third edited under them, a third untouched) through the review service, against the floor of what any
// listing needs: `git diff <round snapshot> -- <those files>` plus reading the work-tree files, in the same
// process. Target: the listing within 2x of that floor.
// The service's TypeScript is bundled with esbuild at start (core inlined from its source), so this needs
// only the installed dependencies; `pnpm bench` runs it after `pnpm build`.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";

const run = promisify(execFile);
const FILES = 100;
const PER_FILE = 5;
const LINES = 300;
const RUNS = 15;

const root = fileURLToPath(new URL("..", import.meta.url));
const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
// Beside node_modules, so the bundle's external imports (better-sqlite3, kysely, ...) resolve as installed.
const bundleDir = await mkdtemp(join(root, "node_modules", ".bench-list-threads-"));
const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-")));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
const git = (...args) =>
  run("git", ["-c", "user.name=b", "-c", "user.email=b@b", "-c", "gc.auto=0", ...args], { cwd: dir, maxBuffer: 1 << 28 });

const pathOf = (f) => `src/mod${f % 10}/file${f}.ts`;
// Threads sit on lines 30, 80, 130, 180, 230: apart, so an edit under one never touches another.
const threadLine = (k) => 30 + 50 * k;
const fileText = (f) => Array.from({ length: LINES }, (_, i) => `export const f${f}_${i + 1} = ${i + 1}; // line ${i + 1}`).join("\n") + "\n";

try {
  await build({
    stdin: {
      contents: [
        'export { createReviewService } from "./src/service/review-service.ts";',
        'export { seedDraftThreads } from "./src/service/testing/seed-draft-threads.ts";',
        'export { createEventBus } from "./src/events/event-bus.ts";',
        'export { openStore } from "./src/store/index.ts";',
        'export { listThreads } from "./src/service/list-threads.ts";',
        'export { AnchorMemo } from "./src/service/anchor-memo.ts";',
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
    external: [...Object.keys(manifest.dependencies).flatMap((name) => [name, `${name}/*`]), "bun:*"],
    logLevel: "warning",
  });
  const { createReviewService, seedDraftThreads, createEventBus, openStore, listThreads, AnchorMemo } = await import(pathToFileURL(join(bundleDir, "service.mjs")).href);

  // The base, then the agent's change (one line per file, so every file is in the round's diff).
  await git("init", "-q", "-b", "main");
  const paths = Array.from({ length: FILES }, (_, f) => pathOf(f));
  for (let m = 0; m < 10; m++) await mkdir(join(dir, `src/mod${m}`), { recursive: true });
  await Promise.all(paths.map((p, f) => writeFile(join(dir, p), fileText(f))));
  await git("add", "-A");
  await git("commit", "-q", "-m", "base");
  const roundText = (f) => fileText(f).replace(`// line ${LINES}\n`, `// line ${LINES}, changed by the agent\n`);
  await Promise.all(paths.map((p, f) => writeFile(join(dir, p), roundText(f))));

  const store = await openStore({ path: join(dir, ".git", "opencode-review", "review.sqlite") });
  const service = createReviewService({ now: () => new Date().toISOString(),
    dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
  });
  const places = paths.flatMap((file) => Array.from({ length: PER_FILE }, (_, k) => ({ file, start: threadLine(k), end: threadLine(k) + 1, body: `thread ${k}` })));
  await seedDraftThreads(service, places);
  await service.release({});
  const [round] = await service.listRounds();

  // After the round: a third moved (lines added at the top), a third changed (the lines under each thread edited).
  const third = Math.floor(FILES / 3);
  await Promise.all(
    paths.map((p, f) => {
      if (f < third) return writeFile(join(dir, p), `// added\n// added\n// added\n${roundText(f)}`);
      if (f < 2 * third) {
        const lines = roundText(f).split("\n");
        for (let k = 0; k < PER_FILE; k++) lines[threadLine(k) - 1] += " // edited";
        return writeFile(join(dir, p), lines.join("\n"));
      }
      return undefined;
    }),
  );

  const floor = async () => {
    await git("diff", "--no-color", round.snapshot, "--", ...paths);
    await Promise.all(paths.map((p) => readFile(join(dir, p), "utf8")));
  };
  // A listing computed whole: no kept listing and no anchors from an earlier call (the service keeps both,
  // so its own listThreads would answer an unchanged review from memory): what a panel's first listing
  // costs, and nothing is cached across listings here (texts at commits are read with git each time). The
  // anchors the store keeps for a fresh process are forgotten before each run too (outside its time).
  let memo = new AnchorMemo();
  const list = () => listThreads({ ...service.context, anchors: (memo = new AnchorMemo()) }, { status: "all" });
  const forgetKeptAnchors = async () => {
    await memo.written();
    await store.db.deleteFrom("located_anchors").execute();
  };

  const listed = await list();
  const states = {};
  for (const t of listed) states[t.anchor.state] = (states[t.anchor.state] ?? 0) + 1;
  if (listed.length !== FILES * PER_FILE) throw new Error(`listed ${listed.length} threads, expected ${FILES * PER_FILE}`);
  await floor();

  const floorTimes = [];
  const listTimes = [];
  for (let r = 0; r < RUNS; r++) {
    globalThis.gc?.();
    floorTimes.push(await time(floor));
    await forgetKeptAnchors();
    globalThis.gc?.();
    listTimes.push(await time(list));
  }
  const b = median(floorTimes);
  const l = median(listTimes);
  console.log(`${FILES * PER_FILE} threads in ${FILES} files of ${LINES} lines; anchors: ${JSON.stringify(states)}; ${RUNS} runs each, medians`);
  console.log(`git diff <snapshot> -- files + read files   ${b.toFixed(1)} ms`);
  console.log(`listThreads({ status: "all" })               ${l.toFixed(1)} ms   ratio ${(l / b).toFixed(2)}x (target <= 2x)`);
  await store.close();
} finally {
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  await rm(bundleDir, { recursive: true, force: true });
}
