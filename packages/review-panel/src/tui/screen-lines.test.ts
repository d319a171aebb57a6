import { describe, expect, it } from "vitest";
import type { DiffFile, Thread } from "../api.js";
import { buildRows } from "../state/diff-rows.js";
import { layout, threadStatus } from "./screen-lines.js";

const file: DiffFile = {
  path: "src/deep/folder/a.ts", oldPath: null, status: "modified", binary: false,
  hunks: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [
    { kind: "ctx", old: 1, new: 1, text: "one" },
    { kind: "del", old: 2, new: null, text: "two" },
    { kind: "add", old: null, new: 2, text: "TWO" },
  ] }],
};
function thread(over: Partial<Thread>): Thread {
  return {
    id: "t1", file: "src/deep/folder/a.ts", side: "new", start: 2, end: 2, round: { id: "r1", ordinal: 1 }, quoted: ["+TWO"],
    context: { before: [], after: [] }, anchor: { state: "current", start: 2, end: 2 }, status: "open", awaiting: "human",
    origin: "human", resolvedAt: null, resolvedBy: null, unreadByHuman: true,
    messages: [
      { id: "m1", author: "human", body: "why?", suggestion: null, createdAt: "2025-01-01T00:00:00Z", delivery: "sent" },
      { id: "m2", author: "agent", body: "Because.\nTwo lines.", suggestion: null, createdAt: "2025-01-01T00:00:01Z", delivery: "sent" },
    ],
    createdAt: "2025-01-01T00:00:00Z", updatedAt: "2025-01-01T00:00:00Z", ...over,
  };
}
const range = { from: "base", to: "worktree" };
const text = (l: ReturnType<typeof layout>) => Array.from({ length: l.total }, (_, i) => l.line(i).pieces.map((p) => p.text).join(""));

describe("terminal lines", () => {
  it("shows old and new numbers, markers, the deleted line, and a thread's messages below its line", () => {
    const rows = buildRows({ files: [file], threads: [thread({})], range, view: "unified" }).rows;
    const out = text(layout(rows, { width: 80, view: "unified", collapsed: new Set() }));
    expect(out).toEqual([
      "▼ src/deep/folder/a.ts  modified +1 -1",
      "@@ -1,2 +1,2 @@",
      "    1     1   one",
      "    2       - two",
      "          2 + TWO",
      "   ┃ line 2 · waiting on you · ● new",
      "   ┃ you: why?",
      "   ┃ agent: Because.",
      "   ┃        Two lines.",
      "   ⋯ more unchanged lines",
    ]);
  });

  it("names what happened to a thread's code, and puts outdated ones above their file's diff with the quote", () => {
    expect(threadStatus(thread({ anchor: { state: "moved", start: 7, end: 7 }, unreadByHuman: false }))).toBe("waiting on you · moved from line 2 to 7");
    expect(threadStatus(thread({ anchor: { state: "changed", start: 2, end: 2, whitespaceOnly: true }, unreadByHuman: false, status: "resolved", resolvedBy: "agent" }))).toBe("resolved by agent · whitespace changed since");
    expect(threadStatus(thread({ status: "draft", awaiting: null, unreadByHuman: false }))).toBe("DRAFT");
    const rows = buildRows({ files: [file], threads: [thread({ anchor: { state: "outdated", start: null, end: null } })], range, view: "unified" }).rows;
    const out = text(layout(rows, { width: 80, view: "unified", collapsed: new Set() }));
    expect(out.slice(0, 4)).toEqual([
      "▼ src/deep/folder/a.ts  modified +1 -1",
      "   ⚠ 1 outdated thread: their lines are gone",
      "   ┃ line 2 · waiting on you · outdated · ● new",
      "   ┃ > +TWO",
    ]);
  });

  it("keeps every line within the width, side by side in split view, and shortens a long path from its start", () => {
    const rows = buildRows({ files: [file], threads: [], range, view: "split" }).rows;
    const out = text(layout(rows, { width: 30, view: "split", collapsed: new Set() }));
    for (const line of out) expect(line.length).toBeLessThanOrEqual(30);
    expect(out[0]).toBe("▼ …folder/a.ts  modified +1 -1");
    expect(out[3]).toContain("│");
    expect(out[3]).toMatch(/2 - two.*│.*2 \+ TWO/);
  });
});
