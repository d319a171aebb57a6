#!/usr/bin/env node
// Load on the HTTP surface: 50 concurrent readers of GET /api/threads (500 released threads over 50 files)
// with 5 writers drafting replies, for BENCH_SECONDS (default 20) on loopback. The server runs in a child
// process, as it does inside opencode, so the readers' own work does not slow it. Prints requests, failed
// requests (target 0), SQLITE_BUSY answers (target 0), the unloaded median latency (measured first, same
// server), the loaded p50/p99, and p99 / unloaded median (target within 5x).
// Needs the built server: pnpm --filter @opencode-review/core build && pnpm --filter opencode-review build.
import { execFile, fork } from "node:child_process";
import { Agent, request } from "node:http";
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";

const FILES = 50;
const THREADS_PER_FILE = 10;
const READERS = 50;
const WRITERS = 5;
const UNLOADED_SAMPLES = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

if (process.argv[2] === "serve") await serve();
else await drive();

// ---- the server process: a repository with an agent-style change, 500 released threads, the real server.
async function serve() {
  const { startReviewServer } = await import("../dist/server/start-review-server.js");
  const run = promisify(execFile);
  const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-load-")));
  const git = (...args) => run("git", ["-c", "user.name=b", "-c", "user.email=b@b", "-c", "gc.auto=0", ...args], { cwd: dir });
  const lines = (i, changed) =>
    Array.from({ length: 120 }, (_, n) => (changed && n % 10 === 3 ? `export const v${i}_${n} = ${n} * 2; // changed` : `export const v${i}_${n} = ${n};`)).join("\n") + "\n";
  await git("init", "-q", "-b", "main");
  await mkdir(join(dir, "src"), { recursive: true });
  for (let i = 0; i < FILES; i++) await writeFile(join(dir, "src", `mod${i}.ts`), lines(i, false));
  await git("add", "-A");
  await git("commit", "-q", "-m", "base");
  for (let i = 0; i < FILES; i++) await writeFile(join(dir, "src", `mod${i}.ts`), lines(i, true));

  const server = await startReviewServer({
    dir,
    dbPath: join(dir, ".git", "opencode-review", "review.sqlite"),
    delivery: { mode: "tools", deliver: async () => null },
    tools: true,
    panelDir: join(dir, "no-panel"),
  });
  const round = await server.service.takeRound();
  const places = [];
  for (let i = 0; i < FILES; i++) for (let k = 0; k < THREADS_PER_FILE; k++) places.push({ i, line: k * 10 + 4 }); // a changed line per block of ten
  const ids = [];
  // Drafted a file at a time, its threads together: git reads overlap while the writes queue on the lock.
  for (let i = 0; i < FILES; i++) {
    const threads = await Promise.all(
      places
        .filter((p) => p.i === i)
        .map((p) => server.service.draftThread({ file: `src/mod${i}.ts`, start: p.line, end: p.line, roundId: round.id, body: `Why double v${i}_${p.line - 1}?` })),
    );
    ids.push(...threads.map((t) => t.id));
  }
  await server.service.release({});
  // BENCH_PROFILE=dir: a CPU profile of this process during the load only (not the setup), written there.
  const profiler = process.env.BENCH_PROFILE ? new (await import("node:inspector/promises")).Session() : null;
  profiler?.connect();
  process.send({ url: server.url, token: server.token, ids });
  process.on("message", async (message) => {
    if (message === "load" && profiler !== null) {
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.start");
    }
    if (message !== "stop") return;
    if (profiler !== null) {
      const { profile } = await profiler.post("Profiler.stop");
      await writeFile(join(process.env.BENCH_PROFILE, `server-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    }
    await server.close();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

// ---- the load process.
async function drive() {
  const child = fork(new URL(import.meta.url).pathname, ["serve"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const setupStart = performance.now();
  const { url, token, ids } = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`the server process exited (${code}) before it was ready`)));
  });
  console.log(`setup: ${ids.length} threads over ${FILES} files in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  const headers = { authorization: `Bearer ${token}` };
  const stats = { requests: 0, failed: 0, busy: 0, failures: new Map() };
  const fail = (why) => {
    stats.failed++;
    stats.failures.set(why, (stats.failures.get(why) ?? 0) + 1);
  };

  // One keep-alive connection per client, as fifty open panels have, over node:http: the driver shares two
  // cores with the server, so its own cost per request (undici's fetch costs several times more) must stay
  // small or the latency measured is the driver's. A gzipped body is gunzipped before it counts as held.
  const agent = new Agent({ keepAlive: true, maxSockets: READERS + WRITERS });
  const gunzipAsync = promisify(gunzip);
  /** Sends a request and resolves once the whole body is held (still gzipped, as a browser holds it before it decodes). */
  const call = (method, path, extra = {}, body) =>
    new Promise((resolve, reject) => {
      const req = request(`${url}${path}`, { method, agent, headers: { ...headers, "accept-encoding": "gzip", ...extra } }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => resolve({ status: res.statusCode, ok: res.statusCode >= 200 && res.statusCode < 300, gzipped: res.headers["content-encoding"] === "gzip", bytes: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end(body);
    });
  const textOf = async (response) => (response.gzipped ? await gunzipAsync(response.bytes) : response.bytes).toString("utf8");
  const count = (text, needle) => {
    let n = 0;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n++;
    return n;
  };

  // The latency is the server's: from sending the request to holding the whole body. Every answer's status
  // is checked at once; every 10th body is kept and, after the load, gunzipped and parsed whole (all 500
  // threads present). Gunzipping and parsing 400 KiB of JSON blocks this process for milliseconds, which
  // during the load would be counted into the latency of every other reader's answer.
  let readNumber = 0;
  const kept = [];
  async function read() {
    const start = performance.now();
    let elapsed;
    try {
      const response = await call("GET", "/api/threads?status=all");
      elapsed = performance.now() - start;
      stats.requests++;
      if (!response.ok) {
        const text = await textOf(response);
        if (/SQLITE_BUSY|database is locked/i.test(text)) stats.busy++;
        fail(`GET ${response.status}: ${text.slice(0, 120)}`);
      } else if (readNumber++ % 10 === 0) kept.push(response);
    } catch (error) {
      stats.requests++;
      fail(`GET threw: ${error.message}`);
    }
    return elapsed ?? performance.now() - start;
  }
  async function checkKept() {
    for (const response of kept.splice(0)) {
      const text = await textOf(response);
      if (count(text, '"anchor":') < ids.length || JSON.parse(text).threads.length < ids.length) fail("GET answered fewer threads");
    }
  }

  async function write(n) {
    const id = ids[(n * 7919) % ids.length];
    try {
      const response = await call("POST", `/api/threads/${id}/messages`, { origin: url, "content-type": "application/json" }, JSON.stringify({ body: `Reply ${n}: still doubled?` }));
      const text = await textOf(response);
      stats.requests++;
      if (/SQLITE_BUSY|database is locked/i.test(text)) stats.busy++;
      if (!response.ok) fail(`POST ${response.status}: ${text.slice(0, 120)}`);
    } catch (error) {
      stats.requests++;
      fail(`POST threw: ${error.message}`);
    }
  }

  const sorted = (values) => [...values].sort((a, b) => a - b);
  const quantile = (values, q) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))];

  // Unloaded: one reader at a time, after a few warm-up requests.
  for (let i = 0; i < 5; i++) await read();
  const unloaded = [];
  for (let i = 0; i < UNLOADED_SAMPLES; i++) unloaded.push(await read());
  const unloadedMedian = quantile(unloaded, 0.5);
  await checkKept();
  const before = { ...stats };

  // Where the CPU went during the load (2 cores for both processes): the server child's and this driver's.
  const cpuOf = async (pid) => {
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")).split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10; // utime + stime, in 10 ms ticks
  };
  const bodyBytes = (await textOf(await call("GET", "/api/threads?status=all"))).length;
  const serverCpuBefore = await cpuOf(child.pid);
  const driverCpuBefore = process.cpuUsage();

  // Loaded: closed loops until the deadline.
  child.send("load");
  const loadStart = performance.now();
  const deadline = performance.now() + SECONDS * 1000;
  const loaded = [];
  let written = 0;
  const READ_EVERY = Number(process.env.READ_EVERY ?? 0);
  const WRITE_EVERY = Number(process.env.WRITE_EVERY ?? 0);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  // Each client keeps a schedule (a random phase, then every N ms); a late answer makes the next request
  // late too, and its latency counts from when it was due (no coordinated omission).
  const paced = async (every, act) => {
    let due = performance.now() + Math.random() * every;
    while (due < deadline) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const late = performance.now() - due;
      await act(late);
      due += every;
    }
  };
  const readers = Array.from({ length: READERS }, async () => {
    if (READ_EVERY === 0) while (performance.now() < deadline) loaded.push(await read());
    else await paced(READ_EVERY, async (late) => loaded.push(late + (await read())));
  });
  const writers = Array.from({ length: WRITERS }, async () => {
    if (WRITE_EVERY === 0) while (performance.now() < deadline) await write(written++);
    else await paced(WRITE_EVERY, () => write(written++));
  });
  await Promise.all([...readers, ...writers]);
  const loadMs = performance.now() - loadStart;
  const checked = kept.length;
  await checkKept();
  const serverCpu = (await cpuOf(child.pid)) - serverCpuBefore;
  const driverUsage = process.cpuUsage(driverCpuBefore);
  const driverCpu = (driverUsage.user + driverUsage.system) / 1000;

  const p50 = quantile(loaded, 0.5);
  const p99 = quantile(loaded, 0.99);
  const ratio = p99 / unloadedMedian;
  console.log(`load: ${READERS} readers of GET /api/threads (${ids.length} threads), ${WRITERS} writers replying, ${SECONDS} s`);
  console.log(`requests: ${stats.requests - before.requests} (reads ${loaded.length}, replies ${written})`);
  console.log(`failed requests: ${stats.failed} (target 0; ${checked} of the answers gunzipped and parsed whole after the load)`);
  for (const [why, count] of stats.failures) console.log(`  ${count} x ${why}`);
  console.log(`SQLITE_BUSY reaching a client: ${stats.busy} (target 0)`);
  console.log(`unloaded median: ${unloadedMedian.toFixed(1)} ms`);
  console.log(`loaded p50: ${p50.toFixed(1)} ms, p99: ${p99.toFixed(1)} ms`);
  const perSecond = (loaded.length / loadMs) * 1000;
  console.log(`body: ${(bodyBytes / 1024).toFixed(0)} KiB of JSON; reads/s: ${perSecond.toFixed(0)}, so ${READERS} closed-loop readers wait ${((READERS / perSecond) * 1000).toFixed(0)} ms on average (Little's law)`);
  console.log(
    `CPU during load: server ${(serverCpu / 1000).toFixed(1)} s, driver ${(driverCpu / 1000).toFixed(1)} s of ${(loadMs / 1000).toFixed(1)} s wall` +
      ` (server ${(serverCpu / (loaded.length + written)).toFixed(1)} ms per request, driver ${(driverCpu / (loaded.length + written)).toFixed(1)} ms)`,
  );
  console.log(`p99 / unloaded median: ${ratio.toFixed(1)}x (target within 5x)${ratio <= 5 ? "" : "  MISSED"}`);

  agent.destroy();
  child.send("stop");
  await new Promise((resolve) => child.once("exit", resolve));
}
