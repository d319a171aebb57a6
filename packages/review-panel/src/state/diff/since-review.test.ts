import { describe, expect, it } from "vitest";
import type { DiffFile } from "../review-client.js";
import { changedSince, hunkChangedSince } from "./since-review.js";

const file: DiffFile = {
  path: "a.ts",
  oldPath: null,
  status: "modified",
  binary: false,
  hunks: [
    {
      oldStart: 9,
      oldLines: 3,
      newStart: 9,
      newLines: 3,
      lines: [
        { kind: "ctx", old: 9, new: 9, text: "a" },
        { kind: "del", old: 10, new: null, text: "b" },
        { kind: "add", old: null, new: 10, text: "B" },
        { kind: "ctx", old: 11, new: 11, text: "c" },
        { kind: "del", old: 12, new: null, text: "gone" },
      ],
    },
  ],
};

describe("since my last review", () => {
  it("reads the work tree lines a since-review diff touches, a deletion as the line it left before", () => {
    expect(changedSince([file]).get("a.ts")).toEqual([
      [10, 10],
      [10, 10],
      [12, 12],
    ]);
  });

  it("marks a hunk of the shown diff only when it covers such a line", () => {
    const spans = changedSince([file]).get("a.ts")!;
    expect(hunkChangedSince({ newStart: 8, newLines: 4 }, spans)).toBe(true);
    expect(hunkChangedSince({ newStart: 1, newLines: 5 }, spans)).toBe(false);
    expect(hunkChangedSince({ newStart: 12, newLines: 0 }, spans)).toBe(true);
  });
});
