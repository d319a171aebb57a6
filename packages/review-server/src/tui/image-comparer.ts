// The share of pixels changed between two versions of an image, for the terminal half's line about a binary
// file. The decode runs in a worker thread (image-compare-worker.ts), never in the thread that draws
// opencode's terminal, under a budget: both files are checked against their headers before the worker
// starts (image-budget.ts), and a worker still busy after the time budget is stopped. Answers are kept by
// the two blobs' ids, so the diff's polls and reopening the panel do not decode the same images again.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ImageDifference } from "@opencode-review/core";
import { imageBudget } from "./image-budget.js";
import type { EncodedImage, WorkerAnswer } from "./image-compare-worker.js";

/** The share of pixels changed, or why it was not computed. */
export type ImageComparison =
  | { readonly state: "compared"; readonly difference: ImageDifference }
  | { readonly state: "not-compared"; readonly why: string };

/** One version to compare: its bytes, its decoder and its git blob id (the cache key). */
export interface ComparedImage extends EncodedImage {
  readonly blob: string;
}

export interface ImageComparerOptions {
  /** The built worker script; defaults to the one beside this module (see `defaultWorkerFile`). */
  readonly workerFile?: string | null;
  /** How long one comparison may run before its worker is stopped. */
  readonly timeoutMs?: number;
  /** How many answers are kept (each is a few numbers). */
  readonly keep?: number;
}

/**
 * Where the worker script is: beside the bundle (`dist/tui.js` and `dist/image-compare-worker.js`), or the
 * built one from the sources (tests of `src/`); null when it was never built.
 * @example defaultWorkerFile() // "/…/node_modules/opencode-review/dist/image-compare-worker.js"
 */
export function defaultWorkerFile(from: string = import.meta.url): string | null {
  const candidates = [
    "./image-compare-worker.js",
    "../image-compare-worker.js",
    "../../dist/image-compare-worker.js",
  ].map((p) => fileURLToPath(new URL(p, from)));
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** Seconds a comparison may take: a 36-megapixel PNG pair decodes in 2-5 s on a loaded 2-core machine. */
export const defaultCompareTimeoutMs = 30_000;

/**
 * A comparer that decodes off the calling thread, within the decode budget, and remembers its answers.
 * @example const compare = createImageComparer(); await compare(before, after) // { state: "compared", difference: { share: 0.03, ... } }
 */
export function createImageComparer(options: ImageComparerOptions = {}) {
  const workerFile = options.workerFile === undefined ? defaultWorkerFile() : options.workerFile;
  const timeoutMs = options.timeoutMs ?? defaultCompareTimeoutMs;
  const keep = options.keep ?? 64;
  // Promises, so a poll arriving while the first decode runs waits for that one instead of starting another.
  const answers = new Map<string, Promise<ImageComparison>>();

  const run = (before: ComparedImage, after: ComparedImage): Promise<ImageComparison> =>
    new Promise((resolve) => {
      if (workerFile === null) {
        resolve({
          state: "not-compared",
          why: "no pixel share (the image decoder dist/image-compare-worker.js is not built)",
        });
        return;
      }
      // Moved to the worker, not cloned on this thread; copies of their own first, as a read file's bytes may share a pooled buffer.
      const [a, b] = [before.bytes.slice(), after.bytes.slice()];
      const worker = new Worker(workerFile, {
        workerData: { before: { bytes: a, mime: before.mime }, after: { bytes: b, mime: after.mime } },
        transferList: [a.buffer, b.buffer],
        // Node keeps the worker's own heap to this; the decoded pixels (Buffers) are bounded by the budget check.
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
      // Bun inside opencode may never report a stopped worker's exit: the answer does not wait for it.
      const settle = (result: ImageComparison) => {
        clearTimeout(timer);
        void worker.terminate().catch(() => undefined);
        resolve(result);
      };
      const timer = setTimeout(
        () => settle({ state: "not-compared", why: `no pixel share (decoding took over ${timeoutMs / 1000} s)` }),
        timeoutMs,
      );
      worker.once("message", (message: WorkerAnswer) =>
        settle(
          message.state === "compared"
            ? { state: "compared", difference: message.difference }
            : { state: "not-compared", why: message.why },
        ),
      );
      worker.once("error", (error) =>
        settle({ state: "not-compared", why: `no pixel share (the image decoder failed: ${error.message})` }),
      );
      worker.once("exit", (code) =>
        settle({ state: "not-compared", why: `no pixel share (the image decoder stopped, code ${code})` }),
      );
    });

  return (before: ComparedImage, after: ComparedImage): Promise<ImageComparison> => {
    // Refused from the headers here, before a worker or any pixel exists.
    for (const image of [before, after]) {
      const budget = imageBudget(image.bytes, image.mime);
      if (budget.state === "refused") return Promise.resolve({ state: "not-compared", why: budget.why });
    }
    const key = `${before.blob}:${after.blob}`;
    const known = answers.get(key);
    if (known) {
      // Kept most recently used last, so the oldest goes first.
      answers.delete(key);
      answers.set(key, known);
      return known;
    }
    const answer = run(before, after);
    answers.set(key, answer);
    while (answers.size > keep) answers.delete(answers.keys().next().value!);
    return answer;
  };
}

export type ImageComparer = ReturnType<typeof createImageComparer>;
