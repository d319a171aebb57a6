import { describe, expect, it } from "vitest";
import { anchorAt, anchoredTop, type PlacedRow } from "./scroll-anchor.js";

const rows = (...sizes: [string, number][]): PlacedRow[] => {
  let start = 0;
  return sizes.map(([key, size]) => ({ key, start, end: (start += size) }));
};

describe("scroll anchoring", () => {
  it("finds the row the screen starts in, and none at the very top", () => {
    const laid = rows(["a", 20], ["b", 20], ["c", 20]);
    expect(anchorAt(laid, 25)).toEqual({ key: "b", offset: 5 });
    expect(anchorAt(laid, 20)).toEqual({ key: "b", offset: 0 });
    expect(anchorAt(laid, 0)).toBeNull();
  });

  it("keeps that row where it was when rows arrive above it, and lets go when it is gone", () => {
    const anchor = anchorAt(rows(["header", 50], ["app.ts", 50], ["line 24", 20]), 50)!;
    // Two thread cards arrive above the file the person opened.
    const after = rows(["header", 50], ["thread 1", 150], ["thread 2", 150], ["app.ts", 50], ["line 24", 20]);
    expect(anchoredTop(after, anchor)).toBe(350);
    expect(anchoredTop(rows(["header", 50]), anchor)).toBeNull();
  });
});
