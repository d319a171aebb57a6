import { describe, expect, it } from "vitest";
import { formatSchemaError } from "./format-schema-error.js";
import { reviewReplyArgsSchema } from "./tool-args.js";
import { startRunBodySchema } from "./reviewer-args.js";
import { idText } from "./id-text.js";

describe("idText", () => {
  it("takes an id's shape and refuses the rest with the field, the length and what to give", () => {
    const schema = idText("roundId", "a round id");
    expect(schema.parse("r_0k3x9c2m1q7zb4wd")).toBe("r_0k3x9c2m1q7zb4wd");
    expect(schema.parse("ses_1")).toBe("ses_1");
    const refusal = (value: unknown) => {
      const result = schema.safeParse(value);
      return result.success ? null : formatSchemaError(result.error);
    };
    expect(refusal("x".repeat(10_000))).toBe("RoundId is 10000 characters; an id is at most 100. Give a round id.");
    expect(refusal("r_1/../x")).toBe('RoundId may hold only letters, digits, "_" and "-"; give a round id.');
    expect(refusal("")).toBe("RoundId is empty; give a round id.");
    expect(refusal(7)).toBe("RoundId must be a round id.");
  });

  it("guards the ids of tool arguments and of POST /api/runs", () => {
    expect(reviewReplyArgsSchema.safeParse({ id: "t".repeat(101), text: "x" }).success).toBe(false);
    expect(startRunBodySchema.safeParse({ sessionId: "s".repeat(10_000) }).success).toBe(false);
    expect(startRunBodySchema.parse({ sessionId: "ses_1" })).toEqual({ sessionId: "ses_1" });
  });
});
