// The worker that decodes two versions of an image and counts the pixels that changed, away from the
// thread that draws opencode's terminal: a 36-megapixel PNG costs seconds to decode, and none of them may
// hold up a key press. Bundled on its own as dist/image-compare-worker.js; started by image-comparer.ts,
// which checked both files against the decode budget first and stops this worker when it runs too long.
import { pixelDifference, type ImageDifference } from "@opencode-review/core";
import * as jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { parentPort, workerData } from "node:worker_threads";
import { maxDecodedBytes } from "./image-budget.js";

/** One version as the worker is given it. */
export interface EncodedImage {
  readonly bytes: Uint8Array;
  readonly mime: "image/png" | "image/jpeg";
}

/** What the worker answers. */
export type WorkerAnswer =
  | { readonly state: "compared"; readonly difference: ImageDifference }
  | { readonly state: "failed"; readonly why: string };

function decode(image: EncodedImage): { readonly width: number; readonly height: number; readonly data: Uint8Array } {
  if (image.mime === "image/png") {
    const png = PNG.sync.read(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    return { width: png.width, height: png.height, data: png.data };
  }
  const megabytes = Math.floor(maxDecodedBytes / 1024 / 1024);
  return jpeg.decode(image.bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxMemoryUsageInMB: megabytes,
    maxResolutionInMP: megabytes / 4,
  });
}

function answer(pair: { readonly before: EncodedImage; readonly after: EncodedImage }): WorkerAnswer {
  const label = (image: EncodedImage) => (image.mime === "image/png" ? "PNG" : "JPEG");
  let side = pair.before;
  try {
    const before = decode(pair.before);
    side = pair.after;
    const after = decode(pair.after);
    return { state: "compared", difference: pixelDifference(before, after) };
  } catch (error) {
    return {
      state: "failed",
      why: `${label(side)} could not be decoded (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

parentPort?.postMessage(answer(workerData as { readonly before: EncodedImage; readonly after: EncodedImage }));
