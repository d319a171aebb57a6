// The comparer with the built worker (dist/image-compare-worker.js: run `pnpm build` first), under Node
// here and under Bun (as inside opencode) through the bun binary.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { blobId } from "../service/files/file-bytes.js";
import { bunBinary } from "../testing/bun-binary.js";
import { pngBomb } from "../testing/png-file.js";
import { createImageComparer, defaultWorkerFile, type ComparedImage } from "./image-comparer.js";

async function png(width: number, height: number, changed = 0): Promise<ComparedImage> {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set([i < changed ? 255 : 0, 0, 0, 255], i * 4);
  const bytes = new Uint8Array(PNG.sync.write(image));
  return { bytes, mime: "image/png", blob: await blobId(bytes) };
}

describe("comparing two versions of an image off the terminal's thread", () => {
  it("finds the built worker and counts the pixels changed there", async () => {
    expect(defaultWorkerFile()).toMatch(/dist\/image-compare-worker\.js$/);
    const compare = createImageComparer();
    expect(await compare(await png(10, 10), await png(10, 10, 30))).toEqual({
      state: "compared",
      difference: { width: 10, height: 10, changed: 30, share: 0.3, box: { x: 0, y: 0, width: 10, height: 3 } },
    });
  });

  it("refuses the 65-byte bomb from its header, before any worker starts", async () => {
    const bytes = new Uint8Array(pngBomb(1, 40_000_000));
    // No worker script at all: an answer that needed one would say so.
    const compare = createImageComparer({ workerFile: "/nonexistent/image-compare-worker.js" });
    const answer = await compare({ bytes, mime: "image/png", blob: "a" }, { bytes, mime: "image/png", blob: "b" });
    expect(answer).toEqual({
      state: "not-compared",
      why: `PNG could not be decoded (its header claims 1x40000000 pixels, more than its ${bytes.length} bytes can hold)`,
    });
  });

  it("keeps each answer by the two blob ids: asking again decodes nothing", async () => {
    const compare = createImageComparer();
    const [a, b] = [await png(8, 8), await png(8, 8, 8)];
    const first = compare(a, b);
    expect(compare(a, b)).toBe(first);
    expect(await first).toMatchObject({ state: "compared", difference: { changed: 8 } });
    expect(compare({ ...a }, { ...b })).toBe(first);
    expect(compare(b, a)).not.toBe(first);
  });

  it("stops a decode that runs past its time budget and says so", async () => {
    const compare = createImageComparer({ timeoutMs: 1 });
    // Any real decode takes longer than a millisecond: the worker alone takes longer to start.
    expect(await compare(await png(600, 600), await png(600, 600, 10))).toEqual({
      state: "not-compared",
      why: "no pixel share (decoding took over 0.001 s)",
    });
  });

  it("under Node: the thread stays free while a 36-megapixel PNG pair decodes", async () => {
    const { pngFile } = await import("../testing/png-file.js");
    const image = async (bytes: Uint8Array): Promise<ComparedImage> => ({
      bytes,
      mime: "image/png",
      blob: await blobId(bytes),
    });
    const before = await image(pngFile({ width: 6000, height: 6000, colorType: 2 }));
    const after = await image(pngFile({ width: 6000, height: 6000, colorType: 2, seed: 1 }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const answer = await createImageComparer()(before, after);
    clearInterval(timer);
    expect(answer).toMatchObject({ state: "compared", difference: { width: 6000, height: 6000 } });
    expect(ticks).toBeGreaterThan(20);
  }, 120_000);

  it("under Bun, as inside opencode: the thread stays free while a 36-megapixel PNG pair decodes, and the bomb answers at once", () => {
    const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
    // Ticks of a 10 ms timer on the calling thread while the comparisons run: a decode on that thread
    // (the old code) lets none through until it ends.
    const script = `
      import { createImageComparer } from ${JSON.stringify(source("./image-comparer.ts"))};
      import { blobId } from ${JSON.stringify(source("../service/files/file-bytes.ts"))};
      import { pngBomb, pngFile } from ${JSON.stringify(source("../testing/png-file.ts"))};
      const compare = createImageComparer();
      const image = async (bytes) => ({ bytes: new Uint8Array(bytes), mime: "image/png", blob: await blobId(new Uint8Array(bytes)) });
      const bomb = await image(pngBomb(1, 40_000_000));
      const before = await image(pngFile({ width: 6000, height: 6000, colorType: 2 }));
      const after = await image(pngFile({ width: 6000, height: 6000, colorType: 2, seed: 1 }));
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      const bombAnswer = await compare(bomb, bomb);
      const ticksAtBomb = ticks;
      const photo = await compare(before, after);
      clearInterval(timer);
      console.log(JSON.stringify({ bombAnswer, ticksAtBomb, photo: photo.state === "compared" ? { width: photo.difference.width, changed: photo.difference.changed > 0 } : photo, ticks }));
    `;
    const out = JSON.parse(
      execFileSync(bunBinary(), ["-e", script], { encoding: "utf8", timeout: 110_000 }).trim().split("\n").at(-1)!,
    );
    expect(out.bombAnswer.why).toMatch(/its header claims 1x40000000 pixels, more than its \d+ bytes can hold/);
    expect(out.photo).toEqual({ width: 6000, changed: true });
    // Many ticks went by while the pair decoded in the worker (thousands of ms of decoding).
    expect(out.ticks).toBeGreaterThan(out.ticksAtBomb + 20);
  }, 120_000);
});
