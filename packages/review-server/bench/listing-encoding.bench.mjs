#!/usr/bin/env node
// What gzip buys the thread listing on loopback (issue 39): one process holds the real review server (500
// released threads over 50 files, as http-load) and its client. For each answer form it prints the median
// time a panel waits for the listing, from the request to the parsed threads (gunzip included when gzipped),
// the unchanged listing read again (its body kept) and the first read after a reply (a new body made), and
// the body's size; then the cost of a plain `JSON.stringify({ threads })` of the same listing, the work an
// answer does that keeps no body at all.
// Needs the built server: pnpm --filter @opencode-review/core build && pnpm --filter opencode-review build.
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { median } from "../../../scripts/bench-timing.mjs";
import { benchGit } from "./bench-repository.mjs";

const FILES = 50;
const THREADS_PER_FILE = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

const { startReviewServer } = await import("../dist/server/start-review-server.js");
const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-encoding-")));
const git = benchGit(dir);
const lines = (i, changed) =>
  Array.from({ length: 120 }, (_, n) =>
    changed && n % 10 === 3 ? `export const v${i}_${n} = ${n} * 2; // changed` : `export const v${i}_${n} = ${n};`,
  ).join("\n") + "\n";
await git("init", "-q", "-b", "main");
await mkdir(join(dir, "src"), { recursive: true });
for (let i = 0; i < FILES; i++) await writeFile(join(dir, "src", `mod${i}.ts`), lines(i, false));
await git("add", "-A");
await git("commit", "-q", "-m", "base");
for (let i = 0; i < FILES; i++) await writeFile(join(dir, "src", `mod${i}.ts`), lines(i, true));

const server = await startReviewServer({
  now: () => new Date().toISOString(),
  dir,
  dbPath: join(dir, ".git", "opencode-review", "review.sqlite"),
  delivery: { mode: "tools", deliver: async () => null },
  tools: true,
  panelDir: join(dir, "no-panel"),
});
try {
  const round = await server.service.takeRound();
  const ids = [];
  for (let i = 0; i < FILES; i++) {
    for (let k = 0; k < THREADS_PER_FILE; k++) {
      const line = k * 10 + 4;
      const thread = await server.service.draftThread({
        file: `src/mod${i}.ts`,
        start: line,
        end: line,
        roundId: round.id,
        body: `Why double v${i}_${line - 1}?`,
      });
      ids.push(thread.id);
    }
  }
  await server.service.release({});

  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(`${server.url}/api/threads?status=all`);
  /** The listing as a panel gets it: the request, the whole body, gunzipped if it came gzipped, parsed. */
  const read = (encoding) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        url,
        { agent, headers: { authorization: `Bearer ${server.token}`, "accept-encoding": encoding } },
        (res) => {
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => {
            const body = Buffer.concat(chunks);
            const text = (res.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8");
            const threads = JSON.parse(text).threads;
            if (threads.length !== ids.length) reject(new Error(`expected ${ids.length} threads`));
            resolve({ ms: performance.now() - started, bytes: body.length });
          });
        },
      );
      req.on("error", reject);
      req.end();
    });
  const reply = (n) =>
    fetch(`${server.url}/api/threads/${ids[n % ids.length]}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: JSON.stringify({ body: `reply ${n}` }),
    }).then((r) => r.arrayBuffer());

  const forms = { gzip: "gzip", json: "identity" };
  const kept = { gzip: [], json: [] };
  const fresh = { gzip: [], json: [] };
  const size = {};
  for (const encoding of Object.values(forms)) await read(encoding); // warm both paths
  for (let r = 0; r < RUNS; r++) {
    // Alternating which form goes first, so neither always finds the caches the other warmed.
    const order = r % 2 === 0 ? ["gzip", "json"] : ["json", "gzip"];
    for (const form of order) {
      await reply(r * 2 + (form === "gzip" ? 0 : 1));
      const first = await read(forms[form]);
      const again = await read(forms[form]);
      fresh[form].push(first.ms);
      kept[form].push(again.ms);
      size[form] = first.bytes;
    }
  }
  const { threads } = await server.service.threadListing({ status: "all" });
  const stringify = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    JSON.stringify({ threads });
    stringify.push(performance.now() - started);
  }
  agent.destroy();

  console.log(`listing of ${ids.length} threads on loopback, ${RUNS} runs, median ms from request to parsed threads`);
  for (const form of ["gzip", "json"]) {
    console.log(
      `  ${form.padEnd(4)} body ${(size[form] / 1024).toFixed(0).padStart(4)} KiB   kept body ${median(kept[form]).toFixed(2)} ms   first read after a reply ${median(fresh[form]).toFixed(2)} ms`,
    );
  }
  console.log(`  JSON.stringify({ threads }) of the same listing: ${median(stringify).toFixed(2)} ms`);
} finally {
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
