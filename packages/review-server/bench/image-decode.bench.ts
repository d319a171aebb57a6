// The terminal half's image comparison per kind of image: how long the answer takes, the longest the
// calling thread (opencode's UI thread) went without running a timer meanwhile, and the process's peak
// memory (the worker's included). The stall is also measured over as long a time spent idle, since on a
// loaded machine the thread waits for a core either way. Run as inside opencode: `bun bench/image-decode.bench.ts` (after
// `pnpm build`, which builds the worker); each kind runs in a process of its own so peaks do not mix.
// BENCH_KIND=<name> runs one kind in this process.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { blobId } from "../src/service/files/file-bytes.js";
import { pngBomb, pngFile } from "../src/testing/png-file.js";
import { createImageComparer, type ComparedImage } from "../src/tui/image-comparer.js";

const kinds: Record<string, (seed: number) => Uint8Array> = {
  "bomb 1x40,000,000 (65 B)": () => pngBomb(1, 40_000_000),
  "PNG 4 MP RGB": (seed) => pngFile({ width: 2000, height: 2000, colorType: 2, seed }),
  "PNG 36 MP RGB": (seed) => pngFile({ width: 6000, height: 6000, colorType: 2, seed }),
  "PNG 36 MP RGB, Paeth": (seed) => pngFile({ width: 6000, height: 6000, colorType: 2, filter: 4, seed }),
  "PNG 40 MP RGBA 16-bit": (seed) => pngFile({ width: 8000, height: 5000, colorType: 6, bitDepth: 16, seed }),
};

const peakMb = () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024);

const kind = process.env.BENCH_KIND;
if (kind === undefined) {
  for (const name of Object.keys(kinds)) {
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_KIND: name },
      encoding: "utf8",
    });
    process.stdout.write(run.stdout || run.stderr);
  }
} else {
  const image = async (bytes: Uint8Array): Promise<ComparedImage> => ({
    bytes,
    mime: "image/png",
    blob: await blobId(bytes),
  });
  const before = await image(kinds[kind]!(0));
  const after = await image(kinds[kind]!(1));
  // The fixtures' garbage is collected now, not during the measurement (Bun.gc; node --expose-gc).
  const collect =
    (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc ?? (globalThis as { gc?: () => void }).gc;
  collect?.(true);
  const startPeak = peakMb();
  let longestStall = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  const answer = await createImageComparer({ timeoutMs: 120_000 })(before, after);
  const took = performance.now() - started;
  // The same time spent idle: on a busy machine the thread also waits for a core, decode or not.
  const busyStall = longestStall;
  longestStall = 0;
  await new Promise((idle) => setTimeout(idle, Math.min(took, 20_000)));
  const idleStall = longestStall;
  clearInterval(timer);
  const said = answer.state === "compared" ? `${(answer.difference.share * 100).toFixed(1)}% changed` : answer.why;
  console.log(
    `${kind}: answer in ${Math.round(took)} ms, longest stall of the calling thread ${Math.round(busyStall)} ms (${Math.round(idleStall)} ms idle), peak ${peakMb()} MB (${startPeak} MB before) · ${said}`,
  );
}
