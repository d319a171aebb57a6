import { VERDICTS } from "../review/types.js";
import { z } from "zod";
import { idText } from "./id-text.js";
import { bodyText } from "./body-text.js";
import { filePath } from "./file-path.js";
import { lineNumber } from "./line-number.js";
import { suggestion } from "./suggestion.js";
import { toolArgsObject } from "./tool-args-object.js";

// The reviewer agent's three tools (docs/reviewer.md), shape and full schema as in tool-args.ts,
// and the HTTP bodies that start a run and take a finding.

export const SEVERITIES = ["blocker", "major", "minor", "nit"] as const;

const severity = z.enum(SEVERITIES, {
  error: (issue) =>
    `severity ${issue.input === undefined ? "is missing" : `${JSON.stringify(issue.input)} is not one of them`}: give "blocker" (must not ship), "major" (a real bug or risk), "minor" (worth fixing) or "nit" (style).`,
});

/** Arguments of `review_diff`. */
export const reviewDiffArgs = {
  file: filePath("file")
    .optional()
    .describe("Only this file's diff (a path from the repository root). Leave out for every changed file."),
};
export const reviewDiffArgsSchema = toolArgsObject(reviewDiffArgs);
export type ReviewDiffArgs = z.infer<typeof reviewDiffArgsSchema>;

/** Arguments of `review_comment`: one finding on lines of the round's diff, or a whole file. */
export const reviewCommentArgs = {
  file: filePath("file").describe("The changed file, as review_diff names it."),
  side: z
    .enum(["new", "old"], {
      error: 'side must be "new" (added or unchanged lines, new numbers) or "old" (deleted lines, old numbers).',
    })
    .optional()
    .describe(
      '"new" (default): added or context lines by their new line numbers; "old": deleted lines by their old numbers.',
    ),
  start: lineNumber("start")
    .optional()
    .describe("First line of the range, as review_diff numbers it. Leave out start and end for the whole file."),
  end: lineNumber("end").optional().describe("Last line of the range (inclusive). Default: start."),
  quoted: z
    .array(z.string({ error: "each quoted line must be a string." }), { error: "quoted must be a list of lines." })
    .optional()
    .describe(
      "The lines you mean, copied from review_diff (with or without their +, - or space marker). Checked: a mismatch is refused with the lines as they are.",
    ),
  body: bodyText("body").describe(
    "The finding: what is wrong at this place and what to do instead, 1 to 1000 characters.",
  ),
  suggestion: suggestion.optional().describe("Replacement lines for the range, when the fix is a few lines."),
  severity: severity.describe('"blocker", "major", "minor" or "nit".'),
  key: z
    .string()
    .min(1, { error: "key is empty; leave it out to derive one from the finding." })
    .max(200)
    .optional()
    .describe("Optional: a key of your own; sending the same finding twice stores it once either way."),
};
export const reviewCommentArgsSchema = toolArgsObject(reviewCommentArgs).superRefine((args, ctx) => {
  if (args.end !== undefined && args.start === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["start"],
      input: args.start,
      message: "end needs start; give start too, or neither for the whole file.",
    });
  }
  if (args.start !== undefined && args.end !== undefined && args.end < args.start) {
    ctx.addIssue({
      code: "custom",
      path: ["end"],
      input: args.end,
      message: `end (${args.end}) is before start (${args.start}).`,
    });
  }
  if (args.suggestion !== undefined && args.start === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["suggestion"],
      input: args.suggestion,
      message: "A suggestion replaces lines; give start (and end) for it.",
    });
  }
});
export type ReviewCommentArgs = z.infer<typeof reviewCommentArgsSchema>;

/** Arguments of `review_release`. */
export const reviewReleaseArgs = {
  summary: bodyText("summary").describe(
    "Two or three sentences for the person: the overall state of the change and what matters most. Not a list of the findings.",
  ),
  verdict: z
    .enum(VERDICTS, { error: 'verdict must be "approve", "comment" or "changes".' })
    .describe('"approve": fine to ship; "comment": remarks, nothing blocking; "changes": something must change first.'),
};
export const reviewReleaseArgsSchema = toolArgsObject(reviewReleaseArgs);
export type ReviewReleaseArgs = z.infer<typeof reviewReleaseArgsSchema>;

/** Body of `POST /api/runs`. */
export const startRunBodySchema = z.object({
  model: z
    .string({ error: 'model must be "provider/model", e.g. "anthropic/claude-sonnet-4".' })
    .regex(/^[^/\s]+\/\S+$/, { error: 'model must be "provider/model", e.g. "anthropic/claude-sonnet-4".' })
    .max(200, {
      error: 'model is too long for a model name; give "provider/model" as GET /api/runs/models lists them.',
    })
    .optional(),
  sessionId: idText("sessionId", "an opencode session id", {
    empty: "leave it out for the current session.",
  }).optional(),
});
export type StartRunBody = z.infer<typeof startRunBodySchema>;

/** Body of `POST /api/threads/:id/accept`: the person's own words instead of the finding's, if they want. */
export const acceptFindingBodySchema = z.object({
  body: bodyText("body").optional(),
  suggestion: suggestion.nullable().optional(),
});
export type AcceptFindingBody = z.infer<typeof acceptFindingBodySchema>;
