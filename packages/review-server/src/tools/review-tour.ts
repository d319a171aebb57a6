import { describePlace, reviewTourArgsSchema, type Tour } from "@opencode-review/core";
import type { AgentCall, TourOperations } from "../service/index.js";
import { parseToolArgs } from "./parse-tool-args.js";
import type { ToolResult } from "./tool-result.js";

/**
 * What `review_tour` does with its arguments as the model sent them (checked here), for any host of the
 * tools: stores the tour (replacing the branch's previous one) and answers it, with the hunks no step touches.
 * @example await reviewTour(service, { steps: [{ file: "src/a.ts", from: 3, to: 9, text: "Start here: the new retry loop." }] });
 */
export async function reviewTour(service: TourOperations, raw: unknown, _call: AgentCall = {}): Promise<ToolResult> {
  const args = parseToolArgs(reviewTourArgsSchema, raw);
  const tour = await service.writeTour(args);
  return {
    title: `Tour of ${tour.steps.length === 1 ? "1 step" : `${tour.steps.length} steps`}`,
    output: tourProse(tour),
    metadata: { tour },
  };
}

function tourProse(tour: Tour): string {
  const steps = tour.steps.map((step, i) => `${i + 1}. ${describePlace({ ...step, side: "new" })}`);
  const uncovered =
    tour.uncovered.length === 0
      ? "Every hunk of the change is covered by a step."
      : `${tour.uncovered.length === 1 ? "1 hunk" : `${tour.uncovered.length} hunks`} of the change no step touches: ${tour.uncovered
          .map((h) => `${h.file} ${h.start === h.end ? `line ${h.start}` : `lines ${h.start}-${h.end}`}`)
          .join(", ")}.`;
  return [
    `Tour ${tour.id}${tour.title === null ? "" : ` "${tour.title}"`} is shown to the reviewer, replacing any earlier one:`,
    ...steps,
    uncovered,
  ].join("\n");
}
