import { z } from "zod";

/** The most replacement lines a suggestion may have. */
export const SUGGESTION_LINE_LIMIT = 1000;

/**
 * A suggested replacement for a thread's lines: one string per line (no "\n" inside), up to 1000 lines;
 * null or absent for none, and an empty list to suggest deleting the lines.
 * @example suggestion.parse(["const a = 1;"]) // ["const a = 1;"]
 */
export const suggestion = z
  .array(
    z.string().check((ctx) => {
      // A "\r" may stay: the lines of a CRLF file carry it, the same as the diff's lines do.
      if (ctx.value.includes("\n")) {
        ctx.issues.push({
          code: "custom",
          input: ctx.value,
          message: "a suggestion line holds a line break; give each line as its own string.",
        });
      }
    }),
  )
  .check((ctx) => {
    if (ctx.value.length > SUGGESTION_LINE_LIMIT) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message: `suggestion is ${ctx.value.length} lines; the limit is ${SUGGESTION_LINE_LIMIT}.`,
      });
    }
  })
  .nullable()
  .optional()
  .describe("Replacement lines for the thread's range, one string per line; shown to the reader, never applied.");
