#!/usr/bin/env node
// What a client's Stop hook costs the agent's turn: `opencode-review hook stop` (the built CLI, the hook's
// JSON on stdin) over a store with released comments waiting, against a bare Node start, in the same run.
// Target: within 1 s of the bare start (docs/mcp.md: the hooks never hold up the client's turn). The suite
// asserts only what a person notices (the answer, and no 5 s busy wait under a lock); the figure lives here.
// Each run is a pair in alternating order; the verdict is the median of the pairs' differences. BENCH_RUNS
// (default 9) sets the pairs. Run: pnpm bench hook (builds first). Exits 1 when the target is missed.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtemp, realpath, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const { createReviewService } = await import(join(root, "dist/service/index.js"));
const { openStore } = await import(join(root, "dist/store/index.js"));
const { createEventBus } = await import(join(root, "dist/events/event-bus.js"));
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const dir = await realpath(await mkdtemp(join(tmpdir(), "opencode-review-bench-hook-")));
const git = (...args) => execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...args], { cwd: dir });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const timed = (args, input) => {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: dir, input, encoding: "utf8" });
  return { ms: performance.now() - start, stdout: r.stdout };
};

try {
  git("init", "-q", "-b", "main");
  await mkdir(join(dir, "src"));
  await writeFile(join(dir, "src/a.ts"), "export const a = 1;\n");
  git("add", "-A");
  git("commit", "-q", "-m", "base");
  await writeFile(join(dir, "src/a.ts"), "export const a = 2;\n");
  const store = await openStore({ path: join(dir, ".git", "opencode-review", "review.sqlite") });
  const service = createReviewService({
    now: () => new Date().toISOString(),
    dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
  });
  await service.draftThread({ file: "src/a.ts", start: 1, end: 1, body: "Why 2?" });
  await service.release({});
  await store.close();

  const input = JSON.stringify({
    session_id: "s1",
    transcript_path: "/dev/null",
    cwd: dir,
    hook_event_name: "Stop",
    stop_hook_active: false,
  });
  const hook = () => timed([join(root, "dist/cli.js"), "hook", "stop"], input);
  const bare = () => timed(["-e", "0"], "");
  if (!hook().stdout.includes('"decision":"block"')) throw new Error("the hook did not block on the released comment");
  const differences = [];
  for (let i = 0; i < RUNS; i++) {
    const [h, b] =
      i % 2 === 0
        ? [hook(), bare()]
        : (() => {
            const b = bare();
            return [hook(), b];
          })();
    differences.push(h.ms - b.ms);
  }
  const verdict = median(differences);
  const spread = `${Math.round(Math.min(...differences))}-${Math.round(Math.max(...differences))}`;
  console.log(
    `hook stop beyond a bare Node start: median ${Math.round(verdict)} ms (spread ${spread} ms over ${RUNS} pairs); target < 1000 ms`,
  );
  process.exitCode = verdict < 1000 ? 0 : 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
