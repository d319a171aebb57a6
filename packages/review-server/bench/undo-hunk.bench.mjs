#!/usr/bin/env node
// An undo of one hunk (POST /api/changes/undo through the real Hono app) in a 20,000-line file, against
// writing that file once (the same bytes through a temporary file, synced and renamed, as the undo writes),
// in the same process. The undo does more than the write by design: it snapshots the work tree as a round
// (so the replaced text is in git too), reads the diff, keeps the replaced file in the store, then writes.
// Target: an undo within 50x the write (about 8 git processes, each a few ms on an idle machine, against one
// write); the absolute time is printed with the machine's load, since git's process starts dominate it.
// The service's TypeScript is bundled with esbuild at start (core inlined from its source), so this needs
// only the installed dependencies.
import { open, mkdtemp, readFile, realpath, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { median, targetVerdict, time } from "../../../scripts/bench-timing.mjs";
import { benchGit } from "./bench-repository.mjs";
import { bundleService } from "./bench-service.mjs";

const LINES = 20_000;
const RUNS = Number(process.env.RUNS ?? 15);
const PORT = 4321;
const TOKEN = "bench-token";
const TARGET_RATIO = 50;

const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-")));
let bundle;

try {
  bundle = await bundleService("undo-hunk", [
    'export { createReviewService } from "./src/service/review-service.ts";',
    'export { createEventBus } from "./src/events/event-bus.ts";',
    'export { openStore } from "./src/store/index.ts";',
    'export { createApp } from "./src/http/create-app.ts";',
    'export { apiRoutes } from "./src/http/routes/index.ts";',
    'export { loopbackHosts } from "./src/http/loopback.ts";',
  ]);
  const m = bundle.module;
  const git = benchGit(dir);
  await git("init", "-q", "-b", "main");
  const base = Array.from({ length: LINES }, (_, i) => `export const value${i} = ${i}; // line ${i + 1}\n`).join("");
  await writeFile(join(dir, "big.ts"), base);
  await git("add", "-A");
  await git("commit", "-q", "-m", "base");
  // The agent's change: one hunk in the middle, and two more the undo leaves alone.
  const agent = base
    .replace("value100 = 100;", "value100 = 101;")
    .replace("value10000 = 10000;", "value10000 = -1;")
    .replace("value19000 = 19000;", "value19000 = 0;");
  await writeFile(join(dir, "big.ts"), agent);

  const store = await m.openStore({ path: join(dir, ".git", "opencode-review", "review.sqlite") });
  const bus = m.createEventBus();
  const service = m.createReviewService({
    now: () => new Date().toISOString(),
    dir,
    store,
    bus,
    delivery: { mode: "tools", deliver: async () => null },
  });
  const app = m.createApp({
    token: TOKEN,
    allowedHosts: m.loopbackHosts("127.0.0.1", PORT),
    panelDir: join(dir, "no-panel"),
    routes: m.apiRoutes(service),
    health: () => ({ ok: true, version: "0", repo: dir, branch: "main", tools: true }),
    events: bus,
    reportError: (error) => console.error(error),
  });
  const origin = `http://127.0.0.1:${PORT}`;
  const call = async (method, path, body) => {
    const response = await app.request(`${origin}${path}`, {
      method,
      headers: {
        host: `127.0.0.1:${PORT}`,
        authorization: `Bearer ${TOKEN}`,
        ...(method === "GET" ? {} : { origin, "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = await response.json();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const blobOf = async () => (await call("GET", "/api/diff?file=big.ts&full=1")).files[0].blob;

  // The floor: the same bytes written once, as the undo writes them (temporary file, sync, rename).
  const bytes = Buffer.from(agent);
  const writeOnce = async () => {
    const temporary = join(dir, ".big.ts.bench-tmp");
    const handle = await open(temporary, "wx", 0o644);
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    await rename(temporary, join(dir, "big.ts"));
  };

  const undoTimes = [];
  const writeTimes = [];
  const ratios = [];
  for (let r = 0; r <= RUNS; r++) {
    const blob = await blobOf();
    const write = await time(writeOnce);
    let change;
    const undo = await time(async () => {
      ({ change } = await call("POST", "/api/changes/undo", { file: "big.ts", start: 10_001, end: 10_001, blob }));
    });
    if ((await readFile(join(dir, "big.ts"), "utf8")).includes("value10000 = -1;")) throw new Error("not undone");
    await call("POST", `/api/changes/${change.id}/restore`);
    // The first pair warms the caches and the bundle's code; it is not counted.
    if (r === 0) continue;
    undoTimes.push(undo);
    writeTimes.push(write);
    ratios.push(undo / write);
  }
  const u = median(undoTimes);
  const w = median(writeTimes);
  console.log(`file: ${LINES} lines (${(bytes.length / 1024).toFixed(0)} KB), 3 hunks, ${RUNS} runs each, medians`);
  console.log(`write the file once           ${w.toFixed(2)} ms`);
  console.log(`undo one hunk (HTTP)          ${u.toFixed(1)} ms   ratio ${(u / w).toFixed(1)}x`);
  console.log(targetVerdict("undo against one write", TARGET_RATIO, ratios).line);
  console.log(`load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores while measuring`);
  await service.context.anchors.written();
  await store.close();
} finally {
  await bundle?.remove();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
}
