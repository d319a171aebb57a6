import * as jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { pngBomb, pngFile } from "../testing/png-file.js";
import { imageBudget, maxDecodedBytes } from "./image-budget.js";

/** A PNG header claiming a size, over `compressed` bytes of IDAT (only their count matters to the budget). */
function pngClaiming(
  width: number,
  height: number,
  bitDepth: number,
  colorType: number,
  compressed: number,
): Uint8Array {
  const bomb = pngBomb(width, height);
  bomb[24] = bitDepth;
  bomb[25] = colorType;
  const idat = Buffer.alloc(12 + compressed);
  idat.writeUInt32BE(compressed, 0);
  idat.write("IDAT", 4, "ascii");
  return new Uint8Array(Buffer.concat([bomb.subarray(0, 33), idat]));
}

describe("the decode budget, read from an image's header", () => {
  it("refuses a PNG whose header claims more pixels than its compressed data could ever inflate to", () => {
    const bomb = pngBomb(1, 40_000_000);
    expect(bomb.length).toBeLessThan(80);
    expect(imageBudget(bomb, "image/png")).toEqual({
      state: "refused",
      why: `PNG could not be decoded (its header claims 1x40000000 pixels, more than its ${bomb.length} bytes can hold)`,
    });
    // A real file of the same claim would need ~155 KB at zlib's best ratio; 150 KB is still refused.
    expect(imageBudget(pngClaiming(1, 40_000_000, 8, 2, 150_000), "image/png").state).toBe("refused");
  });

  it("caps by the bytes decoding holds: bit depth and channels count, not pixels alone", () => {
    // 40 megapixels of 8-bit grey: 40 MB of samples and 160 MB of RGBA.
    expect(imageBudget(pngClaiming(8000, 5000, 8, 0, 1_000_000), "image/png")).toMatchObject({
      state: "fits",
      width: 8000,
      height: 5000,
    });
    // The same pixels in 16-bit RGBA: 320 MB of samples more.
    const deep = imageBudget(pngClaiming(8000, 5000, 16, 6, 1_000_000), "image/png");
    expect(deep).toEqual({
      state: "refused",
      why: `too large to compare pixels here (8000x5000 decodes to 458 MB; the terminal decodes up to ${maxDecodedBytes / 1024 / 1024} MB)`,
    });
    // A 36-megapixel RGB photo fits.
    expect(imageBudget(pngClaiming(6000, 6000, 8, 2, 1_000_000), "image/png")).toMatchObject({
      state: "fits",
      width: 6000,
      height: 6000,
    });
    // A real file's chunks are walked to the end.
    expect(imageBudget(pngFile({ width: 300, height: 20, colorType: 6, bitDepth: 16 }), "image/png")).toMatchObject({
      state: "fits",
      width: 300,
      height: 20,
    });
  });

  it("reads a JPEG's frame header and refuses one claiming more than its bytes can hold", () => {
    const photo = new Uint8Array(jpeg.encode({ width: 64, height: 32, data: Buffer.alloc(64 * 32 * 4, 90) }, 80).data);
    expect(imageBudget(photo, "image/jpeg")).toEqual({
      state: "fits",
      width: 64,
      height: 32,
      decodedBytes: 64 * 32 * 7,
    });
    // The same file claiming 65535x65535 (SOF0's height and width after the segment's length and precision).
    const sof = photo.findIndex((b, i) => b === 0xff && photo[i + 1] === 0xc0);
    const lying = photo.slice();
    lying.set([0xff, 0xff, 0xff, 0xff], sof + 5);
    expect(imageBudget(lying, "image/jpeg")).toEqual({
      state: "refused",
      why: `JPEG could not be decoded (its header claims 65535x65535 pixels, more than its ${photo.length} bytes can hold)`,
    });
    expect(imageBudget(photo.slice(0, 2), "image/jpeg").state).toBe("refused");
  });
});
