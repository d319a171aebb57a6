import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatSchemaError } from "./format-schema-error.js";
import {
  reviewListArgs,
  reviewListArgsSchema,
  reviewOpenArgs,
  reviewOpenArgsSchema,
  reviewReplyArgs,
  reviewReplyArgsSchema,
} from "./tool-args.js";
import { reviewCommentArgsSchema } from "./reviewer-args.js";

function refusal(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return formatSchemaError(result.error as z.ZodError);
}

describe("review_list arguments", () => {
  it("accepts nothing, a file, and both statuses", () => {
    expect(reviewListArgsSchema.parse({})).toEqual({});
    expect(reviewListArgsSchema.parse({ file: "src/a.ts", status: "all" })).toEqual({
      file: "src/a.ts",
      status: "all",
    });
    expect(reviewListArgsSchema.parse({ status: "waiting" })).toEqual({ status: "waiting" });
  });

  it("refuses an unknown status and an empty file", () => {
    expect(refusal(reviewListArgsSchema, { status: "draft" })).toBe('status: status must be "waiting" or "all".');
    expect(refusal(reviewListArgsSchema, { file: "" })).toBe(
      "file: file is empty; give a file path, such as src/app.ts.",
    );
  });
});

describe("review_reply arguments", () => {
  it("names a thread by id, by file and line, or by file alone", () => {
    expect(reviewReplyArgsSchema.parse({ id: "t1", text: "Fixed.", resolved: true })).toEqual({
      id: "t1",
      text: "Fixed.",
      resolved: true,
    });
    expect(reviewReplyArgsSchema.parse({ file: "a.ts", line: 4, text: "Why?" })).toEqual({
      file: "a.ts",
      line: 4,
      text: "Why?",
    });
    expect(reviewReplyArgsSchema.safeParse({ file: "a.ts", text: "Why?" }).success).toBe(true);
  });

  it("refuses a reply that names no thread, or only a line", () => {
    const message = "id: id is missing; give the thread's id, or its file and a line of it.";
    expect(refusal(reviewReplyArgsSchema, { text: "Done." })).toBe(message);
    expect(refusal(reviewReplyArgsSchema, { line: 3, text: "Done." })).toBe(message);
  });

  it("refuses lines that are not positive whole numbers", () => {
    for (const line of [0, -2, 1.5, "3"]) {
      expect(refusal(reviewReplyArgsSchema, { file: "a.ts", line, text: "x" })).toBe(
        "line: line must be a line number: a whole number from 1.",
      );
    }
  });

  it("refuses a text over 1000 characters with its length, and a missing text", () => {
    expect(refusal(reviewReplyArgsSchema, { id: "t1", text: "x".repeat(1001) })).toBe(
      "text: text is 1001 characters; the limit is 1000. Shorten it or split it into two replies.",
    );
    expect(refusal(reviewReplyArgsSchema, { id: "t1" })).toBe("text: text is missing; write 1 to 1000 characters.");
  });

  it("refuses a resolved that is not a boolean", () => {
    expect(refusal(reviewReplyArgsSchema, { id: "t1", text: "x", resolved: "yes" })).toBe(
      "resolved: resolved must be true or false.",
    );
  });
});

describe("review_open arguments", () => {
  it("accepts a whole file, one line, a range, and from alone", () => {
    expect(reviewOpenArgsSchema.parse({ file: "a.ts", text: "Note" })).toEqual({ file: "a.ts", text: "Note" });
    expect(reviewOpenArgsSchema.parse({ file: "a.ts", line: 7, text: "Note" })).toMatchObject({ line: 7 });
    expect(reviewOpenArgsSchema.parse({ file: "a.ts", from: 3, to: 3, text: "Note" })).toMatchObject({
      from: 3,
      to: 3,
    });
    expect(reviewOpenArgsSchema.parse({ file: "a.ts", from: 3, to: 9, text: "Note" })).toMatchObject({
      from: 3,
      to: 9,
    });
    expect(reviewOpenArgsSchema.parse({ file: "a.ts", from: 5, text: "Note" })).toMatchObject({ from: 5 });
  });

  it("refuses to without from", () => {
    expect(refusal(reviewOpenArgsSchema, { file: "a.ts", to: 4, text: "x" })).toBe(
      "from: from is missing; a range needs from (its first line) as well as to (its last).",
    );
  });

  it("refuses from after to", () => {
    expect(refusal(reviewOpenArgsSchema, { file: "a.ts", from: 9, to: 3, text: "x" })).toBe(
      "to: to (3) is before from (9); from is the first line of the range, to the last.",
    );
  });

  it("refuses line together with from or to", () => {
    const message = "line: line cannot go with from or to; give line for one line, or from and to for a range.";
    expect(refusal(reviewOpenArgsSchema, { file: "a.ts", line: 2, from: 1, to: 3, text: "x" })).toBe(message);
    expect(refusal(reviewOpenArgsSchema, { file: "a.ts", line: 2, to: 3, text: "x" })).toBe(message);
  });

  it("refuses a missing file and non-positive lines", () => {
    expect(refusal(reviewOpenArgsSchema, { text: "x" })).toBe(
      "file: file is missing; give a file path, such as src/app.ts.",
    );
    expect(refusal(reviewOpenArgsSchema, { file: "a.ts", from: 0, to: 2, text: "x" })).toBe(
      "from: from must be a line number: a whole number from 1.",
    );
  });
});

describe("unknown arguments", () => {
  it("are refused with the nearest known name, so a misspelled claim is never taken as no claim", () => {
    expect(refusal(reviewReplyArgsSchema, { id: "t1", text: "Fixed.", resolve: true })).toBe(
      "Unknown argument `resolve`; did you mean `resolved`?",
    );
    expect(refusal(reviewOpenArgsSchema, { filePath: "a.ts", text: "x", file: "a.ts" })).toBe(
      "Unknown argument `filePath`; did you mean `file`?",
    );
    expect(refusal(reviewListArgsSchema, { stauts: "all" })).toBe("Unknown argument `stauts`; did you mean `status`?");
    expect(refusal(reviewCommentArgsSchema, { file: "a.ts", body: "x", severity: "nit", serverity: "nit" })).toBe(
      "Unknown argument `serverity`; did you mean `severity`?",
    );
  });

  it("with nothing near, list the arguments there are", () => {
    expect(refusal(reviewListArgsSchema, { verbose: true })).toBe(
      "Unknown argument `verbose`; the arguments are `file`, `status`, `cursor`.",
    );
  });
});

describe("tool argument shapes", () => {
  it("build the same schemas opencode will build from them, with a description per field", () => {
    for (const shape of [reviewListArgs, reviewReplyArgs, reviewOpenArgs]) {
      const json = z.toJSONSchema(z.object(shape)) as { properties: Record<string, { description?: string }> };
      for (const [field, property] of Object.entries(json.properties)) {
        expect(property.description, field).toMatch(/\w/);
      }
    }
  });

  it("mark only the required arguments as required for the model", () => {
    expect(z.toJSONSchema(reviewReplyArgsSchema)).toMatchObject({ required: ["text"] });
    expect(z.toJSONSchema(reviewOpenArgsSchema)).toMatchObject({ required: ["file", "text"] });
    expect((z.toJSONSchema(reviewListArgsSchema) as { required?: string[] }).required).toBeUndefined();
  });

  it("apply the per-field rules even without the cross-field ones", () => {
    const bare = z.object(reviewReplyArgs);
    expect(bare.safeParse({ text: "x".repeat(1001) }).error?.issues[0]?.message).toBe(
      "text is 1001 characters; the limit is 1000. Shorten it or split it into two replies.",
    );
  });
});
