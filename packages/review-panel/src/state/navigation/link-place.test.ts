import { describe, expect, it } from "vitest";
import type { DiffFile, Thread } from "../../api.js";
import { buildRows } from "../diff/diff-rows.js";
import { linkToPlace, placeFromLink, placeOfRow, rowOfPlace } from "./link-place.js";

const file: DiffFile = {
  path: "src/a.ts",
  oldPath: null,
  status: "modified",
  binary: false,
  hunks: [
    {
      oldStart: 1,
      oldLines: 3,
      newStart: 1,
      newLines: 3,
      lines: [
        { kind: "ctx", old: 1, new: 1, text: "one" },
        { kind: "del", old: 2, new: null, text: "two" },
        { kind: "add", old: null, new: 2, text: "TWO" },
        { kind: "ctx", old: 3, new: 3, text: "three" },
      ],
    },
  ],
} as DiffFile;

describe("a place in a web panel link", () => {
  it("goes into the fragment after the token and comes back out as it went in", () => {
    const link = "http://127.0.0.1:4321/#token=ab12";
    const line = linkToPlace(link, { kind: "line", file: "src/a b.ts", side: "new", line: 6 });
    expect(line).toBe("http://127.0.0.1:4321/#token=ab12&file=src%2Fa+b.ts&line=6");
    expect(placeFromLink(new URL(line).hash)).toEqual({ kind: "line", file: "src/a b.ts", side: "new", line: 6 });
    const old = linkToPlace(link, { kind: "line", file: "src/a.ts", side: "old", line: 2 });
    expect(placeFromLink(new URL(old).hash)).toEqual({ kind: "line", file: "src/a.ts", side: "old", line: 2 });
    const thread = linkToPlace(link, { kind: "thread", id: "t_1", file: "src/a.ts" });
    expect(placeFromLink(new URL(thread).hash)).toEqual({ kind: "thread", id: "t_1", file: "src/a.ts" });
    expect(placeFromLink(new URL(linkToPlace(link, { kind: "file", file: "src/a.ts" })).hash)).toEqual({
      kind: "file",
      file: "src/a.ts",
    });
  });

  it("names nothing when the fragment has no file, and a bad line is the file", () => {
    expect(placeFromLink("#token=ab")).toBeNull();
    expect(placeFromLink("")).toBeNull();
    expect(placeFromLink("#file=a.ts&line=-3")).toEqual({ kind: "file", file: "a.ts" });
    expect(placeFromLink("#file=a.ts&line=x")).toEqual({ kind: "file", file: "a.ts" });
  });

  it("is found among the rows: a line on its side, a thread, else the file's header; a gone file is null", () => {
    const thread: Thread = {
      id: "t_9",
      file: "src/a.ts",
      side: "new",
      start: 2,
      end: 2,
      round: { id: "r1", ordinal: 1 },
      quoted: ["+TWO"],
      context: { before: [], after: [] },
      anchor: { state: "current", start: 2, end: 2 },
      status: "open",
      awaiting: "agent",
      origin: "human",
      resolvedAt: null,
      resolvedBy: null,
      unreadByHuman: false,
      messages: [
        {
          id: "m1",
          author: "human",
          body: "hi",
          suggestion: null,
          createdAt: "2025-01-01T00:00:00Z",
          delivery: "sent",
        },
      ],
      createdAt: "2025-01-01T00:00:00Z",
      updatedAt: "2025-01-01T00:00:00Z",
    };
    const { rows } = buildRows({
      files: [file],
      threads: [thread],
      range: { from: "base", to: "worktree" },
      view: "unified",
      collapsed: new Set(),
    });
    const added = rowOfPlace(rows, { kind: "line", file: "src/a.ts", side: "new", line: 2 })!;
    expect(rows[added]).toMatchObject({ kind: "line", line: { kind: "add", new: 2 } });
    const deleted = rowOfPlace(rows, { kind: "line", file: "src/a.ts", side: "old", line: 2 })!;
    expect(rows[deleted]).toMatchObject({ kind: "line", line: { kind: "del", old: 2 } });
    expect(rows[rowOfPlace(rows, { kind: "thread", id: "t_9", file: "src/a.ts" })!]).toMatchObject({ kind: "threads" });
    expect(rows[rowOfPlace(rows, { kind: "line", file: "src/a.ts", side: "new", line: 99 })!]).toMatchObject({
      kind: "file",
    });
    expect(rowOfPlace(rows, { kind: "file", file: "gone.ts" })).toBeNull();
    // Each row names the place it stands for, and that place leads back to it.
    for (const at of [added, deleted]) expect(rowOfPlace(rows, placeOfRow(rows[at]!))).toBe(at);
  });
});
