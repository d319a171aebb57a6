import { describe, expect, it } from "vitest";
import { topAfterMove } from "./viewport.js";

describe("topAfterMove", () => {
  it("puts a file jumped to at the top, not at the bottom of the screen", () => {
    expect(topAfterMove({ top: 0, cursor: 80, height: 20, total: 200, jumpedToFile: true })).toBe(80);
    expect(topAfterMove({ top: 0, cursor: 80, height: 20, total: 200, jumpedToFile: false })).toBe(64);
  });

  it("stops where the last screen starts", () => {
    expect(topAfterMove({ top: 0, cursor: 195, height: 20, total: 200, jumpedToFile: true })).toBe(180);
  });
});
