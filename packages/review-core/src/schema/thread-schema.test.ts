import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { Thread } from "../review/types.js";
import { formatSchemaError } from "./format-schema-error.js";
import { threadSchema } from "./thread-schema.js";

const thread = {
  id: "t_1",
  file: "src/app.ts",
  side: "new",
  start: 12,
  end: 13,
  round: { id: "r_1", ordinal: 1 },
  quoted: ["+const a = 1;", " const b = 2;"],
  context: { before: ["import x from 'x';"], after: [] },
  anchor: { state: "moved", start: 14, end: 15 },
  status: "resolved",
  awaiting: null,
  origin: "human",
  resolvedAt: "2025-05-01T10:00:00.000Z",
  resolvedBy: "agent",
  unreadByHuman: true,
  messages: [
    {
      id: "m_1",
      author: "human",
      body: "Rename a.",
      suggestion: ["const alpha = 1;"],
      createdAt: "2025-05-01T09:00:00.000Z",
      delivery: "delivered",
    },
    {
      id: "m_2",
      author: "agent",
      body: "Renamed.",
      suggestion: null,
      createdAt: "2025-05-01T10:00:00+02:00",
      delivery: "sent",
    },
  ],
  createdAt: "2025-05-01T09:00:00.000Z",
  updatedAt: "2025-05-01T10:00:00.000Z",
} as const satisfies Thread;

function problems(input: unknown): string {
  const result = threadSchema.safeParse(input);
  expect(result.success).toBe(false);
  return formatSchemaError(result.error as z.ZodError);
}

describe("threadSchema", () => {
  it("accepts the contract's Thread, and a whole-file open thread", () => {
    expect(threadSchema.parse(thread)).toEqual(thread);
    const whole = {
      ...thread,
      start: null,
      end: null,
      quoted: [],
      anchor: { state: "outdated", start: null, end: null },
      status: "open",
      awaiting: "agent",
      resolvedAt: null,
      resolvedBy: null,
    };
    expect(threadSchema.safeParse(whole).success).toBe(true);
    expect(
      threadSchema.safeParse({ ...thread, anchor: { state: "changed", start: 3, end: 3, whitespaceOnly: true } })
        .success,
    ).toBe(true);
  });

  it("has the same fields as the Thread type, and parses into it", () => {
    expectTypeOf<keyof z.infer<typeof threadSchema>>().toEqualTypeOf<keyof Thread>();
    expectTypeOf<z.infer<typeof threadSchema>>().toExtend<Thread>();
  });

  it("names the field that drifted from the contract", () => {
    expect(problems({ ...thread, status: "closed" })).toBe('status: status must be "draft", "open" or "resolved".');
    expect(problems({ ...thread, createdAt: "2025-05-01 09:00:00" })).toBe(
      "createdAt: createdAt must be an ISO 8601 date and time.",
    );
    expect(problems({ ...thread, messages: [{ ...thread.messages[0], delivery: undefined }] })).toBe(
      'messages[0].delivery: messages[0].delivery must be "unsent", "sent" or "delivered".',
    );
  });

  it("refuses half a range, an inverted range, and quoted lines without markers", () => {
    expect(problems({ ...thread, end: null })).toBe("end: start and end are both numbers or both null.");
    expect(problems({ ...thread, anchor: { state: "current", start: 5, end: 4 } })).toBe(
      "anchor.end: end (4) is before start (5).",
    );
    expect(problems({ ...thread, quoted: ["const a = 1;"] })).toBe(
      'quoted[0]: a quoted line starts with its marker: "+", "-" or " ".',
    );
  });

  it("refuses an outdated anchor with lines, and whitespaceOnly on an anchor that is not changed", () => {
    expect(problems({ ...thread, anchor: { state: "outdated", start: 5, end: 6 } })).toMatch(
      /^anchor\.start: an outdated thread has no lines now/,
    );
    expect(problems({ ...thread, anchor: { state: "moved", start: 5, end: 6, whitespaceOnly: true } })).toBe(
      "anchor.whitespaceOnly: whitespaceOnly is set only on a changed thread.",
    );
    expect(problems({ ...thread, anchor: { state: "gone", start: 5, end: 6 } })).toMatch(/^anchor\.state: /);
  });

  it("refuses a resolved thread without who and when, and a thread without messages", () => {
    expect(problems({ ...thread, resolvedAt: null, resolvedBy: null })).toBe(
      "resolvedAt: a resolved thread has resolvedAt and resolvedBy.",
    );
    expect(problems({ ...thread, status: "open", resolvedBy: null })).toBe(
      "resolvedBy: resolvedAt and resolvedBy are set together, or both null.",
    );
    expect(problems({ ...thread, messages: [] })).toBe("messages: messages must have at least 1 item.");
  });
});
