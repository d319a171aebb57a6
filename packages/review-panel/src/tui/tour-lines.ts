// The agent's tour in the terminal, as the lines above the diff say it: what the tour holds before the person
// walks it, then the step they are on ("Step 3 of 9", where, and why) and the hunks no step explains.
import { describePlace } from "@opencode-review/core";
import type { Tour } from "../state/review-client.js";
import { stepPlace } from "../state/tour/tour.js";

/** How much of the uncovered list one line names before "and N more". */
const NAMED = 4;

/**
 * The tour's lines for the terminal (unwrapped), or none when the agent left no tour.
 * @example tourText(tour, { active: true, index: 2 }) // ["Tour · Step 3 of 9 · src/a.ts:4-5: The client opts in.", "Not explained by any step: notes.md:2-3"]
 */
export function tourText(tour: Tour | null, at: { readonly active: boolean; readonly index: number }): string[] {
  if (tour === null) return [];
  const n = tour.steps.length;
  const uncovered = tour.uncovered.map((h) => describePlace({ ...h, side: "new" }, { for: "terminal" }));
  const notExplained =
    uncovered.length === 0
      ? []
      : [
          `Not explained by any step: ${uncovered.slice(0, NAMED).join(", ")}${uncovered.length > NAMED ? ` and ${uncovered.length - NAMED} more` : ""}`,
        ];
  if (!at.active) {
    const title = tour.title === null ? "The agent left a tour" : `The agent's tour "${tour.title}"`;
    const hunks =
      uncovered.length === 0
        ? ""
        : `, ${uncovered.length === 1 ? "1 hunk" : `${uncovered.length} hunks`} not explained`;
    return [`${title}: ${n === 1 ? "1 step" : `${n} steps`}${hunks}. w walks it.`];
  }
  const step = tour.steps[at.index];
  if (step === undefined) return [];
  const place = stepPlace(step);
  const where = place.gone
    ? `${place.file} (its lines are gone)`
    : describePlace({ file: place.file, side: "new", start: place.start, end: place.end }, { for: "terminal" });
  return [`Tour · Step ${at.index + 1} of ${n} · ${where}: ${step.text}  (w next, W back, q closes)`, ...notExplained];
}
