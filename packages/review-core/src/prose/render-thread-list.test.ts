import { describe, expect, it } from "vitest";
import type { Message, Thread } from "../review/types.js";
import { renderThreadList, renderThreadPage, threadPageOrder, THREAD_LIST_MAX_BYTES } from "./render-thread-list.js";
import { utf8Length } from "./utf8-length.js";

const AT = "2026-03-01T10:00:00.000Z";

function message(id: string, author: Message["author"], body: string, extra: Partial<Message> = {}): Message {
  return {
    id,
    author,
    body,
    suggestion: null,
    createdAt: AT,
    delivery: author === "human" ? "delivered" : "sent",
    ...extra,
  };
}

function thread(overrides: Partial<Thread>): Thread {
  return {
    id: "t1",
    file: "src/a.ts",
    side: "new",
    start: 12,
    end: 14,
    round: { id: "r2", ordinal: 2 },
    quoted: [" const a = 1;", "-const b = 2;", "+const b = 3;"],
    context: { before: ["import x from 'x';"], after: ["export { a, b };"] },
    anchor: { state: "current", start: 12, end: 14 },
    status: "open",
    awaiting: "agent",
    origin: "human",
    resolvedAt: null,
    resolvedBy: null,
    unreadByHuman: false,
    messages: [message("m1", "human", "Why three? The spec says two.")],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

describe("renderThreadList", () => {
  it("shows id, place now, anchor state, status, the words and the code as it was", () => {
    const out = renderThreadList([
      thread({
        messages: [message("m1", "human", "Why three? The spec says two.", { suggestion: ["const b = 2;"] })],
      }),
    ]);
    expect(out).toBe(
      [
        "1 thread: 1 waiting for you.",
        "",
        "## t1 · src/a.ts:12-14 · current",
        "Status: open, waiting for you. Opened by the reviewer.",
        "Code when commented (round 2):",
        "```diff",
        " const a = 1;",
        "-const b = 2;",
        "+const b = 3;",
        "```",
        "reviewer: Why three? The spec says two.",
        "Suggested replacement for the quoted lines (12-14 when commented):",
        "```",
        "const b = 2;",
        "```",
        "",
        "For each thread that waits for you: fix the code, then answer with review_reply (its id and your text; resolved: true once your change addresses it).",
      ].join("\n"),
    );
  });

  it.each([
    [{ anchor: { state: "moved", start: 20, end: 22 } }, "## t1 · src/a.ts:20-22 · moved from 12-14"],
    [
      { anchor: { state: "changed", start: 12, end: 15, whitespaceOnly: true } },
      "## t1 · src/a.ts:12-15 · changed since the comment (whitespace only)",
    ],
    [{ anchor: { state: "changed", start: 12, end: 13 } }, "## t1 · src/a.ts:12-13 · changed since the comment"],
    [
      { anchor: { state: "outdated", start: null, end: null } },
      "## t1 · src/a.ts:12-14 · outdated: the lines are gone",
    ],
    [
      { start: null, end: null, quoted: [], anchor: { state: "current", start: null, end: null } },
      "## t1 · src/a.ts (whole file) · current",
    ],
    [
      { side: "old", start: 3, end: 4, anchor: { state: "current", start: 3, end: 4 } },
      "## t1 · src/a.ts, deleted lines 3-4 of the base · current",
    ],
    [{ start: 7, end: 7, anchor: { state: "current", start: 7, end: 7 } }, "## t1 · src/a.ts:7 · current"],
  ] as const)("words the place and anchor state: %j", (overrides, heading) => {
    expect(renderThreadList([thread(overrides as Partial<Thread>)])).toContain(`\n${heading}\n`);
  });

  it("says who said what, with the agent as you, and the state of each thread", () => {
    const out = renderThreadList([
      thread({
        id: "t1",
        awaiting: "human",
        messages: [
          message("m1", "human", "Rename this."),
          message("m2", "agent", "Renamed to total.\nAlso updated callers."),
        ],
      }),
      thread({
        id: "t2",
        file: "src/b.ts",
        origin: "agent",
        awaiting: "human",
        messages: [message("m3", "agent", "Is this retry count right?")],
      }),
      thread({ id: "t3", file: "src/c.ts", status: "resolved", awaiting: "human", resolvedBy: "agent" }),
    ]);
    expect(out).toMatch(/^3 threads in 3 files: 2 waiting on the reviewer, 1 resolved\. None waits for you\./);
    expect(out).toContain("reviewer: Rename this.\nyou: Renamed to total.\n  Also updated callers.");
    expect(out).toContain("Status: open, waiting on the reviewer. Opened by you.");
    expect(out).toContain("Status: resolved by you.");
    // Nothing waits for the agent, so no call to action.
    expect(out).not.toContain("For each thread that waits for you");
  });

  it("never shows a draft thread nor a draft message", () => {
    const out = renderThreadList([
      thread({
        id: "t1",
        messages: [
          message("m1", "human", "Released words."),
          message("m2", "human", "Secret draft.", { delivery: "unsent" }),
        ],
      }),
      thread({
        id: "t9",
        status: "draft",
        awaiting: null,
        messages: [message("m9", "human", "Draft thread.", { delivery: "unsent" })],
      }),
    ]);
    expect(out).toContain("Released words.");
    expect(out).not.toContain("Secret draft.");
    expect(out).not.toContain("t9");
  });

  it("orders threads by file, line, then age", () => {
    const out = renderThreadList([
      thread({ id: "tb", file: "src/b.ts" }),
      thread({
        id: "ta3",
        anchor: { state: "current", start: 3, end: 3 },
        start: 3,
        end: 3,
        createdAt: "2026-03-01T11:00:00.000Z",
      }),
      thread({ id: "ta2", anchor: { state: "current", start: 40, end: 41 }, start: 40, end: 41 }),
      thread({ id: "ta1", anchor: { state: "current", start: 3, end: 3 }, start: 3, end: 3 }),
    ]);
    expect([...out.matchAll(/^## (\S+)/gm)].map((m) => m[1])).toEqual(["ta1", "ta3", "ta2", "tb"]);
  });

  it("keeps a fence in quoted code from closing the block early", () => {
    const out = renderThreadList([thread({ quoted: ["+const md = `", "+```js", "+x()", "+```", "+`;"] })]);
    expect(out).toContain("````diff\n+const md = `\n+```js\n+x()\n+```\n+`;\n````");
  });

  it.each([
    [{}, "Nothing is waiting for you: there are no open review threads."],
    [{ file: "src/a.ts" }, "Nothing is waiting for you: there are no open review threads on src/a.ts."],
    [{ status: "all" }, "There are no review threads."],
  ] as const)("says so when empty: %j", (options, expected) => {
    expect(renderThreadList([], options)).toBe(expected);
  });

  it("pages past what fits 20 KB: whole threads, waiting on you first, then by file and line, and a line with the cursor", () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      thread({
        id: `t${String(i).padStart(3, "0")}`,
        file: `src/f${i % 7}.ts`,
        start: i,
        end: i,
        anchor: { state: "current", start: i, end: i },
        awaiting: i % 3 === 0 ? "human" : "agent",
        messages: [message(`m${i}`, "human", "Please look at this line again. ".repeat(3))],
      }),
    );
    const { output, shown } = renderThreadPage(many, { next: "c_2" });
    expect(utf8Length(output)).toBeLessThanOrEqual(THREAD_LIST_MAX_BYTES);
    expect(utf8Length(output)).toBeGreaterThan(THREAD_LIST_MAX_BYTES - 600);
    const ids = [...output.matchAll(/^## (\S+)/gm)].map((m) => m[1]);
    expect(ids).toHaveLength(shown);
    const order = [...many].sort(threadPageOrder).map((t) => t.id);
    expect(ids).toEqual(order.slice(0, shown));
    expect(order.slice(0, 200).every((id) => Number(id.slice(1)) % 3 !== 0)).toBe(true);
    expect(output).toMatch(/^300 threads in 7 files: 200 waiting for you, 100 waiting on the reviewer\./);
    expect(output).toContain(
      `${300 - shown} more threads (${200 - shown} waiting for you) on the next pages: call review_list with cursor "c_2"`,
    );
    expect(output).not.toContain("cut short");
  });

  it("a later page counts what is left after the threads already shown, and the last page names no cursor", () => {
    const rest = Array.from({ length: 3 }, (_, i) => thread({ id: `t${i}`, start: i + 1, end: i + 1 }));
    const { output, shown } = renderThreadPage(rest, { earlier: 40, next: "c_3" });
    expect(shown).toBe(3);
    expect(output).toMatch(/^3 threads after the 40 already shown: 3 waiting for you\./);
    expect(output).not.toContain("cursor");
    expect(renderThreadPage([], { earlier: 43 }).output).toBe("No more review threads: you have read them all.");
  });

  it("under a changed thread's quote shows its lines as they read now, when given", () => {
    const changed = thread({ anchor: { state: "changed", start: 12, end: 13 } });
    const out = renderThreadList(
      [changed, thread({ id: "t2", start: 30, end: 30, anchor: { state: "current", start: 30, end: 30 } })],
      {
        linesNow: new Map([
          ["t1", ["const a = 1;", "const b = 2; // two"]],
          ["t2", ["not shown: current"]],
        ]),
      },
    );
    expect(out).toContain(
      "+const b = 3;\n```\nLines 12-13 now:\n```\nconst a = 1;\nconst b = 2; // two\n```\nreviewer:",
    );
    expect(out).not.toContain("not shown: current");
  });

  it("without a cursor to name, says to narrow by file", () => {
    const many = Array.from({ length: 80 }, (_, i) =>
      thread({
        id: `t${String(i).padStart(2, "0")}`,
        start: i * 10 + 1,
        end: i * 10 + 2,
        anchor: { state: "current", start: i * 10 + 1, end: i * 10 + 2 },
        messages: [message(`m${i}`, "human", "x".repeat(900))],
      }),
    );
    const out = renderThreadList(many, { file: "src/a.ts" });
    expect(utf8Length(out)).toBeLessThanOrEqual(THREAD_LIST_MAX_BYTES);
    const shown = [...out.matchAll(/^## (\S+)/gm)].map((m) => m[1]);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(80);
    expect(out).toContain(`${80 - shown.length} more threads (${80 - shown.length} waiting for you) not shown`);
    expect(out).toContain("call review_list with file");
  });

  it("stays under 20 KB with 2,000 threads in 2,000 files", () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      thread({
        id: `thread_${i}`,
        file: `packages/module-${i}/src/some/deeply/nested/file-${i}.ts`,
        messages: [message(`m${i}`, "human", "é".repeat(1000))],
      }),
    );
    const { output, shown } = renderThreadPage(many, { next: "c_1" });
    expect(utf8Length(output)).toBeLessThanOrEqual(THREAD_LIST_MAX_BYTES);
    expect(output).toMatch(/^2000 threads in 2000 files: 2000 waiting for you\./);
    expect(output).toContain(`${2000 - shown} more threads`);
  });

  it("stays under 20 KB with 2,000 threads on one file, all 4-byte text", () => {
    const quoted = Array.from({ length: 100 }, () => "+" + "😀".repeat(600));
    const many = Array.from({ length: 2000 }, (_, i) =>
      thread({
        id: `t${i}`,
        quoted,
        messages: [message(`m${i}`, "human", "😀".repeat(1000), { suggestion: ["😀".repeat(900)] })],
      }),
    );
    const out = renderThreadList(many);
    expect(utf8Length(out)).toBeLessThanOrEqual(THREAD_LIST_MAX_BYTES);
    expect(out).toContain("(thread t0 cut short: it is too long to show whole)");
    expect(out).toContain("1999 more threads (1999 waiting for you) not shown");
  });

  it("shows the first 30 lines of a long quote and cuts very long lines, saying so", () => {
    const out = renderThreadList([
      thread({ quoted: Array.from({ length: 100 }, (_, i) => `+line ${i}${i === 0 ? "x".repeat(300) : ""}`) }),
    ]);
    expect(out).toContain("+line 29\n```\n(30 of 100 quoted lines shown)");
    expect(out).not.toContain("+line 30");
    expect(out).toContain("…(67 more characters)");
  });

  it("cuts a single thread too long to show whole, closing its fence", () => {
    const chatty = thread({
      quoted: Array.from({ length: 40 }, (_, i) => `+line ${i}`),
      messages: Array.from({ length: 60 }, (_, i) =>
        message(`m${i}`, i % 2 ? "agent" : "human", `${i}: ${"word ".repeat(190)}`),
      ),
    });
    const out = renderThreadList([chatty]);
    expect(utf8Length(out)).toBeLessThanOrEqual(THREAD_LIST_MAX_BYTES);
    expect(out).toContain("(thread t1 cut short: it is too long to show whole)");
    expect(out.match(/^```/gm)?.length ?? 0).toBe(2);
  });
});

describe("renderThreadList on a renamed file", () => {
  it("names the path the file has now, the old one once as renamed from, and counts and sorts by the path now", () => {
    const renamed = thread({
      id: "t1",
      file: "src/util.ts",
      start: 2,
      end: 2,
      anchor: { state: "current", start: 2, end: 2, file: "src/helpers.ts" },
    });
    const other = thread({
      id: "t2",
      file: "src/helpers.ts",
      start: 9,
      end: 9,
      anchor: { state: "current", start: 9, end: 9 },
    });
    const out = renderThreadList([other, renamed]);
    expect(out).toContain("## t1 · src/helpers.ts:2 (renamed from src/util.ts) · current");
    expect(out).not.toContain("src/util.ts:2");
    expect(out.split("src/util.ts").length - 1).toBe(1);
    // Both are in one file now, and the renamed thread's line 2 sorts before line 9 of the same file.
    expect(out).toMatch(/^2 threads: 2 waiting for you\./);
    expect(out.indexOf("## t1")).toBeLessThan(out.indexOf("## t2"));
  });
});
