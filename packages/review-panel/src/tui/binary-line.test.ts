import { describe, expect, it } from "vitest";
import { binaryLine } from "./binary-line.js";
import type { BinarySide } from "./review-backend.js";

function image(width: number, height: number, size: number, paint?: (x: number, y: number) => boolean): BinarySide {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const hit = paint?.(i % width, Math.floor(i / width)) ?? false;
    data.set([hit ? 255 : 0, 0, 0, 255], i * 4);
  }
  return { label: "PNG", size, image: true, dimensions: { width, height }, pixels: { width, height, data } };
}

describe("a binary file's line in the terminal", () => {
  it("says type, dimensions, sizes and the share of pixels changed for an image pair", () => {
    const before = image(640, 480, 12 * 1024);
    const after = image(640, 480, 14 * 1024, (x, y) => x < 64 && y < 48);
    expect(binaryLine({ before, after })).toBe("PNG 640x480 · 12 KB → 14 KB · 1.0% of pixels changed");
    expect(binaryLine({ before, after: before })).toBe("PNG 640x480 · 12 KB → 12 KB · no pixels changed");
  });

  it("has one side for an added or deleted file, and says why a format gives no share", () => {
    expect(binaryLine({ before: null, after: image(32, 16, 900) })).toBe("PNG 32x16 · 900 B (added)");
    expect(binaryLine({ before: image(32, 16, 900), after: null })).toBe("PNG 32x16 · 900 B (deleted)");
    const gif = (size: number): BinarySide => ({ label: "GIF", size, image: true, dimensions: { width: 8, height: 8 }, pixels: null, undecoded: "no pixel share for GIF in the terminal (the web panel shows it)" });
    expect(binaryLine({ before: gif(100), after: gif(120) })).toBe("GIF 8x8 · 100 B → 120 B · no pixel share for GIF in the terminal (the web panel shows it)");
  });

  it("gives other binaries their type and sizes", () => {
    const blob = (size: number): BinarySide => ({ label: "binary", size, image: false, dimensions: null, pixels: null });
    expect(binaryLine({ before: blob(2048), after: blob(3072) })).toBe("binary · 2 KB → 3 KB");
  });
});
