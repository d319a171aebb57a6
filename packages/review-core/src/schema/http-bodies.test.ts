import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { formatSchemaError } from "./format-schema-error.js";
import {
  createMessageBodySchema,
  createThreadBodySchema,
  patchMessageBodySchema,
  releaseReviewBodySchema,
  threadStatusBodySchema,
} from "./http-bodies.js";
import { diffQuerySchema, threadsQuerySchema } from "./http-queries.js";

function refusal(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return formatSchemaError(result.error as z.ZodError);
}

describe("POST /api/threads body", () => {
  it("defaults side to new and accepts a range, a whole file, and null ends", () => {
    expect(createThreadBodySchema.parse({ file: "a.ts", start: 2, end: 5, body: "Why?" })).toEqual({
      file: "a.ts",
      side: "new",
      start: 2,
      end: 5,
      body: "Why?",
    });
    expect(createThreadBodySchema.parse({ file: "a.ts", body: "Whole file" })).toEqual({
      file: "a.ts",
      side: "new",
      body: "Whole file",
    });
    expect(createThreadBodySchema.parse({ file: "a.ts", start: null, end: null, body: "x" })).toMatchObject({
      start: null,
      end: null,
    });
    expect(
      createThreadBodySchema.parse({ file: "a.ts", side: "old", start: 3, end: 3, roundId: "r2", body: "x" }),
    ).toMatchObject({
      side: "old",
      roundId: "r2",
    });
  });

  it("carries a suggestion of replacement lines, empty meaning delete them", () => {
    const parsed = createThreadBodySchema.parse({
      file: "a.ts",
      start: 1,
      end: 2,
      body: "Try",
      suggestion: ["a();", "b();\r"],
    });
    expect(parsed.suggestion).toEqual(["a();", "b();\r"]);
    expect(
      createThreadBodySchema.parse({ file: "a.ts", start: 1, end: 2, body: "Drop", suggestion: [] }).suggestion,
    ).toEqual([]);
  });

  it("refuses start without end, end without start, and end before start", () => {
    expect(refusal(createThreadBodySchema, { file: "a.ts", start: 3, body: "x" })).toBe(
      "end: end is missing; give start and end together for a range, or neither for the whole file.",
    );
    expect(refusal(createThreadBodySchema, { file: "a.ts", end: 3, start: null, body: "x" })).toBe(
      "start: start is missing; give start and end together for a range, or neither for the whole file.",
    );
    expect(refusal(createThreadBodySchema, { file: "a.ts", start: 8, end: 3, body: "x" })).toBe(
      "end: end (3) is before start (8); start is the first line of the range, end the last.",
    );
  });

  it("refuses non-positive lines, a bad side, and a suggestion on a whole file", () => {
    expect(refusal(createThreadBodySchema, { file: "a.ts", start: 0, end: 1, body: "x" })).toBe(
      "start: start must be a line number: a whole number from 1.",
    );
    expect(refusal(createThreadBodySchema, { file: "a.ts", side: "left", body: "x" })).toBe(
      'side: side must be "new" or "old".',
    );
    expect(refusal(createThreadBodySchema, { file: "a.ts", body: "x", suggestion: ["y"] })).toBe(
      "suggestion: suggestion needs a line range; a comment on the whole file has no lines to replace.",
    );
  });

  it("refuses a suggestion line holding a newline, and more than 1000 lines", () => {
    expect(
      refusal(createThreadBodySchema, { file: "a.ts", start: 1, end: 1, body: "x", suggestion: ["ok", "a\nb"] }),
    ).toBe("suggestion[1]: a suggestion line holds a line break; give each line as its own string.");
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`);
    expect(
      createThreadBodySchema.safeParse({ file: "a.ts", start: 1, end: 1, body: "x", suggestion: lines(1000) }).success,
    ).toBe(true);
    expect(
      refusal(createThreadBodySchema, { file: "a.ts", start: 1, end: 1, body: "x", suggestion: lines(1001) }),
    ).toBe("suggestion: suggestion is 1001 lines; the limit is 1000.");
  });

  it("lists every problem at once, one line each", () => {
    expect(refusal(createThreadBodySchema, { file: "", body: "", start: "2" }).split("\n")).toEqual([
      "file: file is empty; give a file path, such as src/app.ts.",
      "start: start must be a line number: a whole number from 1.",
      "body: body is empty; write 1 to 1000 characters.",
    ]);
  });
});

describe("message bodies", () => {
  it("creates a reply with a body and an optional suggestion", () => {
    expect(createMessageBodySchema.parse({ body: "Agreed", suggestion: null })).toEqual({
      body: "Agreed",
      suggestion: null,
    });
    expect(refusal(createMessageBodySchema, { body: "x".repeat(1001) })).toBe(
      "body: body is 1001 characters; the limit is 1000. Shorten it or split it into two replies.",
    );
  });

  it("patches the body, the suggestion (null removes it), or both, but not nothing", () => {
    expect(patchMessageBodySchema.parse({ body: "New words" })).toEqual({ body: "New words" });
    expect(patchMessageBodySchema.parse({ suggestion: null })).toEqual({ suggestion: null });
    expect(refusal(patchMessageBodySchema, {})).toBe(
      "body: body is missing; give body, suggestion, or both to change the message.",
    );
    expect(refusal(patchMessageBodySchema, { body: " " })).toBe("body: body is empty; write 1 to 1000 characters.");
  });

  it("resolves or reopens with or without a last word", () => {
    expect(threadStatusBodySchema.parse({})).toEqual({});
    expect(threadStatusBodySchema.parse({ body: "Thanks" })).toEqual({ body: "Thanks" });
    expect(refusal(threadStatusBodySchema, { body: "" })).toBe("body: body is empty; write 1 to 1000 characters.");
  });

  it("releases to an optional session", () => {
    expect(releaseReviewBodySchema.parse({})).toEqual({});
    expect(releaseReviewBodySchema.parse({ sessionId: "ses_1", extra: 1 })).toEqual({ sessionId: "ses_1" });
    expect(refusal(releaseReviewBodySchema, { sessionId: "" })).toBe(
      "sessionId: sessionId is empty; leave it out to use the current session.",
    );
    // An MCP client's agent, as GET /api/review names it to the panel, goes back as it came.
    expect(releaseReviewBodySchema.parse({ sessionId: "mcp:claude-code" })).toEqual({ sessionId: "mcp:claude-code" });
    expect(refusal(releaseReviewBodySchema, { sessionId: "ses:1" })).toMatch(
      /^sessionId: sessionId may hold only letters/,
    );
    expect(refusal(releaseReviewBodySchema, { sessionId: `mcp:${"x".repeat(101)}` })).toMatch(/^sessionId: /);
  });
});

describe("queries", () => {
  it("reads the threads query", () => {
    expect(threadsQuerySchema.parse({ status: "draft", file: "src/a.ts" })).toEqual({
      status: "draft",
      file: "src/a.ts",
    });
    expect(refusal(threadsQuerySchema, { status: "closed" })).toBe(
      'status: status must be "waiting", "all" or "draft".',
    );
  });

  it("reads the diff query", () => {
    expect(diffQuerySchema.parse({})).toEqual({});
    expect(diffQuerySchema.parse({ from: "base", to: "worktree" })).toEqual({ from: "base", to: "worktree" });
    expect(refusal(diffQuerySchema, { to: "" })).toBe(
      'to: to is empty; give a round id or "worktree", or leave it out.',
    );
  });
});
