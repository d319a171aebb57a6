import type { Location } from "../anchor/types.js";

/**
 * One step of the agent's tour as the panels and tools see it: the place as the agent gave it (`start`/`end`
 * null for the whole file), its text, and where those lines are now (`anchor`, as a thread's).
 */
export interface TourStep {
  readonly file: string;
  readonly start: number | null;
  readonly end: number | null;
  readonly text: string;
  readonly anchor: Location & { readonly file?: string };
}

/** A hunk of the review's diff no step touches: its lines on the new side (on the old side for a deleted file). */
export interface UncoveredHunk {
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

/** The agent's guide to its change (docs/agent-tools.md, `review_tour`); one per branch, the newest. */
export interface Tour {
  readonly id: string;
  readonly title: string | null;
  readonly createdAt: string;
  readonly steps: readonly TourStep[];
  readonly uncovered: readonly UncoveredHunk[];
}
