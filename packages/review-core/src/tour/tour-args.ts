import { z } from "zod";
import { countCharacters } from "../review/message-body.js";
import { filePath } from "../schema/file-path.js";
import { lineNumber } from "../schema/line-number.js";
import { toolArgsObject } from "../schema/tool-args-object.js";

/** The most steps one tour has: past forty, a tour is a second diff rather than a guide to one. */
export const TOUR_STEP_LIMIT = 40;
/** The most characters a step's text has: one or two sentences of why, not an essay. */
export const TOUR_TEXT_LIMIT = 500;
/** The most characters a tour's title has. */
export const TOUR_TITLE_LIMIT = 200;

function stepText() {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `text is missing; write 1 to ${TOUR_TEXT_LIMIT} characters of why this part is there.`
          : `text must be a string of 1 to ${TOUR_TEXT_LIMIT} characters.`,
    })
    .check((ctx) => {
      if (ctx.value.trim() === "") {
        ctx.issues.push({
          code: "custom",
          input: ctx.value,
          message: `text is empty; write 1 to ${TOUR_TEXT_LIMIT} characters of why this part is there.`,
        });
        return;
      }
      const length = countCharacters(ctx.value);
      if (length > TOUR_TEXT_LIMIT)
        ctx.issues.push({
          code: "custom",
          input: ctx.value,
          message: `text is ${length} characters; the limit is ${TOUR_TEXT_LIMIT}. Say why in one or two sentences.`,
        });
    });
}

/** One step's fields: a place as review_open takes it (without `line`: from alone is one line) and its text. */
export const tourStepArgs = {
  file: filePath("file").describe("The file of this step, as a path from the repository root."),
  from: lineNumber("from")
    .optional()
    .describe("The first line of the step, as the file reads now. Leave out from and to for the whole file."),
  to: lineNumber("to").optional().describe("The last line of the step (inclusive), with from."),
  text: stepText().describe(`Why this part is there, 1 to ${TOUR_TEXT_LIMIT} characters: one or two sentences.`),
};

/**
 * One step as one schema: unknown keys refused, `to` needs `from`, `from` not after `to`.
 * @example tourStepSchema.safeParse({ file: "a.ts", from: 9, to: 3, text: "x" }).success // false
 */
export const tourStepSchema = toolArgsObject(tourStepArgs).superRefine((step, ctx) => {
  if (step.to !== undefined && step.from === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["from"],
      input: step.from,
      message: "from is missing; a range needs from (its first line) as well as to (its last).",
    });
    return;
  }
  if (step.from !== undefined && step.to !== undefined && step.from > step.to) {
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      input: step.to,
      message: `to (${step.to}) is before from (${step.from}); from is the first line of the step, to the last.`,
    });
  }
});
export type TourStepArgs = z.infer<typeof tourStepSchema>;

/** Arguments of `review_tour` (docs/agent-tools.md): an optional title and 1 to 40 steps in reading order. */
export const reviewTourArgs = {
  title: z
    .string({ error: "title must be a short text." })
    .min(1, { error: "title is empty; leave it out or write a few words." })
    .max(TOUR_TITLE_LIMIT, { error: `title is too long; keep it under ${TOUR_TITLE_LIMIT} characters.` })
    .optional()
    .describe("A few words naming the change, such as 'Retry uploads on timeout'."),
  steps: z
    .array(tourStepSchema, { error: "steps must be a list of { file, from?, to?, text }." })
    .min(1, { error: "steps is empty; give 1 to 40 steps, in the order to read them." })
    .max(TOUR_STEP_LIMIT, {
      error: `steps has too many steps; give at most ${TOUR_STEP_LIMIT}, one per part worth explaining (the tour lists what no step covers).`,
    })
    .describe("The steps in the order the reviewer should read them."),
};

/**
 * `review_tour` arguments as one schema (unknown keys refused, at the top and in each step).
 * @example reviewTourArgsSchema.safeParse({ steps: [] }).success // false: no steps
 */
export const reviewTourArgsSchema = toolArgsObject(reviewTourArgs);
export type ReviewTourArgs = z.infer<typeof reviewTourArgsSchema>;
