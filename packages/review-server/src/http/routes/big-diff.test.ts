import { openSync, closeSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempRepository, type TempRepository } from "../../git/testing/temp-repository.js";
import { startReviewServer, type RunningReviewServer } from "../../server/start-review-server.js";
import { systemClock } from "../../service/clock.js";

let repo: TempRepository;
let server: RunningReviewServer;

/** A text file of `lines` lines of 99 characters and a newline, written in pieces (never whole in memory). */
function writeBigText(path: string, lines: number): void {
  const fd = openSync(path, "w");
  try {
    const line = `${"x".repeat(98)}y\n`;
    const chunk = line.repeat(10_000);
    for (let i = 0; i < lines / 10_000; i++) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

beforeAll(async () => {
  repo = await makeTempRepository();
  await repo.write("src/a.ts", "export const a = 1;\n");
  await repo.commitAll("base");
  await repo.write("src/a.ts", "export const a = 2;\n");
  writeBigText(join(repo.dir, "big.log"), 1_000_000); // 100 MB, untracked
  writeBigText(join(repo.dir, "medium.log"), 20_000); // 2 MB: over the 1 MB limit, under the 5 MB ceiling
  server = await startReviewServer({
    now: systemClock,
    dir: repo.dir,
    delivery: { mode: "tools", deliver: async () => null },
    tools: true,
    panelDir: join(repo.dir, "no-panel"),
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await repo?.remove();
});

const auth = () => ({ authorization: `Bearer ${server.token}` });

describe("GET /api/diff with a 100 MB file", () => {
  it("shows every other file, lists the big one as too large with its changed lines, and /api/health answers all the while", async () => {
    const timings: number[] = [];
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let done = false;
    const started = Date.now();
    const diff = fetch(`${server.url}/api/diff`, { headers: auth() }).then(async (res) => ({
      status: res.status,
      json: (await res.json()) as any,
    }));
    void diff.finally(() => (done = true));
    while (!done) {
      const at = performance.now();
      const health = await fetch(`${server.url}/api/health`, { headers: auth() });
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      timings.push(performance.now() - at);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { status, json } = await diff;
    const took = Date.now() - started;
    timings.sort((a, b) => a - b);
    console.log(
      `diff took ${took} ms; ${timings.length} health checks, median ${timings[timings.length >> 1]?.toFixed(1)} ms, max ${timings.at(-1)?.toFixed(1)} ms; test process RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${(rssPeak / 2 ** 20).toFixed(0)} MB at most during`,
    );

    expect(status).toBe(200);
    const byPath = new Map((json.files as any[]).map((f) => [f.path, f]));
    expect(byPath.get("src/a.ts").hunks.length).toBe(1);
    const big = byPath.get("big.log");
    expect(big.hunks).toEqual([]);
    expect(big.tooLarge).toMatchObject({ reason: "size", additions: 1_000_000, deletions: 0, canLoad: false });
    expect(big.tooLarge.message).toMatch(/^This file is too large to show \(95\.4 MB/);
    expect(byPath.get("medium.log").tooLarge).toMatchObject({ canLoad: true, additions: 20_000 });
    // Answered while the diff was built, not after it (the health checks ran through the wait).
    expect(timings.length).toBeGreaterThan(1);
    expect(timings.at(-1)!).toBeLessThan(1000);
  }, 120_000);

  it("loads a file too large by default when asked (file=&full=1), and refuses one over the hard ceiling", async () => {
    const medium = await fetch(`${server.url}/api/diff?file=medium.log&full=1`, { headers: auth() });
    expect(medium.status).toBe(200);
    const files = ((await medium.json()) as any).files;
    expect(files.map((f: any) => f.path)).toEqual(["medium.log"]);
    expect(files[0].tooLarge).toBeUndefined();
    expect(files[0].hunks[0].lines).toHaveLength(20_000);

    const big = await fetch(`${server.url}/api/diff?file=big.log&full=1`, { headers: auth() });
    expect(big.status).toBe(200);
    const [only] = ((await big.json()) as any).files;
    expect(only.tooLarge).toMatchObject({ canLoad: false });
    expect(only.tooLarge.message).toMatch(/over the 5\.0 MB that can be loaded at all/);

    const unknown = await fetch(`${server.url}/api/diff?file=nope.txt`, { headers: auth() });
    expect(unknown.status).toBe(404);
  }, 120_000);
});
