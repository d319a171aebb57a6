import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatSchemaError } from "./format-schema-error.js";
import { reviewReplyArgsSchema } from "./tool-args.js";

function format(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return formatSchemaError(result.error as z.ZodError).split("\n");
}

describe("formatSchemaError", () => {
  it("leads a message of ours with its field, as the tools show it", () => {
    expect(format(reviewReplyArgsSchema, { id: "t1", text: "x".repeat(1001) })).toEqual([
      "text: text is 1001 characters; the limit is 1000. Shorten it or split it into two replies.",
    ]);
  });

  it("turns zod's own messages into sentences that name the field", () => {
    const schema = z.object({
      name: z.string(),
      count: z.number().int().min(1).max(9),
      ratio: z.number().positive(),
      tags: z.array(z.string()).max(2),
      mode: z.enum(["a", "b", "c"]),
      flag: z.boolean(),
    });
    expect(format(schema, { count: 0, ratio: 0, tags: ["x", "y", "z"], mode: "d", flag: "no" })).toEqual([
      "name: name is missing; it must be a string.",
      "count: count must be at least 1.",
      "ratio: ratio must be more than 0.",
      "tags: tags must have at most 2 items.",
      'mode: mode must be "a", "b" or "c".',
      "flag: flag must be true or false, not a string.",
    ]);
    expect(format(schema.shape.count, 1.5)).toEqual(["The input must be a whole number."]);
    expect(format(schema.shape.count, 10)).toEqual(["The input must be at most 9."]);
  });

  it("names nested fields with their path", () => {
    const schema = z.object({ items: z.array(z.object({ body: z.string().min(3) })) });
    expect(format(schema, { items: [{ body: "long enough" }, { body: "ab" }] })).toEqual([
      "items[1].body: items[1].body must have at least 3 characters.",
    ]);
  });

  it("speaks of the input as a whole when the problem is at the top", () => {
    expect(format(z.object({ a: z.string() }), "text")).toEqual(["The input must be an object, not a string."]);
    expect(format(z.object({ a: z.string() }), null)).toEqual(["The input must be an object, not null."]);
    expect(format(z.strictObject({ a: z.string().optional() }), { b: 1, c: 2 })).toEqual(["Unknown fields: b, c."]);
  });

  it("reports the type it received when the issue carries the input", () => {
    const result = z.object({ n: z.number() }).safeParse({ n: [1] }, { reportInput: true });
    expect(formatSchemaError(result.error as z.ZodError)).toBe("n: n must be a number, not a list.");
  });
});
