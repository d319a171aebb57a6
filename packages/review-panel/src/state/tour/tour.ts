// The agent's tour of its change (review_tour) as both panels walk it: the tour, whether the person is in
// tour mode, and which step they are on. The views lay it out; where a step is now comes from its anchor.
import { createContext, createSignal, useContext } from "solid-js";
import type { Notices } from "../conversation/notices.js";
import type { ReviewClient, Tour, TourStep } from "../review-client.js";

export type TourWalk = ReturnType<typeof createTour>;

/** Where a step's lines are now: the file (by its path now), and the lines, or null for the whole file or lines gone. */
export interface StepPlace {
  readonly file: string;
  readonly start: number | null;
  readonly end: number | null;
  /** The lines the agent pointed at are gone from the file. */
  readonly gone: boolean;
}

/**
 * Where a step is now, from its anchor as the server located it.
 * @example stepPlace({ file: "a.ts", start: 3, end: 4, text: "x", anchor: { state: "moved", start: 5, end: 6 } }) // { file: "a.ts", start: 5, end: 6, gone: false }
 */
export function stepPlace(step: TourStep): StepPlace {
  const file = step.anchor.file ?? step.file;
  if (step.anchor.state === "outdated") return { file, start: null, end: null, gone: step.start !== null };
  return { file, start: step.anchor.start ?? step.start, end: step.anchor.end ?? step.end, gone: false };
}

/**
 * The tour slice: `load` reads it, `receive` takes a live one (a new tour starts at its first step),
 * `start`/`next`/`prev`/`stop` walk it; `label` is "step 3 of 9".
 * @example const tour = createTour(client, notices); await tour.load(); tour.start(); tour.next();
 */
export function createTour(client: Pick<ReviewClient, "tour">, notices: Pick<Notices, "report">) {
  const [tour, setTour] = createSignal<Tour | null>(null);
  const [active, setActive] = createSignal(false);
  const [index, setIndex] = createSignal(0);
  const count = () => tour()?.steps.length ?? 0;
  const receive = (next: Tour | null) => {
    if (next === null || next.id !== tour()?.id) setIndex(0);
    if (next === null) setActive(false);
    setTour(next);
  };
  return {
    tour,
    active,
    index,
    count,
    receive,
    load: async () => {
      const answer = await client.tour();
      if (!answer.ok) return void notices.report(answer.error);
      receive(answer.value.tour);
    },
    /** The step the person is on, or undefined when there is no tour. */
    step: (): TourStep | undefined => tour()?.steps[index()],
    label: () => `Step ${index() + 1} of ${count()}`,
    start: () => {
      if (count() > 0) setActive(true);
    },
    stop: () => setActive(false),
    next: () => setIndex((i) => Math.min(count() - 1, i + 1)),
    prev: () => setIndex((i) => Math.max(0, i - 1)),
    go: (i: number) => setIndex(Math.max(0, Math.min(count() - 1, i))),
  };
}

export const TourContext = createContext<TourWalk>();

/** The tour slice of the enclosing panel. */
export function useTour(): TourWalk {
  const value = useContext(TourContext);
  if (!value) throw new Error("useTour outside TourContext");
  return value;
}
