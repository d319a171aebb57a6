import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { Tour } from "../review-client.js";
import { createTour, stepPlace } from "./tour.js";

const tourOf = (id: string, n: number): Tour => ({
  id,
  title: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  steps: Array.from({ length: n }, (_, i) => ({
    file: "a.ts",
    start: i + 1,
    end: i + 1,
    text: `step ${i + 1}`,
    anchor: { state: "current" as const, start: i + 1, end: i + 1 },
  })),
  uncovered: [],
});

describe("the tour slice", () => {
  it("walks the steps within bounds, and a new tour starts again at its first", async () => {
    await createRoot(async (dispose) => {
      const tour = createTour(
        { tour: async () => ({ ok: true, value: { tour: tourOf("w_1", 3) } }) },
        { report: () => 0 },
      );
      await tour.load();
      tour.start();
      expect([tour.active(), tour.label()]).toEqual([true, "Step 1 of 3"]);
      tour.prev();
      tour.next();
      tour.next();
      tour.next();
      expect(tour.label()).toBe("Step 3 of 3");
      tour.receive(tourOf("w_1", 3));
      expect(tour.index()).toBe(2);
      tour.receive(tourOf("w_2", 2));
      expect(tour.label()).toBe("Step 1 of 2");
      tour.receive(null);
      expect(tour.active()).toBe(false);
      dispose();
    });
  });

  it("places a step where its lines are now, and says when they are gone", () => {
    const [step] = tourOf("w", 1).steps;
    expect(stepPlace({ ...step!, anchor: { state: "moved", start: 7, end: 7, file: "b.ts" } })).toEqual({
      file: "b.ts",
      start: 7,
      end: 7,
      gone: false,
    });
    expect(stepPlace({ ...step!, anchor: { state: "outdated", start: null, end: null } }).gone).toBe(true);
    expect(
      stepPlace({ ...step!, start: null, end: null, anchor: { state: "current", start: null, end: null } }),
    ).toEqual({ file: "a.ts", start: null, end: null, gone: false });
  });
});
