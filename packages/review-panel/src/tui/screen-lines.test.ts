import { describe, expect, it } from "vitest";
import type { DiffFile, Thread } from "../api.js";
import { buildRows } from "../state/diff/diff-rows.js";
import { layout, terminalRows } from "./screen-lines.js";
import { threadStatus } from "./thread-lines.js";

const file: DiffFile = {
  path: "src/deep/folder/a.ts",
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
  ],
};
function thread(over: Partial<Thread>): Thread {
  return {
    id: "t1",
    file: "src/deep/folder/a.ts",
    side: "new",
    start: 2,
    end: 2,
    round: { id: "r1", ordinal: 1 },
    quoted: ["+TWO"],
    context: { before: [], after: [] },
    anchor: { state: "current", start: 2, end: 2 },
    status: "open",
    awaiting: "human",
    origin: "human",
    resolvedAt: null,
    resolvedBy: null,
    unreadByHuman: true,
    messages: [
      {
        id: "m1",
        author: "human",
        body: "why?",
        suggestion: null,
        createdAt: "2025-01-01T00:00:00Z",
        delivery: "sent",
      },
      {
        id: "m2",
        author: "agent",
        body: "Because.\nTwo lines.",
        suggestion: null,
        createdAt: "2025-01-01T00:00:01Z",
        delivery: "sent",
      },
    ],
    createdAt: "2025-01-01T00:00:00Z",
    updatedAt: "2025-01-01T00:00:00Z",
    ...over,
  };
}
const range = { from: "base", to: "worktree" };
const text = (l: ReturnType<typeof layout>) =>
  Array.from({ length: l.total }, (_, i) =>
    l
      .line(i)
      .pieces.map((p) => p.text)
      .join(""),
  );

describe("terminal lines", () => {
  it("shows old and new numbers, markers, the deleted line, and a thread's messages below its line", () => {
    const rows = terminalRows({ files: [file], threads: [thread({})], range, view: "unified" });
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
    ]);
  });

  it("names a pull request's reviewers by their login, and says an agent reply on a pull-request thread is queued until sent", () => {
    const forge = thread({
      origin: "forge",
      forge: { kind: "github", pr: 7, url: "https://github.com/octo/app/pull/7", threadId: "PRRT_1" },
      messages: [
        {
          id: "m1",
          author: "human",
          login: "alice",
          body: "why?",
          suggestion: null,
          createdAt: "2025-01-01T00:00:00Z",
          delivery: "sent",
        },
        {
          id: "m2",
          author: "human",
          login: "bob",
          body: "Agreed.",
          suggestion: null,
          createdAt: "2025-01-01T00:00:01Z",
          delivery: "sent",
        },
        {
          id: "m3",
          author: "agent",
          body: "Fixed.",
          suggestion: null,
          createdAt: "2025-01-01T00:00:02Z",
          delivery: "sent",
          forge: { state: "queued" },
        },
        {
          id: "m4",
          author: "agent",
          body: "Refused.",
          suggestion: null,
          createdAt: "2025-01-01T00:00:03Z",
          delivery: "sent",
          forge: { state: "failed", error: "422" },
        },
        {
          id: "m5",
          author: "agent",
          body: "Posted.",
          suggestion: null,
          createdAt: "2025-01-01T00:00:04Z",
          delivery: "sent",
          forge: { state: "posted", id: "9", url: "https://github.com/octo/app/pull/7#discussion_r9" },
        },
      ],
    });
    const rows = terminalRows({ files: [file], threads: [forge], range, view: "unified" });
    expect(text(layout(rows, { width: 80, view: "unified", collapsed: new Set() })).slice(6)).toEqual([
      "   ┃ alice: why?",
      "   ┃ bob: Agreed.",
      "   ┃ agent (queued for PR #7): Fixed.",
      "   ┃ agent (not sent to PR #7): Refused.",
      "   ┃ agent: Posted.",
    ]);
  });

  it("says under an agent message what came of its resolve claim, in the web panel's words", () => {
    const claimed = thread({
      messages: [
        {
          id: "m1",
          author: "human",
          body: "why?",
          suggestion: null,
          createdAt: "2025-01-01T00:00:00Z",
          delivery: "sent",
        },
        {
          id: "m2",
          author: "agent",
          body: "Done.",
          suggestion: null,
          createdAt: "2025-01-01T00:00:01Z",
          delivery: "sent",
          claim: { resolved: true, accepted: false, reason: "the lines read as they did" },
        },
        {
          id: "m3",
          author: "agent",
          body: "Now done.",
          suggestion: null,
          createdAt: "2025-01-01T00:00:02Z",
          delivery: "sent",
          claim: { resolved: true, accepted: true },
        },
      ],
    });
    const rows = buildRows({ files: [file], threads: [claimed], range, view: "unified" }).rows;
    const out = text(layout(rows, { width: 80, view: "unified", collapsed: new Set() }));
    expect(out.slice(6, 11)).toEqual([
      "   ┃ you: why?",
      "   ┃ agent: Done.",
      "   ┃        claimed resolved · refused: the lines read as they did",
      "   ┃ agent: Now done.",
      "   ┃        claimed resolved · accepted",
    ]);
  });

  it("says once, beside a thread shown under a renamed file's name now, the path it was written on", () => {
    const renamed = thread({
      file: "src/old/a.ts",
      anchor: { state: "current", start: 2, end: 2, file: file.path },
      unreadByHuman: false,
    });
    const rows = buildRows({ files: [file], threads: [renamed], range, view: "unified" }).rows;
    const out = text(layout(rows, { width: 100, view: "unified", collapsed: new Set() }));
    expect(out.filter((line) => line.includes("renamed from src/old/a.ts"))).toEqual([
      "   ┃ line 2 · waiting on you · renamed from src/old/a.ts",
    ]);
  });

  it("offers no unchanged lines that are not there: counted at the start and between hunks, and after the last hunk only from the file's text", () => {
    // 30 lines; line 10 and line 20 changed, three lines of context each side: the file ends at the second hunk.
    const lines = Array.from({ length: 25 }, (_, i) => `line ${i + 1}`);
    const hunk = (at: number) => ({
      oldStart: at - 3,
      oldLines: 7,
      newStart: at - 3,
      newLines: 7,
      lines: [
        ...[3, 2, 1].map((d) => ({ kind: "ctx" as const, old: at - d, new: at - d, text: `line ${at - d}` })),
        { kind: "del" as const, old: at, new: null, text: `old ${at}` },
        { kind: "add" as const, old: null, new: at, text: `line ${at}` },
        ...[1, 2, 3].map((d) => ({ kind: "ctx" as const, old: at + d, new: at + d, text: `line ${at + d}` })),
      ],
    });
    const whole: DiffFile = {
      path: "src/whole.ts",
      oldPath: null,
      status: "modified",
      binary: false,
      hunks: [hunk(10), hunk(22)],
    };
    const gapLines = (texts?: ReadonlyMap<string, readonly string[]>) =>
      text(
        layout(terminalRows({ files: [whole], threads: [], range, view: "unified", ...(texts ? { texts } : {}) }), {
          width: 80,
          view: "unified",
          collapsed: new Set(),
        }),
      ).filter((l) => l.includes("unchanged"));
    // The file ends where the last hunk does: nothing after it, whether its text is known or not.
    expect(gapLines(new Map([["src/whole.ts", lines]]))).toEqual(["   ⋯ 6 unchanged lines", "   ⋯ 5 unchanged lines"]);
    expect(gapLines()).toEqual(["   ⋯ 6 unchanged lines", "   ⋯ 5 unchanged lines"]);
    // A file that goes on says how many lines follow, counted from its text.
    const longer = [...lines, ...Array.from({ length: 12 }, (_, i) => `more ${i}`)];
    expect(gapLines(new Map([["src/whole.ts", longer]]))).toEqual([
      "   ⋯ 6 unchanged lines",
      "   ⋯ 5 unchanged lines",
      "   ⋯ 12 unchanged lines",
    ]);
    // The same in split view.
    const split = text(
      layout(
        terminalRows({ files: [whole], threads: [], range, view: "split", texts: new Map([["src/whole.ts", lines]]) }),
        { width: 80, view: "split", collapsed: new Set() },
      ),
    );
    expect(split.filter((l) => l.includes("unchanged"))).toEqual(["   ⋯ 6 unchanged lines", "   ⋯ 5 unchanged lines"]);
  });

  it("names what happened to a thread's code, and puts outdated ones above their file's diff with the quote", () => {
    expect(threadStatus(thread({ anchor: { state: "moved", start: 7, end: 7 }, unreadByHuman: false }))).toBe(
      "waiting on you · moved from line 2 to 7",
    );
    expect(
      threadStatus(
        thread({
          anchor: { state: "changed", start: 2, end: 2, whitespaceOnly: true },
          unreadByHuman: false,
          status: "resolved",
          resolvedBy: "agent",
        }),
      ),
    ).toBe("resolved by agent · whitespace changed since");
    expect(threadStatus(thread({ status: "draft", awaiting: null, unreadByHuman: false }))).toBe("DRAFT");
    const rows = buildRows({
      files: [file],
      threads: [thread({ anchor: { state: "outdated", start: null, end: null } })],
      range,
      view: "unified",
    }).rows;
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

  it("gives a binary file its line once read, and a file too large to show its own line with the key that loads it", () => {
    const image: DiffFile = { path: "img/logo.png", oldPath: null, status: "modified", binary: true, hunks: [] };
    const big: DiffFile = {
      path: "src/big.txt",
      oldPath: null,
      status: "added",
      binary: false,
      hunks: [],
      tooLarge: {
        reason: "lines",
        bytes: 300_000,
        additions: 25_000,
        deletions: 0,
        canLoad: true,
        message: "Too large to show: 25000 lines changed.",
      },
    };
    const rows = buildRows({ files: [image, big], threads: [], range, view: "unified" }).rows;
    const before = text(layout(rows, { width: 100, view: "unified", collapsed: new Set() }));
    expect(before).toEqual([
      "▼ img/logo.png  modified binary",
      "   ◆ Binary file: reading both versions…",
      "▼ src/big.txt  added +25000 -0 · too large",
      "   ⚠ L loads it · Too large to show: 25000 lines changed.",
    ]);
    const binaryLines = new Map([["img/logo.png", "PNG 640x480 · 12 KB → 14 KB · 1.0% of pixels changed"]]);
    const after = layout(rows, { width: 100, view: "unified", collapsed: new Set(), binaryLines });
    expect(after.line(1).pieces).toEqual([
      { text: "   ◆ PNG 640x480 · 12 KB → 14 KB · 1.0% of pixels changed", tone: "accent" },
    ]);
  });

  it("draws a body's Markdown as styled pieces within the width, with no control sequence left in any line", () => {
    const body = "Use **bold** and `code`\n- item\u001b]52;c;ZXZpbA==\u0007\u001b[2J";
    const t = thread({
      messages: [
        { id: "m1", author: "agent", body, suggestion: null, createdAt: "2025-01-01T00:00:00Z", delivery: "sent" },
      ],
      quoted: ["+TWO\u001b[31m"],
    });
    const rows = buildRows({ files: [file], threads: [t], range, view: "unified" }).rows;
    const l = layout(rows, { width: 30, view: "unified", collapsed: new Set() });
    const out = text(l);
    // The heading wraps at words within the width rather than losing its end.
    expect(out.slice(5, 9)).toEqual([
      "   ┃ line 2 · waiting on you ·",
      "   ┃   ● new",
      "   ┃ agent: Use bold and code",
      "   ┃        • item",
    ]);
    const pieces = l.line(7).pieces;
    expect(pieces.find((p) => p.text === "bold")).toMatchObject({ bold: true });
    expect(pieces.find((p) => p.text.startsWith("code"))).toMatchObject({ tone: "code" });
    for (const line of out) {
      expect(line.length).toBeLessThanOrEqual(30);
      expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
    // A long body line wraps at words within the width, its styles kept across the break; a quote keeps its bar.
    const long = thread({
      messages: [
        {
          id: "m1",
          author: "agent",
          body: "**a very long bold run of words** then more\n\n> quoted words that go on past the edge",
          suggestion: null,
          createdAt: "2025-01-01T00:00:00Z",
          delivery: "sent",
        },
      ],
    });
    const wrapped = layout(buildRows({ files: [file], threads: [long], range, view: "unified" }).rows, {
      width: 30,
      view: "unified",
      collapsed: new Set(),
    });
    expect(text(wrapped).slice(7, 13)).toEqual([
      "   ┃ agent: a very long bold",
      "   ┃        run of words then",
      "   ┃        more",
      "   ┃        │ quoted words",
      "   ┃        │ that go on past",
      "   ┃        │ the edge",
    ]);
    expect(wrapped.line(8).pieces.find((p) => p.text === "run of words")).toMatchObject({ bold: true });
  });
});

describe("changed words in the terminal", () => {
  const worded: DiffFile = {
    ...file,
    hunks: [
      {
        oldStart: 1,
        oldLines: 1,
        newStart: 1,
        newLines: 1,
        lines: [
          { kind: "del", old: 1, new: null, text: "total = price * qty;", words: [[16, 19]] },
          { kind: "add", old: null, new: 1, text: "total = price * quantity;", words: [[16, 24]] },
        ],
      },
    ],
  };
  const changed = (view: "unified" | "split") => {
    const l = layout(terminalRows({ files: [worded], threads: [], range, view }), {
      width: 90,
      view,
      collapsed: new Set(),
    });
    return Array.from({ length: l.total }, (_, i) =>
      l
        .line(i)
        .pieces.filter((p) => p.word)
        .map((p) => p.text),
    ).flat();
  };

  it("puts each changed word in a piece of its own, drawn emphasised, in both layouts, the line's text unchanged", () => {
    expect(changed("unified")).toEqual(["qty", "quantity"]);
    expect(changed("split")).toEqual(["qty", "quantity"]);
    const out = text(
      layout(terminalRows({ files: [worded], threads: [], range, view: "unified" }), {
        width: 90,
        view: "unified",
        collapsed: new Set(),
      }),
    );
    expect(out).toContain("    1       - total = price * qty;");
  });
});
