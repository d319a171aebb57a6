import { createRoot, createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import type { DiffFile, Thread } from "../../api.js";
import { buildRows, type Row } from "../diff/diff-rows.js";
import { actionAt, createCursor, moveHunk, moveLine } from "./cursor.js";
import { followCursor } from "./viewport.js";

const a: DiffFile = {
  path: "src/a.ts",
  oldPath: null,
  status: "modified",
  binary: false,
  hunks: [
    {
      oldStart: 1,
      oldLines: 2,
      newStart: 1,
      newLines: 2,
      lines: [
        { kind: "ctx", old: 1, new: 1, text: "one" },
        { kind: "del", old: 2, new: null, text: "two" },
        { kind: "add", old: null, new: 2, text: "TWO" },
      ],
    },
    {
      oldStart: 20,
      oldLines: 1,
      newStart: 20,
      newLines: 2,
      lines: [
        { kind: "ctx", old: 20, new: 20, text: "x" },
        { kind: "add", old: null, new: 21, text: "y" },
      ],
    },
  ],
};
const b: DiffFile = {
  path: "src/b.ts",
  oldPath: null,
  status: "added",
  binary: false,
  hunks: [
    { oldStart: 0, oldLines: 0, newStart: 1, newLines: 1, lines: [{ kind: "add", old: null, new: 1, text: "new" }] },
  ],
};
const thread: Thread = {
  id: "t1",
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
    { id: "m1", author: "human", body: "why?", suggestion: null, createdAt: "2025-01-01T00:00:00Z", delivery: "sent" },
  ],
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
};
const range = { from: "base", to: "worktree" };
const describeRow = (row: Row | undefined) =>
  !row
    ? "none"
    : row.kind === "line"
      ? `${row.file}:${row.line.kind}:${row.line.text}`
      : row.kind === "file"
        ? `file ${row.file.path}`
        : row.kind;

describe("the line cursor", () => {
  it("walks every line across files with j/k, skipping hunk headers and folds, and stops at both ends", () => {
    createRoot((dispose) => {
      const rows = buildRows({ files: [a, b], threads: [], range, view: "unified" }).rows;
      const cursor = createCursor(() => rows);
      const seen: string[] = [describeRow(cursor.row())];
      for (let i = 0; i < 10; i++) {
        cursor.down();
        seen.push(describeRow(cursor.row()));
      }
      expect(seen).toEqual([
        "file src/a.ts",
        "src/a.ts:ctx:one",
        "src/a.ts:del:two",
        "src/a.ts:add:TWO",
        "src/a.ts:ctx:x",
        "src/a.ts:add:y",
        "file src/b.ts",
        "src/b.ts:add:new",
        "src/b.ts:add:new",
        "src/b.ts:add:new",
        "src/b.ts:add:new",
      ]);
      cursor.up(100);
      expect(describeRow(cursor.row())).toBe("file src/a.ts");
      dispose();
    });
  });

  it("n/p jump between file headers and ]/[ between hunks, across files", () => {
    createRoot((dispose) => {
      const rows = buildRows({ files: [a, b], threads: [], range, view: "unified" }).rows;
      const cursor = createCursor(() => rows);
      cursor.nextFile();
      expect(describeRow(cursor.row())).toBe("file src/b.ts");
      cursor.prevFile();
      expect(describeRow(cursor.row())).toBe("file src/a.ts");
      cursor.nextHunk();
      expect(describeRow(cursor.row())).toBe("src/a.ts:ctx:one");
      cursor.nextHunk();
      expect(describeRow(cursor.row())).toBe("src/a.ts:ctx:x");
      cursor.nextHunk();
      expect(describeRow(cursor.row())).toBe("src/b.ts:add:new");
      cursor.prevHunk();
      expect(describeRow(cursor.row())).toBe("src/a.ts:ctx:x");
      expect(moveHunk(rows, rows.length - 1, 1)).toBe(rows.length - 1);
      dispose();
    });
  });

  it("keeps its line when the rows are rebuilt with a thread above it, and lands near when its file folds", () => {
    createRoot((dispose) => {
      const [threads, setThreads] = createSignal<readonly Thread[]>([]);
      const [collapsed, setCollapsed] = createSignal<ReadonlySet<string>>(new Set());
      const rows = () =>
        buildRows({ files: [a, b], threads: threads(), range, view: "unified", collapsed: collapsed() }).rows;
      const cursor = createCursor(rows);
      cursor.down(4);
      expect(describeRow(cursor.row())).toBe("src/a.ts:ctx:x");
      const before = cursor.index();
      setThreads([thread]);
      expect(cursor.index()).toBe(before + 1);
      expect(describeRow(cursor.row())).toBe("src/a.ts:ctx:x");
      setCollapsed(new Set(["src/a.ts"]));
      expect(cursor.row()?.kind).toBe("file");
      dispose();
    });
  });

  it("comments on the line under it, replies on a thread row, takes the whole file on a header, and a marked range", () => {
    createRoot((dispose) => {
      const rows = buildRows({ files: [a, b], threads: [thread], range, view: "unified" }).rows;
      const cursor = createCursor(() => rows);
      expect(cursor.action()).toEqual({
        kind: "comment",
        target: { file: "src/a.ts", side: "new", start: null, end: null },
      });
      cursor.down(2);
      expect(cursor.action()).toEqual({ kind: "comment", target: { file: "src/a.ts", side: "old", start: 2, end: 2 } });
      cursor.down();
      cursor.down();
      expect(cursor.row()?.kind).toBe("threads");
      expect(cursor.action()).toEqual({ kind: "reply", threadId: "t1" });
      cursor.nextThread();
      expect(cursor.row()?.kind).toBe("threads");
      cursor.go(moveLine(rows, 0, 1));
      cursor.toggleMark();
      cursor.down(2);
      expect(cursor.action()).toEqual({ kind: "comment", target: { file: "src/a.ts", side: "new", start: 1, end: 2 } });
      expect(actionAt(rows, 999, null)).toBeNull();
      dispose();
    });
  });

  it("scrolls only when the cursor would leave the screen", () => {
    expect(followCursor({ top: 0, cursor: 5, height: 20, total: 100 })).toBe(0);
    expect(followCursor({ top: 0, cursor: 30, height: 20, total: 100 })).toBe(14);
    expect(followCursor({ top: 50, cursor: 40, height: 20, total: 100 })).toBe(37);
    expect(followCursor({ top: 0, cursor: 99, height: 20, total: 100 })).toBe(80);
  });
});
