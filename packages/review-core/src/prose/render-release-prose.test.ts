import { describe, expect, it } from "vitest";
import type { Message, Thread } from "../review/types.js";
import { renderReleaseProse } from "./render-release-prose.js";

const AT = "2026-03-01T10:00:00.000Z";

function message(id: string, author: Message["author"], body: string, extra: Partial<Message> = {}): Message {
  return { id, author, body, suggestion: null, createdAt: AT, delivery: "sent", ...extra };
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
    context: { before: [], after: [] },
    anchor: { state: "current", start: 12, end: 14 },
    status: "open",
    awaiting: "agent",
    origin: "human",
    resolvedAt: null,
    resolvedBy: null,
    unreadByHuman: false,
    messages: [message("m1", "human", "Why three? The spec says two.", { suggestion: ["const b = 2;"] })],
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const review = [
  thread({}),
  thread({
    id: "t2",
    file: "src/b.ts",
    side: "old",
    start: 3,
    end: 4,
    quoted: ["-if (!user) return;", "-log('no user');"],
    anchor: { state: "current", start: 3, end: 4 },
    messages: [message("m2", "human", "Keep this guard:\nnull users still reach here.")],
  }),
  thread({
    id: "t3",
    file: "README.md",
    start: null,
    end: null,
    quoted: [],
    anchor: { state: "current", start: null, end: null },
    messages: [message("m3", "human", "Document the new flag.")],
  }),
  thread({
    id: "t4",
    anchor: { state: "moved", start: 30, end: 32 },
    messages: [message("m4", "human", "Same here.", { suggestion: [] })],
  }),
];

describe("renderReleaseProse", () => {
  const out = renderReleaseProse(review);

  it("reads as one message: intro, each thread numbered with file, lines, quote, suggestion and words, then the ask", () => {
    expect(out).toBe(
      [
        "Code review: the reviewer has finished reviewing your changes and left 4 comments on src/a.ts, src/b.ts, README.md.",
        "",
        "### 1. src/a.ts, lines 12-14",
        "The code as it was:",
        "```diff",
        " const a = 1;",
        "-const b = 2;",
        "+const b = 3;",
        "```",
        "Reviewer: Why three? The spec says two.",
        "Suggested replacement for the quoted lines:",
        "```",
        "const b = 2;",
        "```",
        "",
        "### 2. src/b.ts, lines 3-4 of the base version, which your change deletes",
        "The code as it was:",
        "```diff",
        "-if (!user) return;",
        "-log('no user');",
        "```",
        "Reviewer: Keep this guard:",
        "  null users still reach here.",
        "",
        "### 3. README.md, the whole file",
        "Reviewer: Document the new flag.",
        "",
        "### 4. src/a.ts, lines 30-32 (moved here from 12-14)",
        "The code as it was:",
        "```diff",
        " const a = 1;",
        "-const b = 2;",
        "+const b = 3;",
        "```",
        "Reviewer: Same here.",
        "Suggested: delete the quoted lines.",
        "",
        "Please address each comment: change the code where you agree. Then answer in your reply, numbered as above: for each comment, what you changed, or why you left it as it is.",
      ].join("\n"),
    );
  });

  it("names no tool", () => {
    expect(out).not.toMatch(/review_/);
    expect(out).not.toMatch(/\btools?\b/i);
  });

  it("ends asking the agent to answer in its reply", () => {
    expect(out.split("\n").at(-1)).toMatch(/answer in your reply/);
  });

  it("sets earlier conversation apart from what this release sent", () => {
    const replied = thread({
      messages: [
        message("m1", "human", "Why three?"),
        message("m2", "agent", "The spec changed."),
        message("m3", "human", "Link it, please."),
      ],
    });
    const text = renderReleaseProse([replied], { releasedMessageIds: ["m3"] });
    expect(text).toContain("left 1 comment on src/a.ts.");
    expect(text).toContain(
      "Earlier in this thread:\nReviewer: Why three?\nYou: The spec changed.\nNew:\nReviewer: Link it, please.",
    );
    expect(text.split("\n").at(-1)).toBe(
      "Please address the comment: change the code where you agree. Then answer in your reply: what you changed, or why you left it as it is.",
    );
  });

  it.each([
    [
      { anchor: { state: "outdated", start: null, end: null } },
      "### 1. src/a.ts, lines 12-14 (these lines are gone now)",
    ],
    [
      { anchor: { state: "changed", start: 12, end: 15 } },
      "### 1. src/a.ts, lines 12-15 (these lines have changed since)",
    ],
    [
      { anchor: { state: "changed", start: 12, end: 14, whitespaceOnly: true } },
      "### 1. src/a.ts, lines 12-14 (since changed, in whitespace only)",
    ],
    [{ start: 5, end: 5, anchor: { state: "current", start: 5, end: 5 } }, "### 1. src/a.ts, line 5"],
  ] as const)("words the place when the code moved on: %j", (overrides, heading) => {
    expect(renderReleaseProse([thread(overrides as Partial<Thread>)])).toContain(`\n${heading}\n`);
  });
});

describe("renderReleaseProse on a renamed file", () => {
  it("names the file by its path now, with the old path once as renamed from", () => {
    const out = renderReleaseProse([
      thread({
        file: "src/util.ts",
        start: 2,
        end: 2,
        anchor: { state: "current", start: 2, end: 2, file: "src/helpers.ts" },
      }),
    ]);
    expect(out).toContain("left 1 comment on src/helpers.ts.");
    expect(out).toContain("### 1. src/helpers.ts (renamed from src/util.ts), line 2");
    expect(out.split("src/util.ts").length - 1).toBe(1);
  });
});
