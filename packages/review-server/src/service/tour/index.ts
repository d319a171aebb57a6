// tour: the agent's guide to its change (review_tour), stored per branch and located like threads
export { writeTour } from "./write-tour.js";
export { branchTour } from "./branch-tour.js";
export { tourOperations, type TourOperations } from "./tour-operations.js";
