#!/usr/bin/env node
// A review as it is lived: three panels open and one agent working through the threads. The agent replies
// to a thread (review_reply through the service, as the plugin's tool does), then each of the three panels
// lists the threads again over HTTP (GET /api/threads?status=all, keep-alive), all three at once; 100
// times. The server runs in a child process with a real repository (150 released threads over 30 files, a
// third of them moved, a third changed since the round) and a real SQLite file.
// Prints, per server: the whole session's time (100 replies and 300 listings) and the server's CPU time, the
// listing's p50/p99, failed requests and SQLITE_BUSY; in every run the same session against a bare node:http
// server in the same child that answers the same listing and does nothing else; and the verdict, on
// the run with the median p99 ratio: the review server's p99 within 3x of the bare server's p99, zero failed
// requests, zero SQLITE_BUSY (in any run). BENCH_REPEAT runs (default 3).
// BENCH_VARIANTS=a,b+c,...: also runs servers started with OCR_OFF=<variant> (b+c: both), each beside a server
// with everything on, in alternating order, BENCH_REPEAT times (default 2), and prints what each buys. The
// server reads no OCR_OFF: a measurement build adds a one-line switch at the cache it turns off (issue 14
// measured every cache so: `if (process.env.OCR_OFF?.split(",").includes("anchorMemo")) return undefined;`).
// Needs the built server: pnpm build.
import { fork } from "node:child_process";
import { Agent, request } from "node:http";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { median, quantile } from "../../../scripts/bench-timing.mjs";
import { benchGit } from "./bench-repository.mjs";

const FILES = 30;
const PER_FILE = 5;
const PANELS = 3;
const REPLIES = Number(process.env.BENCH_REPLIES ?? 100);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

if (process.argv[2] === "serve") await serve();
else await drive();

async function serve() {
  const { startReviewServer } = await import("../dist/server/start-review-server.js");
  const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-session-")));
  const git = benchGit(dir);
  const text = (i) => Array.from({ length: 200 }, (_, n) => `export const v${i}_${n} = ${n};`).join("\n") + "\n";
  const path = (i) => `src/mod${i}.ts`;
  await git("init", "-q", "-b", "main");
  await mkdir(join(dir, "src"), { recursive: true });
  for (let i = 0; i < FILES; i++) await writeFile(join(dir, path(i)), text(i));
  await git("add", "-A");
  await git("commit", "-q", "-m", "base");
  const agentText = (i) => text(i).replace(`v${i}_199 = 199;`, `v${i}_199 = 199 * 2;`);
  for (let i = 0; i < FILES; i++) await writeFile(join(dir, path(i)), agentText(i));

  const server = await startReviewServer({
    now: () => new Date().toISOString(),
    dir,
    dbPath: join(dir, ".git", "opencode-review", "review.sqlite"),
    delivery: { mode: "tools", deliver: async () => null },
    tools: true,
    panelDir: join(dir, "no-panel"),
  });
  const round = await server.service.takeRound();
  const ids = [];
  for (let i = 0; i < FILES; i++) {
    const threads = await Promise.all(
      Array.from({ length: PER_FILE }, (_, k) =>
        server.service.draftThread({
          file: path(i),
          start: 20 + 40 * k,
          end: 21 + 40 * k,
          roundId: round.id,
          body: `Why is v${i}_${20 + 40 * k} here?`,
        }),
      ),
    );
    ids.push(...threads.map((t) => t.id));
  }
  await server.service.release({});
  // Since the round: a third of the files moved under their threads, a third edited at them. Written more
  // than a second ago as far as the stamps go (a file changed within the last second is never reused).
  const third = Math.floor(FILES / 3);
  for (let i = 0; i < 2 * third; i++) {
    const lines = agentText(i).split("\n");
    if (i < third) lines.unshift("// added", "// added");
    else for (let k = 0; k < PER_FILE; k++) lines[19 + 40 * k] += " // edited";
    await writeFile(join(dir, path(i)), lines.join("\n"));
  }
  await new Promise((resolve) => setTimeout(resolve, 1100));

  const { createServer } = await import("node:http");
  const listing = await fetch(`${server.url}/api/threads?status=all`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  // The same answer as the server's: plain JSON (gzip saves under a millisecond on loopback, listing-encoding).
  const body = Buffer.from(await listing.arrayBuffer());
  const bare = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  });
  await new Promise((resolve) => bare.listen(0, "127.0.0.1", resolve));

  let replies = 0;
  process.on("message", async (message) => {
    if (message.reply !== undefined) {
      // The agent's reply, as review_reply makes it; against the bare server nothing is written.
      if (message.bare !== true)
        await server.service.agentReply({
          id: ids[(replies++ * 7) % ids.length],
          text: `Reply ${message.reply}: moved it.`,
        });
      process.send({ replied: message.reply });
    }
    // The server's own CPU time: what its caches save, far less moved by other processes than wall time.
    if (message === "cpu") {
      const { user, system } = process.cpuUsage();
      process.send({ cpuMs: (user + system) / 1000 });
    }
    if (message === "stop") {
      await server.close();
      await new Promise((resolve) => bare.close(resolve));
      await rm(dir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send({
    url: server.url,
    bareUrl: `http://127.0.0.1:${bare.address().port}`,
    token: server.token,
    threads: ids.length,
  });
}

async function drive() {
  const variants = (process.env.BENCH_VARIANTS ?? "").split(",").filter(Boolean);
  const gunzipAsync = promisify(gunzip);

  /** One server process (with OCR_OFF=`off`), one session against it (or its bare neighbour). */
  async function session(off, { bare = false } = {}) {
    const child = fork(new URL(import.meta.url).pathname, ["serve"], {
      env: { ...process.env, OCR_OFF: off.replaceAll("+", ",") },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const ready = await new Promise((resolve, reject) => {
      child.once("message", resolve);
      child.once("exit", (code) => reject(new Error(`the server process exited (${code}) before it was ready`)));
    });
    const agent = new Agent({ keepAlive: true, maxSockets: PANELS });
    const url = bare ? ready.bareUrl : ready.url;
    const stats = { failed: 0, busy: 0, latencies: [], failures: [] };
    const list = () =>
      new Promise((resolve) => {
        const start = performance.now();
        const req = request(
          `${url}/api/threads?status=all`,
          { agent, headers: { authorization: `Bearer ${ready.token}`, "accept-encoding": "gzip" } },
          (res) => {
            const chunks = [];
            res.on("data", (chunk) => chunks.push(chunk));
            res.on("end", () => {
              stats.latencies.push(performance.now() - start);
              resolve({
                status: res.statusCode,
                gzipped: res.headers["content-encoding"] === "gzip",
                bytes: Buffer.concat(chunks),
              });
            });
          },
        );
        req.on("error", (error) => {
          stats.failed++;
          stats.failures.push(error.message);
          resolve(null);
        });
        req.end();
      });
    const reply = (n) =>
      new Promise((resolve) => {
        const done = (message) => {
          if (message.replied !== n) return;
          child.off("message", done);
          resolve();
        };
        child.on("message", done);
        child.send({ reply: n, bare });
      });
    const check = async (response) => {
      if (response === null) return;
      const text = (response.gzipped ? await gunzipAsync(response.bytes) : response.bytes).toString("utf8");
      if (/SQLITE_BUSY|database is locked/i.test(text)) stats.busy++;
      if (response.status !== 200 || JSON.parse(text).threads.length !== ready.threads) {
        stats.failed++;
        stats.failures.push(`${response.status}: ${text.slice(0, 120)}`);
      }
    };
    // Each panel opens the review once before the agent starts.
    await Promise.all(Array.from({ length: PANELS }, list));
    stats.latencies.length = 0;
    const kept = [];
    const cpu = () =>
      new Promise((resolve) => {
        const take = (message) => {
          if (message.cpuMs === undefined) return;
          child.off("message", take);
          resolve(message.cpuMs);
        };
        child.on("message", take);
        child.send("cpu");
      });
    const cpuBefore = await cpu();
    const start = performance.now();
    for (let n = 0; n < REPLIES; n++) {
      await reply(n);
      const answers = await Promise.all(Array.from({ length: PANELS }, list));
      // Bodies are checked after the session, so parsing them does not count into the next listing's time.
      if (n % 10 === 0) kept.push(...answers);
      else for (const answer of answers) if (answer === null || answer.status !== 200) kept.push(answer);
    }
    const ms = performance.now() - start;
    const cpuMs = (await cpu()) - cpuBefore;
    for (const answer of kept) await check(answer);
    agent.destroy();
    child.send("stop");
    await new Promise((resolve) => child.once("exit", resolve));
    return {
      ms,
      cpuMs,
      p50: quantile(stats.latencies, 0.5),
      p99: quantile(stats.latencies, 0.99),
      failed: stats.failed,
      busy: stats.busy,
      failures: stats.failures,
      threads: ready.threads,
    };
  }

  const line = (name, r) =>
    `${name.padEnd(22)} session ${r.ms.toFixed(0).padStart(6)} ms, server CPU ${r.cpuMs.toFixed(0).padStart(6)} ms   listing p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms   failed ${r.failed}  SQLITE_BUSY ${r.busy}`;
  const all = [];
  const pairs = [];
  const byVariant = new Map(variants.map((v) => [v, []]));
  for (let repeat = 0; repeat < REPEAT; repeat++) {
    console.log(
      `\nrun ${repeat + 1} of ${REPEAT}: ${PANELS} panels and an agent, a listing by every panel after each of ${REPLIES} replies`,
    );
    // The reference beside an all-on server in every run, so each verdict pair meets the machine in one state.
    const on = await session("");
    const bare = await session("", { bare: true });
    all.push(on);
    pairs.push({ on, bare });
    console.log(line("all on", on));
    console.log(line("bare node:http", bare));
    // Each variant beside its own all-on session, in alternating order: the machine's load drifts.
    for (const variant of variants) {
      const first = repeat % 2 === 0 ? await session("") : await session(variant);
      const second = repeat % 2 === 0 ? await session(variant) : await session("");
      const [on, off] = repeat % 2 === 0 ? [first, second] : [second, first];
      all.push(on);
      byVariant.get(variant).push({ off, on });
      console.log(line("all on", on));
      console.log(`${line(`${variant} off`, off)}   server CPU ${(off.cpuMs / on.cpuMs).toFixed(2)}x all on`);
    }
  }
  if (variants.length > 0) {
    console.log(
      `\nwhat each buys: the server's CPU time for the session with it off / with all on (each beside an all-on run; ${REPEAT} runs, medians)`,
    );
    for (const [variant, runs] of byVariant) {
      const ratio = median(runs.map((r) => r.off.cpuMs / r.on.cpuMs));
      const wall = median(runs.map((r) => r.off.ms / r.on.ms));
      console.log(
        `  ${variant.padEnd(16)} CPU ${ratio.toFixed(2)}x, wall ${wall.toFixed(2)}x   p50 ${median(runs.map((r) => r.off.p50)).toFixed(1)} ms off vs ${median(runs.map((r) => r.on.p50)).toFixed(1)} ms on, p99 ${median(runs.map((r) => r.off.p99)).toFixed(1)} ms off vs ${median(runs.map((r) => r.on.p99)).toFixed(1)} ms on   ${ratio >= 1.2 ? "buys >= 20%" : "buys < 20%"}`,
      );
    }
  }

  // The verdict's pair: the run whose p99 ratio is the median of the runs (one stray pause on a shared
  // machine moves a single run's p99 of 300 listings; the median of paired runs is what the server does).
  const ranked = [...pairs].sort((a, b) => a.on.p99 / a.bare.p99 - b.on.p99 / b.bare.p99);
  const { on: target, bare: reference } = ranked[Math.floor((ranked.length - 1) / 2)];
  console.log(`\nreference: a bare node:http server answering the same listing, same session, beside each all-on run`);
  console.log(`p99 ratios by run: ${pairs.map((p) => (p.on.p99 / p.bare.p99).toFixed(1) + "x").join(", ")}`);
  const ratio = target.p99 / reference.p99;
  const failed = all.reduce((sum, r) => sum + r.failed, 0);
  const busy = all.reduce((sum, r) => sum + r.busy, 0);
  for (const r of all) for (const why of r.failures.slice(0, 3)) console.log(`  failure: ${why}`);
  const green = ratio <= 3 && failed === 0 && busy === 0;
  console.log(
    `verdict: review server p99 ${target.p99.toFixed(1)} ms / bare p99 ${reference.p99.toFixed(1)} ms = ${ratio.toFixed(1)}x (target within 3x), failed ${failed}, SQLITE_BUSY ${busy} (targets 0): ${green ? "GREEN" : "MISSED"}`,
  );
  if (!green) process.exitCode = 1;
}
