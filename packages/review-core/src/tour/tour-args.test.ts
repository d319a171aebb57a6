import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { formatSchemaError } from "../schema/format-schema-error.js";
import { reviewTourArgsSchema } from "./tour-args.js";

function refusal(input: unknown): string {
  const result = reviewTourArgsSchema.safeParse(input);
  expect(result.success).toBe(false);
  return formatSchemaError(result.error as z.ZodError);
}

const step = { file: "a.ts", from: 1, to: 2, text: "Why." };

describe("review_tour arguments", () => {
  it("takes a title and steps on ranges, single lines and whole files", () => {
    const args = {
      title: "Retry",
      steps: [step, { file: "b.ts", text: "All of it." }, { file: "c.ts", from: 4, text: "x" }],
    };
    expect(reviewTourArgsSchema.parse(args)).toEqual(args);
  });

  it("refuses no steps, too many, an empty text, a long text and a reversed range", () => {
    expect(refusal({ steps: [] })).toMatch(/steps is empty/);
    expect(refusal({ steps: Array.from({ length: 41 }, () => step) })).toMatch(/at most 40/);
    expect(refusal({ steps: [{ ...step, text: "  " }] })).toBe(
      "steps[0].text: text is empty; write 1 to 500 characters of why this part is there.",
    );
    expect(refusal({ steps: [{ ...step, text: "x".repeat(501) }] })).toMatch(
      /text is 501 characters; the limit is 500/,
    );
    expect(refusal({ steps: [{ ...step, from: 5, to: 2 }] })).toMatch(/to \(2\) is before from \(5\)/);
    expect(refusal({ steps: [{ file: "a.ts", to: 2, text: "x" }] })).toMatch(/from is missing/);
  });

  it("refuses an unknown argument, at the top and in a step", () => {
    expect(refusal({ steps: [step], tittle: "x" })).toMatch(/Unknown argument `tittle`; did you mean `title`\?/);
    expect(refusal({ steps: [{ ...step, line: 3 }] })).toMatch(/unknown argument `line`/);
  });
});
