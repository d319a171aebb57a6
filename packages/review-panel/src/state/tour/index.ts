// tour: the agent's guide to its change, walked step by step in both panels
export { createTour, stepPlace, TourContext, useTour, type StepPlace, type TourWalk } from "./tour.js";
