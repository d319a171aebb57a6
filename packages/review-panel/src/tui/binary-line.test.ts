import { describe, expect, it } from "vitest";
import { binaryLine } from "./binary-line.js";
import type { BinarySide, ImageComparison } from "./review-backend.js";

function image(width: number, height: number, size: number): BinarySide {
  return { label: "PNG", size, image: true, dimensions: { width, height } };
}
const compared = (changed: number, of: number): ImageComparison => ({
  state: "compared",
  difference: { width: 640, height: 480, changed, share: changed / of, box: null },
});

describe("a binary file's line in the terminal", () => {
  it("says type, dimensions, sizes and the share of pixels changed for an image pair", () => {
    const before = image(640, 480, 12 * 1024);
    const after = image(640, 480, 14 * 1024);
    expect(binaryLine({ before, after }, compared(64 * 48, 640 * 480))).toBe(
      "PNG 640x480 · 12 KB → 14 KB · 1.0% of pixels changed",
    );
    expect(binaryLine({ before, after: before }, compared(0, 640 * 480))).toBe(
      "PNG 640x480 · 12 KB → 12 KB · no pixels changed",
    );
  });

  it("shows type and sizes while the pixels are compared, and why when they could not be", () => {
    const before = image(640, 480, 12 * 1024);
    expect(binaryLine({ before, after: before }, "pending")).toBe("PNG 640x480 · 12 KB → 12 KB · comparing pixels…");
    expect(
      binaryLine({ before, after: before }, { state: "not-compared", why: "no pixel share (decoding took over 30 s)" }),
    ).toBe("PNG 640x480 · 12 KB → 12 KB · no pixel share (decoding took over 30 s)");
  });

  it("has one side for an added or deleted file, and says why a format gives no share", () => {
    expect(binaryLine({ before: null, after: image(32, 16, 900) })).toBe("PNG 32x16 · 900 B (added)");
    expect(binaryLine({ before: image(32, 16, 900), after: null })).toBe("PNG 32x16 · 900 B (deleted)");
    const gif = (size: number): BinarySide => ({
      label: "GIF",
      size,
      image: true,
      dimensions: { width: 8, height: 8 },
      undecoded: "no pixel share for GIF in the terminal (the web panel shows it)",
    });
    expect(binaryLine({ before: gif(100), after: gif(120) })).toBe(
      "GIF 8x8 · 100 B → 120 B · no pixel share for GIF in the terminal (the web panel shows it)",
    );
  });

  it("gives other binaries their type and sizes", () => {
    const blob = (size: number): BinarySide => ({ label: "binary", size, image: false, dimensions: null });
    expect(binaryLine({ before: blob(2048), after: blob(3072) })).toBe("binary · 2 KB → 3 KB");
  });
});
