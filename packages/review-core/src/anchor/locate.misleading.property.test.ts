import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildAnchor } from "./build-anchor.js";
import { locate } from "./locate.js";
import type { Location } from "./types.js";
import { PROPERTY_SEED as SEED } from "../testing/property-seed.js";
import {
  cutAndPasted,
  rewrittenWithCopyElsewhere,
  repeatedBlockOneEdited,
  type MisleadingEdit,
} from "../testing/misleading-edits.js";

const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join("");

/** Locates a thread written on `then` with the anchor (quote and context) that buildAnchor records. */
function locateEdit({ then, start, end, now }: MisleadingEdit): Location {
  const thenText = text(then);
  const built = buildAnchor({ side: "new", start, end, oldText: thenText, newText: thenText, hunks: [] });
  if (!built.ok) throw new Error(built.message);
  return locate({ ...built.anchor, then: thenText, now: text(now) });
}

const RUNS = 3000;

/** Each generated edit is located where a person would put the thread (CONTRACT, "Where the diff misleads"). */
function holds(edits: fc.Arbitrary<MisleadingEdit | null>): void {
  fc.assert(
    fc.property(edits, (edit) => {
      fc.pre(edit !== null);
      expect(locateEdit(edit as MisleadingEdit)).toEqual((edit as MisleadingEdit).expected);
    }),
    { numRuns: RUNS, seed: SEED },
  );
}

describe("locate where the diff misleads, property-based", () => {
  test("lines rewritten in place while their old text is added elsewhere are changed in place", () => {
    holds(rewrittenWithCopyElsewhere);
  });

  test("lines found nowhere else, cut with nothing left in their place and pasted elsewhere, are moved to the paste", () => {
    holds(cutAndPasted);
  });

  test("in a block repeated in two functions, the thread stays with its own copy: changed when its lines were rewritten, else where they are", () => {
    holds(repeatedBlockOneEdited);
  });
});
