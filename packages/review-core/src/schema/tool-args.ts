import { z } from "zod";
import { idText } from "./id-text.js";
import { bodyText } from "./body-text.js";
import { filePath } from "./file-path.js";
import { lineNumber } from "./line-number.js";
import { toolArgsObject } from "./tool-args-object.js";

// Each tool gets its arguments twice: as a shape, which opencode's `tool({ args })` wants and turns into
// JSON Schema for the model, and as a `z.object`, which also carries the rules between fields. opencode
// parses the shape only, so a tool's execute should run the object schema's safeParse on the arguments
// it receives and answer a failure with formatSchemaError. The object schema also refuses an argument the
// shape does not name (opencode and MCP clients hand execute the keys as the model sent them).

/** Arguments of `review_list` (docs/agent-tools.md). */
export const reviewListArgs = {
  file: filePath("file")
    .optional()
    .describe("Only threads on this file: a path, or its last segments (a.ts matches src/a.ts)."),
  status: z
    .enum(["waiting", "all"], { error: 'status must be "waiting" or "all".' })
    .optional()
    .describe('"waiting" (the default): open threads; "all": resolved threads too.'),
  cursor: z
    .string({ error: "cursor must be the text review_list gave as the next page's cursor." })
    .max(200, { error: "cursor is too long; pass the cursor review_list gave, as it is." })
    .optional()
    .describe("The next page's cursor, as the previous review_list output gave it. Leave out for the first page."),
};

/**
 * `review_list` arguments as one schema.
 * @example reviewListArgsSchema.parse({ status: "all" }) // { status: "all" }
 */
export const reviewListArgsSchema = toolArgsObject(reviewListArgs);
export type ReviewListArgs = z.infer<typeof reviewListArgsSchema>;

/** Arguments of `review_reply`: a thread by `id`, or by `file` and a `line` of it as it reads now. */
export const reviewReplyArgs = {
  id: idText("id", "a thread id, as review_list shows it")
    .optional()
    .describe("The thread's id, as review_list shows it. Or give file and line instead."),
  file: filePath("file")
    .optional()
    .describe("The thread's file (a path, or its last segments), when you do not give id."),
  line: lineNumber("line")
    .optional()
    .describe(
      "A line of the thread's range as the file reads now, with file. Not needed when the file has one thread.",
    ),
  text: bodyText("text").describe("Your reply to the reviewer, 1 to 1000 characters."),
  resolved: z
    .boolean({ error: "resolved must be true or false." })
    .optional()
    .describe(
      "true when your change settles the thread. Accepted only if the code under the thread changed since the reviewer spoke. Default false.",
    ),
};

/**
 * `review_reply` arguments as one schema, with the rule that a thread is named by `id` or by `file`.
 * When both are given, `id` decides; `file` alone names a file's only thread.
 * @example reviewReplyArgsSchema.safeParse({ text: "Done." }).success // false: no thread named
 */
export const reviewReplyArgsSchema = toolArgsObject(reviewReplyArgs).superRefine((args, ctx) => {
  if (args.id === undefined && args.file === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["id"],
      input: args.id,
      message: "id is missing; give the thread's id, or its file and a line of it.",
    });
  }
});
export type ReviewReplyArgs = z.infer<typeof reviewReplyArgsSchema>;

/** Arguments of `review_open`: a note on a file, one `line`, a `from`..`to` range, or none of them for the whole file. */
export const reviewOpenArgs = {
  file: filePath("file").describe("The file to comment on, as a path from the repository root."),
  line: lineNumber("line")
    .optional()
    .describe("One line to comment on, as the file reads now. Leave out line, from and to for the whole file."),
  from: lineNumber("from").optional().describe("The first line of a range, as the file reads now."),
  to: lineNumber("to").optional().describe("The last line of a range (inclusive), with from."),
  text: bodyText("text").describe("What the reviewer should know, 1 to 1000 characters."),
};

/**
 * `review_open` arguments as one schema, with the range rules: `to` needs `from`, `from` is not after `to`,
 * and `line` does not go with a range. `from` alone is the one line `from`.
 * @example reviewOpenArgsSchema.safeParse({ file: "a.ts", from: 9, to: 3, text: "x" }).success // false
 */
export const reviewOpenArgsSchema = toolArgsObject(reviewOpenArgs).superRefine((args, ctx) => {
  if (args.line !== undefined && (args.from !== undefined || args.to !== undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["line"],
      input: args.line,
      message: "line cannot go with from or to; give line for one line, or from and to for a range.",
    });
    return;
  }
  if (args.to !== undefined && args.from === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["from"],
      input: args.from,
      message: "from is missing; a range needs from (its first line) as well as to (its last).",
    });
    return;
  }
  if (args.from !== undefined && args.to !== undefined && args.from > args.to) {
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      input: args.to,
      message: `to (${args.to}) is before from (${args.from}); from is the first line of the range, to the last.`,
    });
  }
});
export type ReviewOpenArgs = z.infer<typeof reviewOpenArgsSchema>;
