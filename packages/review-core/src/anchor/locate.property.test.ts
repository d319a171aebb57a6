import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildAnchor } from "./build-anchor.js";
import { locate } from "./locate.js";
import type { Location } from "./types.js";
import { PROPERTY_SEED as SEED } from "../testing/property-seed.js";
import { copyHasAContextSide } from "../testing/misleading-edits.js";

/**
 * Files drawn from a handful of lines, so that every line and many blocks have copies elsewhere:
 * the case where a careless search lands on the wrong copy.
 */
const LINES = ["}", "", "  return null;", "  i++;", "call();", "{"] as const;
const line = fc.constantFrom(...LINES);

/** Replace then[from..to) by `lines` (an insertion when from === to). */
interface Edit {
  readonly from: number;
  readonly to: number;
  readonly lines: readonly string[];
}

const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join("");

/** Applies non-overlapping edits, sorted by position. */
function applyEdits(then: readonly string[], edits: readonly Edit[]): string[] {
  const now: string[] = [];
  let next = 0;
  for (const edit of edits) {
    now.push(...then.slice(next, edit.from));
    now.push(...edit.lines);
    next = edit.to;
  }
  now.push(...then.slice(next));
  return now;
}

/** Keeps edits that do not overlap or touch one another (two edits at one point would be one edit). */
function disjoint(edits: readonly Edit[]): Edit[] {
  const sorted = [...edits].sort((x, y) => x.from - y.from || x.to - y.to);
  const kept: Edit[] = [];
  for (const edit of sorted) {
    const previous = kept[kept.length - 1];
    if (previous === undefined || previous.to < edit.from) kept.push(edit);
  }
  return kept;
}

function lcsTable(a: readonly string[], b: readonly string[]): number[][] {
  // table[i][j] = LCS of a[i..] and b[j..]
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = table[i] as number[];
      const below = table[i + 1] as number[];
      row[j] = a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  return table;
}

/**
 * Whether some shortest diff from `then` to `now` keeps the block then[s..e) whole at now[p..):
 * the best alignment above it, the block, and the best alignment below it add up to the best overall.
 * When the edits leave several equally short explanations (a block of repeated lines next to an
 * insertion of the same lines), every one of them is a right answer.
 */
function minimalDiffKeepsBlockAt(
  then: readonly string[],
  now: readonly string[],
  s: number,
  e: number,
  p: number,
): boolean {
  const total = (lcsTable(then, now)[0] as number[])[0] as number;
  const above = (lcsTable(then.slice(0, s), now.slice(0, p))[0] as number[])[0] as number;
  const below = (lcsTable(then.slice(e), now.slice(p + (e - s)))[0] as number[])[0] as number;
  return above + (e - s) + below === total;
}

function someShortestDiffKeepsBlock(then: readonly string[], now: readonly string[], s: number, e: number): boolean {
  const quote = then.slice(s, e).join("\n");
  for (let p = 0; p + (e - s) <= now.length; p++) {
    if (now.slice(p, p + (e - s)).join("\n") === quote && minimalDiffKeepsBlockAt(then, now, s, e, p)) return true;
  }
  return false;
}

/** How many lines a shortest diff from `a` to `b` deletes plus inserts. */
function changedLines(a: readonly string[], b: readonly string[]): number {
  return a.length + b.length - 2 * ((lcsTable(a, b)[0] as number[])[0] as number);
}

/**
 * Whether the text reads better as the block moved onto its copy at now[p..): with the block lifted
 * out of `then` and the copy out of `now`, the rest differs by fewer lines than `then` and `now` do.
 * Cut-and-paste reads so, and so does an edit that happens to rebuild the block there (most of its
 * lines deleted at home, a copy made mostly of inserted lines): the text cannot tell them apart, and
 * a move is as right an answer as an edit. A tie does not count: the edits where they are explain
 * the text as well, so a copy pieced together from old lines around a new one is not the block.
 */
function copyReadsAsMoved(then: readonly string[], now: readonly string[], s: number, e: number, p: number): boolean {
  if (now.slice(p, p + (e - s)).join("\n") !== then.slice(s, e).join("\n")) return false;
  const rest = changedLines([...then.slice(0, s), ...then.slice(e)], [...now.slice(0, p), ...now.slice(p + (e - s))]);
  return rest < changedLines(then, now);
}

/** The block's recorded surroundings (3 lines each side, or as many as the file has) read at now[at - before..at) and now[at + gap..). */
function surroundingsAt(
  then: readonly string[],
  s: number,
  e: number,
  now: readonly string[],
  at: number,
  gap: number,
): boolean {
  const before = Math.min(s, 3);
  const after = Math.min(then.length - e, 3);
  if (at - before < 0 || at + gap + after > now.length) return false;
  if (now.slice(at - before, at).join("\n") !== then.slice(s - before, s).join("\n")) return false;
  return now.slice(at + gap, at + gap + after).join("\n") === then.slice(e, e + after).join("\n");
}

/**
 * CONTRACT, "Where the diff misleads": a reading of the text that keeps the block's recorded surroundings
 * at now[at - before..at) and now[at + gap..), deletes the block, inserts the `gap` lines between them, and
 * aligns the rest, as short as the shortest diff. With new lines between them (gap > 0) rule (1) reads the
 * block as rewritten there (`changed`); with nothing between them, rule (2) reads it as cut (`moved` onto
 * its one copy). Such a reading is as right as the edits the generator made: the text cannot tell them apart.
 */
function surroundingsStand(
  then: readonly string[],
  s: number,
  e: number,
  now: readonly string[],
  at: number,
  gap: number,
): boolean {
  if (!surroundingsAt(then, s, e, now, at, gap)) return false;
  const before = Math.min(s, 3);
  const after = Math.min(then.length - e, 3);
  const above = changedLines(then.slice(0, s - before), now.slice(0, at - before));
  const below = changedLines(then.slice(e + after), now.slice(at + gap + after));
  return above + (e - s) + gap + below <= changedLines(then, now);
}

/**
 * Rule (1) as the CONTRACT words it, where no reading as short as the diff makes it: the surroundings
 * stand together right beside the block kept whole (one side repeats the block's text and holds a copy
 * of it), with new text between them, a line the file never had with a word in it. Lines added in front
 * of the kept block read so, and so does the block rewritten while its old text went elsewhere (the
 * misleading-edit property's first shape, where the shortest diff keeps the block inside a side and the
 * rewrite costs more): the text cannot tell them apart, and rule (1) takes the rewrite.
 */
function newTextBesideTheBlock(
  then: readonly string[],
  s: number,
  e: number,
  now: readonly string[],
  at: number,
  gap: number,
): boolean {
  if (!surroundingsAt(then, s, e, now, at, gap)) return false;
  if (!now.slice(at, at + gap).some((l) => !then.includes(l) && /\w/.test(l))) return false;
  const quote = then.slice(s, e).join("\n");
  const holds = (from: number, to: number) => {
    for (let p = from; p + (e - s) <= to; p++) if (now.slice(p, p + (e - s)).join("\n") === quote) return true;
    return false;
  };
  return holds(at - Math.min(s, 3), at) || holds(at + gap, at + gap + Math.min(then.length - e, 3));
}

/** Rule (1) decides: the surroundings stand around the located lines, and no copy of the block has a side of them. */
function readsAsRewrittenAt(
  then: readonly string[],
  s: number,
  e: number,
  now: readonly string[],
  location: Location,
): boolean {
  if (location.state !== "changed" || location.start === null || location.end === null) return false;
  const quote = then.slice(s, e).join("\n");
  for (let p = 0; p + (e - s) <= now.length; p++) {
    if (now.slice(p, p + (e - s)).join("\n") === quote && copyHasAContextSide(then, s, e, now, p)) return false;
  }
  const at = location.start - 1;
  const gap = location.end - location.start + 1;
  return surroundingsStand(then, s, e, now, at, gap) || newTextBesideTheBlock(then, s, e, now, at, gap);
}

/** Rule (2) decides: the surroundings stand next to each other somewhere, and now[p..) is the block's one copy. */
function readsAsCutTo(then: readonly string[], s: number, e: number, now: readonly string[], p: number): boolean {
  const quote = then.slice(s, e).join("\n");
  const copies = [...Array(Math.max(0, now.length - (e - s) + 1)).keys()].filter(
    (q) => now.slice(q, q + (e - s)).join("\n") === quote,
  );
  if (copies.length !== 1 || copies[0] !== p) return false;
  return [...Array(now.length + 1).keys()].some((at) => surroundingsStand(then, s, e, now, at, 0));
}

function locateBlock(then: readonly string[], s: number, e: number, now: readonly string[]): Location {
  const thenText = text(then);
  const built = buildAnchor({ side: "new", start: s + 1, end: e, oldText: thenText, newText: thenText, hunks: [] });
  if (!built.ok) throw new Error(built.message);
  return locate({ ...built.anchor, then: thenText, now: text(now) });
}

/** A file, a block in it (0-based, half-open), and raw edits to sort out per property. */
const scenario = fc
  .array(line, { minLength: 4, maxLength: 40 })
  .chain((then) =>
    fc.record({
      then: fc.constant(then),
      s: fc.nat({ max: then.length - 1 }),
      length: fc.integer({ min: 1, max: 5 }),
      edits: fc.array(
        fc.record({
          from: fc.nat({ max: then.length }),
          span: fc.nat({ max: 4 }),
          lines: fc.array(line, { maxLength: 4 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  )
  .map(({ then, s, length, edits }) => ({
    then,
    s,
    e: Math.min(then.length, s + length),
    edits: edits.map(({ from, span, lines }) => ({ from, to: Math.min(then.length, from + span), lines })),
  }));

describe("locate, property-based", () => {
  test("edits away from the quoted block leave it current or moved, exactly where the edits put it", () => {
    fc.assert(
      fc.property(scenario, ({ then, s, e, edits }) => {
        // Away: an edit ends at or above the block's first line, or starts at or below its end.
        const away = disjoint(edits.filter((edit) => edit.to <= s || edit.from >= e)).filter(
          (edit) => edit.from !== edit.to || edit.lines.length > 0,
        );
        const now = applyEdits(then, away);
        const shift = away
          .filter((edit) => edit.to <= s)
          .reduce((sum, edit) => sum + edit.lines.length - (edit.to - edit.from), 0);
        const expected = s + shift;

        // Edits that are not the shortest way to the new text may read, shortest, as an edit of the
        // block itself (a line moved across it); the text cannot tell, so leave those out.
        fc.pre(someShortestDiffKeepsBlock(then, now, s, e));

        const location = locateBlock(then, s, e, now);
        // Edits right around the block (a line deleted above it, one added below) can leave its recorded
        // surroundings standing together around new lines at its old place, and a line added in front of it
        // can stand between them with the block itself for a side: rule (1) reads it as rewritten.
        if (readsAsRewrittenAt(then, s, e, now, location)) return;
        expect(["current", "moved"]).toContain(location.state);
        const start = (location.start as number) - 1;
        expect(now.slice(start, start + (e - s))).toEqual(then.slice(s, e));
        expect(location.end).toBe(start + (e - s));
        expect(location.state === "current").toBe(start === s);
        // Where the edits put it, unless another shortest diff keeps it whole elsewhere too.
        if (start !== expected) expect(minimalDiffKeepsBlockAt(then, now, s, e, start)).toBe(true);
      }),
      { numRuns: 2000, seed: SEED },
    );
  });

  test("an edit inside the quoted block never leaves it current or moved", () => {
    fc.assert(
      fc.property(
        scenario,
        fc.record({ offset: fc.nat(), span: fc.nat({ max: 5 }), lines: fc.array(line, { maxLength: 4 }) }),
        ({ then, s, e, edits }, inside) => {
          // One edit within the block's lines (a replacement, deletion or insertion between two of its lines),
          // plus any edits away from it.
          const from = s + (inside.offset % (e - s));
          const to = Math.min(e, from + inside.span);
          const edit: Edit = { from, to, lines: inside.lines };
          const changesBlock =
            to > from
              ? edit.lines.join("\n") !== then.slice(from, to).join("\n") || edit.lines.length !== to - from
              : from > s && edit.lines.length > 0;
          fc.pre(changesBlock);
          const away = disjoint(edits.filter((other) => other.to < s || other.from > e));
          const all = disjoint([...away, edit]);
          const now = applyEdits(then, all);

          // When some shortest diff still keeps the block whole (deleting one of two equal lines reads
          // as deleting either), the text cannot tell that the block was edited: leave those out.
          fc.pre(!someShortestDiffKeepsBlock(then, now, s, e));

          const location = locateBlock(then, s, e, now);
          // Nor can it tell an edit from a move when the edits rebuilt the block elsewhere and moving it
          // there explains the text better: `moved` is right then, but only onto such a copy.
          if (location.state === "moved" && copyReadsAsMoved(then, now, s, e, (location.start as number) - 1)) return;
          expect(["changed", "outdated"]).toContain(location.state);
        },
      ),
      { numRuns: 2000, seed: SEED },
    );
  });

  test("a short quote edited in place never moves onto a copy of it inserted elsewhere, unless the lines around the copy are its context", () => {
    fc.assert(
      fc.property(
        scenario,
        fc.record({
          quoteLength: fc.integer({ min: 1, max: 3 }),
          by: fc.array(line, { maxLength: 3 }),
          fresh: fc.nat(),
          at: fc.nat(),
          around: fc.array(line, { maxLength: 2 }),
        }),
        ({ then, s, edits }, { quoteLength, by, fresh, at, around }) => {
          const e = Math.min(then.length, s + quoteLength);
          const quote = then.slice(s, e);
          // The edit at the quote rewrites it: among its new lines is one the file never had (as `i++`
          // becomes `i += 2`). Lines it only deletes, or trades for copies of lines nearby, read as a cut.
          const rewritten: string[] = [...by];
          rewritten.splice(fresh % (by.length + 1), 0, "  i += 2;");
          const inPlace: Edit = { from: s, to: e, lines: rewritten };
          // The unrelated insertion: the quote's text, maybe between other lines, at a point apart from it.
          const points = [...Array(then.length + 1).keys()].filter((point) => point < s - 1 || point > e + 1);
          fc.pre(points.length > 0);
          const copy: Edit = {
            from: points[at % points.length] as number,
            to: points[at % points.length] as number,
            lines: [...around, ...quote],
          };
          const others = edits.filter((other) =>
            [inPlace, copy].every((edit) => other.to < edit.from - 1 || other.from > edit.to + 1),
          );
          const now = applyEdits(then, disjoint([...others, inPlace, copy]));

          // When some shortest diff keeps the quote whole, it reads as untouched (the first property).
          fc.pre(!someShortestDiffKeepsBlock(then, now, s, e));

          const location = locateBlock(then, s, e, now);
          if (location.state !== "moved") return;
          // The other edits can rebuild the quote's surroundings next to each other elsewhere (a line deleted
          // above, its context's lines added below): the text then reads as the quote cut, and rule (2)
          // moves it onto its one copy, whatever the lines around that copy.
          if (readsAsCutTo(then, s, e, now, (location.start as number) - 1)) return;
          // A move needs the lines around the copy to be the ones recorded around the quote.
          const p = (location.start as number) - 1;
          const before = then.slice(Math.max(0, s - 3), s);
          const after = then.slice(e, e + 3);
          const readsBefore =
            Math.min(p, 3) === before.length && now.slice(p - before.length, p).join("\n") === before.join("\n");
          const readsAfter =
            Math.min(now.length - p - (e - s), 3) === after.length &&
            now.slice(p + (e - s), p + (e - s) + after.length).join("\n") === after.join("\n");
          expect(readsBefore || readsAfter).toBe(true);
        },
      ),
      { numRuns: 2000, seed: SEED },
    );
  });
});
