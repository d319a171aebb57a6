import type { ServiceContext } from "../service-context.js";
import { branchTour } from "./branch-tour.js";
import { writeTour } from "./write-tour.js";

/**
 * The agent's tour of its change.
 * @example await tourOperations(ctx).tour();
 */
export function tourOperations(ctx: ServiceContext) {
  return {
    /** The agent's tour of its change (review_tour), replacing the branch's last one. */
    writeTour: (args: Parameters<typeof writeTour>[1]) => writeTour(ctx, args),
    /** The branch's tour with its steps located now and the hunks no step touches; null when there is none. */
    tour: () => branchTour(ctx),
  };
}

export type TourOperations = ReturnType<typeof tourOperations>;
