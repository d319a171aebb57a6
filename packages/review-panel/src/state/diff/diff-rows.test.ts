import { describe, expect, it } from "vitest";
import type { DiffFile, Thread } from "../../api.js";
import { buildRows, gapsOf, pairLines, renamedFromIn } from "./diff-rows.js";

const file: DiffFile = {
  path: "src/a.ts",
  oldPath: null,
  status: "modified",
  binary: false,
  hunks: [
    {
      oldStart: 10,
      oldLines: 3,
      newStart: 10,
      newLines: 3,
      lines: [
        { kind: "ctx", old: 10, new: 10, text: "a" },
        { kind: "del", old: 11, new: null, text: "b" },
        { kind: "add", old: null, new: 11, text: "B" },
        { kind: "ctx", old: 12, new: 12, text: "c" },
      ],
    },
    {
      oldStart: 30,
      oldLines: 1,
      newStart: 30,
      newLines: 2,
      lines: [
        { kind: "ctx", old: 30, new: 30, text: "x" },
        { kind: "add", old: null, new: 31, text: "y" },
      ],
    },
  ],
};

function thread(over: Partial<Thread>): Thread {
  return {
    id: "t1",
    file: "src/a.ts",
    side: "new",
    start: 11,
    end: 11,
    round: { id: "r1", ordinal: 1 },
    quoted: ["+B"],
    context: { before: [], after: [] },
    anchor: { state: "current", start: 11, end: 11 },
    status: "open",
    awaiting: "agent",
    origin: "human",
    resolvedAt: null,
    resolvedBy: null,
    unreadByHuman: false,
    messages: [
      { id: "m1", author: "human", body: "hi", suggestion: null, createdAt: "2025-01-01T00:00:00Z", delivery: "sent" },
    ],
    createdAt: "2025-01-01T00:00:00Z",
    updatedAt: "2025-01-01T00:00:00Z",
    ...over,
  };
}
const range = { from: "base", to: "worktree" };

describe("buildRows", () => {
  it("lists a file's header, the hidden lines, hunks and lines in reading order", () => {
    const { rows } = buildRows({ files: [file], threads: [], range, view: "unified" });
    expect(rows.map((r) => r.kind)).toEqual([
      "file",
      "gap",
      "hunk",
      "line",
      "line",
      "line",
      "line",
      "gap",
      "hunk",
      "line",
      "line",
      "gap",
    ]);
    const gaps = rows
      .filter((r) => r.kind === "gap")
      .map((r) => (r.kind === "gap" ? [r.gap.newStart, r.gap.count] : null));
    expect(gaps).toEqual([
      [1, 9],
      [13, 17],
      [32, null],
    ]);
  });

  it("puts a thread under the last line of its anchor, on the right side", () => {
    const newSide = buildRows({ files: [file], threads: [thread({})], range, view: "unified" });
    const at = newSide.threadIndex.get("t1")!;
    expect(newSide.rows[at - 1]).toMatchObject({ kind: "line", line: { kind: "add", new: 11 } });
    const oldSide = buildRows({
      files: [file],
      threads: [thread({ side: "old", anchor: { state: "current", start: 11, end: 11 } })],
      range,
      view: "unified",
    });
    expect(oldSide.rows[oldSide.threadIndex.get("t1")! - 1]).toMatchObject({
      kind: "line",
      line: { kind: "del", old: 11 },
    });
  });

  it("shows a moved thread at its anchor now, and where it was written when the diff ends at its round", () => {
    const moved = thread({ start: 31, end: 31, anchor: { state: "moved", start: 12, end: 12 } });
    const now = buildRows({ files: [file], threads: [moved], range, view: "unified" });
    expect(now.rows[now.threadIndex.get("t1")! - 1]).toMatchObject({ line: { new: 12 } });
    const then = buildRows({ files: [file], threads: [moved], range: { from: "base", to: "r1" }, view: "unified" });
    expect(then.rows[then.threadIndex.get("t1")! - 1]).toMatchObject({ line: { new: 31 } });
  });

  it("puts outdated threads in a banner right under the file header, and whole-file threads at the top", () => {
    const { rows } = buildRows({
      files: [file],
      threads: [
        thread({ id: "gone", anchor: { state: "outdated", start: null, end: null } }),
        thread({ id: "whole", start: null, end: null, anchor: { state: "current", start: null, end: null } }),
      ],
      range,
      view: "unified",
    });
    expect(rows.slice(0, 3).map((r) => r.kind)).toEqual(["file", "outdated", "file-threads"]);
  });

  it("reveals expanded context as lines with both numbers, and folds the rest", () => {
    const text = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
    const { rows } = buildRows({
      files: [file],
      threads: [],
      range,
      view: "unified",
      texts: new Map([["src/a.ts", text]]),
      revealed: new Map([["src/a.ts", [[13, 15]] as const]]),
    });
    const shown = rows.filter((r) => r.kind === "line" && r.line.new !== null && r.line.new >= 13 && r.line.new <= 15);
    expect(shown.map((r) => (r.kind === "line" ? [r.line.old, r.line.new, r.line.text] : null))).toEqual([
      [13, 13, "line 13"],
      [14, 14, "line 14"],
      [15, 15, "line 15"],
    ]);
    const gap = rows.find((r) => r.kind === "gap" && r.gap.newStart === 16);
    expect(gap).toMatchObject({ gap: { count: 14 } });
    // The file's length is known now: the tail gap has a count.
    expect(rows.at(-1)).toMatchObject({ kind: "gap", gap: { newStart: 32, count: 9 } });
  });

  it("in split view pairs a deletion with the addition that replaces it", () => {
    expect(pairLines(file.hunks[0]!.lines).map((p) => [p.left?.text ?? null, p.right?.text ?? null])).toEqual([
      ["a", "a"],
      ["b", "B"],
      ["c", "c"],
    ]);
  });

  it("places the composer under the chosen range, and a whole-file composer at the top", () => {
    const line = buildRows({
      files: [file],
      threads: [],
      range,
      view: "unified",
      composer: { file: "src/a.ts", side: "new", start: 10, end: 11 },
    });
    const c = line.rows.findIndex((r) => r.kind === "composer");
    expect(line.rows[c - 1]).toMatchObject({ kind: "line", line: { new: 11 } });
    const whole = buildRows({
      files: [file],
      threads: [],
      range,
      view: "unified",
      composer: { file: "src/a.ts", side: "new", start: null, end: null },
    });
    expect(whole.rows.slice(0, 3).map((r) => r.kind)).toEqual(["file", "file-threads", "composer"]);
  });

  it("shows no gaps for added, deleted and binary files", () => {
    expect(gapsOf({ ...file, status: "added" }, null)).toEqual([]);
    expect(
      buildRows({ files: [{ ...file, binary: true, hunks: [] }], threads: [], range, view: "unified" }).rows.map(
        (r) => r.kind,
      ),
    ).toEqual(["file", "notice"]);
  });
});

describe("renamedFromIn", () => {
  it("names the path a thread was written on when the diff shows it under the file's name now, and nothing in its own round's diff", () => {
    const renamed = thread({
      file: "src/util.ts",
      anchor: { state: "current", start: 2, end: 2, file: "src/helpers.ts" },
    });
    expect(renamedFromIn(renamed, { from: "base", to: "worktree" })).toBe("src/util.ts");
    expect(renamedFromIn(renamed, { from: "base", to: renamed.round.id })).toBeNull();
    expect(
      renamedFromIn({ ...renamed, anchor: { state: "current", start: 2, end: 2 } }, { from: "base", to: "worktree" }),
    ).toBeNull();
  });
});
