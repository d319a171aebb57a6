import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildAnchor } from "./build-anchor.js";
import { locate } from "./locate.js";
import type { Location } from "./types.js";
import { PROPERTY_SEED as SEED } from "../testing/property-seed.js";

/**
 * The oracle knows the answer by construction, not by restating locate's rules: a file is built, a block
 * in it is quoted, and the generator moves, edits, deletes, re-indents or wraps that block, while other
 * edits touch lines away from it. Every line is tagged with the line of the old text it came from, so
 * where the block went is read off the tags, and its state is what was done to it.
 *
 * The files are full of lines that repeat (`}`, blank lines, `  return null;`, `{`), the lines that make
 * equally short diffs ambiguous; the block itself begins and ends with a statement found nowhere else, as
 * a quoted block of code does (a reader could not tell either where a block of bare `}` lines went).
 */
const COMMON = ["}", "", "  }", "{", "  return null;", "  i++;", "call();", "  if (x) {"] as const;

/** A line of a file: its text and the old line (0-based) it came from, or -1 for a line the edits wrote. */
interface Tagged {
  readonly text: string;
  readonly from: number;
}

/** What is done to the quoted block; `away` edits go with every shape. */
type Shape = "untouched" | "moved" | "edited" | "deleted" | "reindented" | "wrapped";

/** An edit away from the block: lines inserted before old line `at`, or old lines from `at` deleted or rewritten. */
interface Away {
  readonly kind: "insert" | "delete" | "rewrite";
  readonly at: number;
  readonly count: number;
  readonly common: readonly number[];
}

interface Case {
  readonly then: readonly string[];
  readonly s: number;
  readonly e: number;
  readonly now: readonly string[];
  readonly expected: Location;
}

const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join("");

/** Builds the old text, the edited text, and the answer a reader gives, from the generator's choices. */
function build(
  kinds: readonly number[],
  start: number,
  length: number,
  shape: Shape,
  target: number,
  editedLine: number,
  aways: readonly Away[],
): Case | null {
  let fresh = 0;
  const unique = (stem: string): string => `  ${stem}${fresh++}();`;
  // 1 in 3 lines a statement found nowhere else, the rest common lines.
  const then = kinds.map((kind) => (kind % 3 === 0 ? unique("step") : (COMMON[kind % COMMON.length] as string)));
  const s = start % Math.max(1, then.length - length);
  const e = Math.min(then.length, s + length);
  if (e - s < 1) return null;
  then[s] = unique("first");
  then[e - 1] = unique("last");
  // Edits away stay clear of the block and its context (3 lines each side) by a line more.
  const clear = (at: number, count: number) => at + count < s - 3 || at > e + 3;
  const inserted = new Map<number, Tagged[]>();
  const deleted = new Set<number>();
  const rewritten = new Map<number, string>();
  const insert = (at: number, lines: readonly Tagged[]) => inserted.set(at, [...(inserted.get(at) ?? []), ...lines]);
  const at = target % (then.length + 1);
  if (shape === "moved" && !clear(at, 0)) return null;
  for (const away of aways) {
    const where = away.at % (then.length + 1);
    if (!clear(where, away.count) || (shape === "moved" && Math.abs(where - at) <= away.count + 1)) continue;
    const written = away.common.map((k, i) =>
      i === 0 || k % 2 === 0 ? unique("other") : (COMMON[k % COMMON.length] as string),
    );
    if (away.kind === "insert")
      insert(
        where,
        written.map((t) => ({ text: t, from: -1 })),
      );
    for (let k = where; k < Math.min(then.length, where + away.count) && away.kind !== "insert"; k++) {
      if (away.kind === "delete") deleted.add(k);
      else rewritten.set(k, written[(k - where) % written.length] ?? unique("other"));
    }
  }
  const block: Tagged[] = then.slice(s, e).map((t, k) => ({ text: t, from: s + k }));
  switch (shape) {
    case "moved":
      for (let k = s; k < e; k++) deleted.add(k);
      insert(at, block);
      break;
    case "deleted":
      for (let k = s; k < e; k++) deleted.add(k);
      break;
    case "edited":
      rewritten.set(s + (editedLine % (e - s)), unique("edited"));
      break;
    case "wrapped":
      insert(s, [{ text: "  if (ok) {", from: -1 }]);
      insert(e, [{ text: "  }", from: -1 }]);
      for (let k = s; k < e; k++) rewritten.set(k, `  ${then[k]}`);
      break;
    case "reindented":
      for (let k = s; k < e; k++) rewritten.set(k, `\t${then[k]}`);
      break;
    case "untouched":
      break;
  }
  const now: Tagged[] = [];
  for (let k = 0; k <= then.length; k++) {
    now.push(...(inserted.get(k) ?? []));
    if (k < then.length && !deleted.has(k)) now.push({ text: rewritten.get(k) ?? (then[k] as string), from: k });
  }
  const first = now.findIndex((line) => line.from === s);
  const range = { start: first + 1, end: first + e - s };
  const expected: Location =
    shape === "deleted"
      ? { state: "outdated", start: null, end: null }
      : shape === "edited"
        ? { state: "changed", ...range }
        : shape === "reindented" || shape === "wrapped"
          ? { state: "changed", ...range, whitespaceOnly: true }
          : { state: first === s ? "current" : "moved", ...range };
  return { then, s, e, now: now.map((line) => line.text), expected };
}

const away = fc.record({
  kind: fc.constantFrom("insert", "delete", "rewrite") as fc.Arbitrary<Away["kind"]>,
  at: fc.nat(),
  count: fc.integer({ min: 1, max: 3 }),
  common: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
});

/** A generated case of one shape (null when the choices do not fit the file, and then skipped). */
const cases = (shape: Shape): fc.Arbitrary<Case | null> =>
  fc
    .record({
      kinds: fc.array(fc.nat(), { minLength: 6, maxLength: 40 }),
      start: fc.nat(),
      length: fc.integer({ min: 1, max: 5 }),
      target: fc.nat(),
      editedLine: fc.nat(),
      aways: fc.array(away, { maxLength: 3 }),
    })
    .map(({ kinds, start, length, target, editedLine, aways }) =>
      build(kinds, start, length, shape, target, editedLine, aways),
    );

function locateCase({ then, s, e, now }: Case): Location {
  const thenText = text(then);
  const built = buildAnchor({ side: "new", start: s + 1, end: e, oldText: thenText, newText: thenText, hunks: [] });
  if (!built.ok) throw new Error(built.message);
  return locate({ ...built.anchor, then: thenText, now: text(now) });
}

const RUNS = 1000;

function holds(shape: Shape): void {
  fc.assert(
    fc.property(cases(shape), (generated) => {
      fc.pre(generated !== null);
      const found = generated as Case;
      expect(locateCase(found)).toEqual(found.expected);
    }),
    { numRuns: RUNS, seed: SEED },
  );
}

describe("locate, property-based, answers known by construction", () => {
  test("a block left alone, with lines edited away from it, is current, or moved where the edits shifted it", () => {
    holds("untouched");
  });

  test("a block cut and pasted elsewhere, its place closing up, is moved to the paste", () => {
    holds("moved");
  });

  test("a block with one of its lines rewritten is changed at the same lines", () => {
    holds("edited");
  });

  test("a block deleted with nothing in its place is outdated", () => {
    holds("deleted");
  });

  test("a block re-indented is changed, whitespace only, at the same lines", () => {
    holds("reindented");
  });

  test("a block wrapped in a new `if` and re-indented is changed, whitespace only, where its lines went", () => {
    holds("wrapped");
  });
});
