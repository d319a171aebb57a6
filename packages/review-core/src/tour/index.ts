// tour: the agent's guide to its change (review_tour), and what it leaves unexplained
export type { Tour, TourStep, UncoveredHunk } from "./types.js";
export {
  reviewTourArgs,
  reviewTourArgsSchema,
  tourStepSchema,
  TOUR_STEP_LIMIT,
  TOUR_TEXT_LIMIT,
  TOUR_TITLE_LIMIT,
  type ReviewTourArgs,
  type TourStepArgs,
} from "./tour-args.js";
export { uncoveredHunks, type CoveringPlace } from "./uncovered-hunks.js";
