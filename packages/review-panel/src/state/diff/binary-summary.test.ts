import { describe, expect, it } from "vitest";
import { binarySummary, changedShareText, pixelShare } from "./binary-summary.js";
import type { ImageDifference } from "@opencode-review/core";

const side = (label: string, size: number, width?: number, height?: number) => ({
  label,
  size,
  dimensions: width && height ? { width, height } : null,
});
const diff = (changed: number, area: number): ImageDifference => ({
  width: area,
  height: 1,
  changed,
  share: changed / area,
  box: changed ? { x: 0, y: 0, width: 1, height: 1 } : null,
});

describe("the words for a binary file, shared by both panels", () => {
  it("names type, dimensions once when equal (both when not) and sizes, with one side for added or deleted files", () => {
    expect(binarySummary(side("PNG", 12_288, 640, 480), side("PNG", 14_336, 640, 480))).toBe(
      "PNG 640x480 · 12 KB → 14 KB",
    );
    expect(binarySummary(side("PNG", 900, 10, 10), side("JPEG", 900, 20, 10))).toBe(
      "PNG → JPEG 10x10 → 20x10 · 900 B → 900 B",
    );
    expect(binarySummary(null, side("PNG", 417, 32, 16))).toBe("PNG 32x16 · 417 B (added)");
    expect(binarySummary(side("PDF", 3 * 1024 * 1024), null)).toBe("PDF · 3.0 MB (deleted)");
    expect(binarySummary(null, null)).toBe("");
  });

  it("gives the changed share to a tenth of a percent, and below that as <0.1", () => {
    expect(pixelShare(diff(32, 1000))).toBe("3.2");
    expect(pixelShare(diff(1, 10_000))).toBe("<0.1");
    expect(changedShareText(diff(0, 100))).toBe("no pixels changed");
    expect(changedShareText(diff(3072, 307_200))).toBe("1.0% of pixels changed");
  });
});
