import fc from "fast-check";
import type { Location } from "../anchor/types.js";

/**
 * Edits that tempt a line diff to align a quote with the wrong lines, each with the place a person
 * would give the thread: code-like files of small functions, braces and blank lines, where the same
 * statements repeat. Used by locate.misleading.property.test.ts.
 */
export interface MisleadingEdit {
  /** The file when the thread was written, the thread's lines in it (1-based, inclusive), and the file now. */
  readonly then: readonly string[];
  readonly start: number;
  readonly end: number;
  readonly now: readonly string[];
  /** What a person would say: where the thread's lines are now, and how they read. */
  readonly expected: Location;
}

/** Statements that repeat across functions, as `return null;`, braces and counters do in real code. */
const COMMON = [
  "  attempts += 1;",
  "  if (x) {",
  "  }",
  "    return null;",
  "",
  "  return attempts;",
  "  total += x;",
  "}",
] as const;

/** One function's body: common statements and ones of its own (`k` keeps the own ones unique). */
const body = (k: number) =>
  fc.array(
    fc.oneof(
      fc.constantFrom(...COMMON),
      fc.nat({ max: 999 }).map((n) => `  const v${k}_${n} = g${n}(x);`),
    ),
    { minLength: 2, maxLength: 7 },
  );

/** A file of 2 to 5 functions, each `export function fN(x) {`, its body, `}`, with blank lines between. */
const functions = fc
  .integer({ min: 2, max: 5 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, k) => body(k))))
  .map((bodies) => bodies.map((lines, k) => [`export function f${k}(x) {`, ...lines, "}"]));

/** The functions as one file, and the 0-based line where each function begins (and where the file ends). */
function join(parts: readonly (readonly string[])[]): { lines: string[]; starts: number[] } {
  const lines: string[] = [];
  const starts: number[] = [];
  parts.forEach((part, k) => {
    if (k > 0) lines.push("");
    starts.push(lines.length);
    lines.push(...part);
  });
  starts.push(lines.length);
  return { lines, starts };
}

/** Lines the file never had, as an edit writes them (`attempts += 2;` where `attempts += 1;` was). */
const fresh = (count: number, tag: number): string[] =>
  Array.from({ length: count }, (_, k) => `  rewritten${tag}_${k}();`);

/** Whether the recorded lines around then[s..e) stand right around now[p..p+e-s), on either side (3 lines, or as many as the file has). */
export function copyHasAContextSide(
  then: readonly string[],
  s: number,
  e: number,
  now: readonly string[],
  p: number,
): boolean {
  const before = then.slice(Math.max(0, s - 3), s);
  const after = then.slice(e, e + 3);
  const q = e - s;
  const readsBefore =
    Math.min(p, 3) === before.length && now.slice(p - before.length, p).join("\n") === before.join("\n");
  const readsAfter =
    Math.min(now.length - p - q, 3) === after.length &&
    now.slice(p + q, p + q + after.length).join("\n") === after.join("\n");
  return readsBefore || readsAfter;
}

/** then[s..e) lies inside one function's body (between its header and its closing brace). */
function inOneBody(starts: readonly number[], s: number, e: number): boolean {
  for (let k = 0; k + 1 < starts.length; k++) {
    const first = (starts[k] as number) + 1;
    // The next function's start, less the blank line before it and the closing brace.
    const last = k + 2 < starts.length ? (starts[k + 1] as number) - 3 : (starts[k + 1] as number) - 2;
    if (s >= first && e - 1 <= last) return true;
  }
  return false;
}

function copies(lines: readonly string[], block: readonly string[]): number[] {
  const found: number[] = [];
  for (let p = 0; p + block.length <= lines.length; p++) {
    if (block.every((line, k) => lines[p + k] === line)) found.push(p);
  }
  return found;
}

/**
 * (1) One to three lines rewritten in place, while their old text is added elsewhere, in a new helper
 * whose lines around the copy repeat part (never all) of the quote's surroundings, as a helper
 * made from the same code does. A person says: `changed`, at the rewritten lines.
 * Cases where the lines around the copy are a whole side of the quote's context are left out: there
 * the copy has as much to say for itself as the rewritten place, and the examples in locate.test.ts
 * decide them.
 */
export const rewrittenWithCopyElsewhere: fc.Arbitrary<MisleadingEdit | null> = functions
  .chain((parts) => {
    const { lines } = join(parts);
    return fc.record({
      parts: fc.constant(parts),
      s: fc.nat({ max: lines.length - 1 }),
      length: fc.integer({ min: 1, max: 3 }),
      rewrittenTo: fc.integer({ min: 1, max: 3 }),
      helperAt: fc.nat({ max: parts.length }),
      keptBefore: fc.nat({ max: 2 }),
      keptAfter: fc.nat({ max: 2 }),
    });
  })
  .map(({ parts, s, length, rewrittenTo, helperAt, keptBefore, keptAfter }) => {
    const { lines: then, starts } = join(parts);
    const e = Math.min(then.length, s + length);
    const quote = then.slice(s, e);
    // Statements of one body: not a function's first or last line, nor the blank line between two.
    // A statement or three, not braces and blank lines alone (those are around them).
    if (!inOneBody(starts, s, e) || !quote.some((line) => /\w/.test(line))) return null;
    // Lines equal to the quote right beside it make a rewrite read as well as a deletion beside it
    // (`}` `}` becoming `x` `}`): the text cannot tell which, and locate keeps the lines there.
    for (let k = 1; k <= e - s; k++) {
      if (
        then.slice(s + k, e + k).join("\n") === quote.join("\n") ||
        (s - k >= 0 && then.slice(s - k, e - k).join("\n") === quote.join("\n"))
      )
        return null;
    }
    const before = then.slice(Math.max(0, s - 3), s);
    const after = then.slice(e, e + 3);
    // The helper goes between two functions, clear of the quote's context (3 lines each side).
    const at = starts[helperAt] as number;
    if (at > s - 4 && at < e + 4) return null;
    const helper = [
      "",
      "export function helper(x) {",
      ...before.slice(before.length - Math.min(keptBefore, Math.max(0, before.length - 1))),
      ...quote,
      ...after.slice(0, Math.min(keptAfter, Math.max(0, after.length - 1))),
      "}",
      "",
    ];
    const gap = fresh(rewrittenTo, 1);
    const rewritten = [...then.slice(0, s), ...gap, ...then.slice(e)];
    // `at` is past the quote's place in `then` or before it; shift it by what the rewrite changed.
    const helperIndex = at >= e ? at + gap.length - quote.length : at;
    const now = [...rewritten.slice(0, helperIndex), ...helper, ...rewritten.slice(helperIndex)];
    if (copies(now, quote).some((p) => copyHasAContextSide(then, s, e, now, p))) return null;
    const home = s + (at <= s ? helper.length : 0);
    // A copy of the quote that begins inside the surroundings standing around the rewrite and runs out of
    // them (`return null;` `}` where the after side ends in `return null;` and the body's `}` follows):
    // a shortest diff keeps the quote whole there, taking that line of the surroundings for it, so they
    // no longer stand on their own and rule (1) does not decide; the diff's `moved` stands, as
    // locate.property.test.ts's "edits away" property needs for the same shape of text.
    const first = home - before.length;
    const last = home + gap.length + after.length;
    const straddles = (p: number) =>
      p < last &&
      p + quote.length > first &&
      !(p >= first && p + quote.length <= home) &&
      !(p >= home + gap.length && p + quote.length <= last);
    if (copies(now, quote).some(straddles)) return null;
    return {
      then,
      start: s + 1,
      end: e,
      now,
      expected: { state: "changed", start: home + 1, end: home + gap.length },
    } satisfies MisleadingEdit;
  });

/**
 * (2) One to three lines whose text is nowhere else in the file, cut from one function and pasted
 * into another, with nothing left in their place. A person says: `moved`, to the pasted lines,
 * however short they are.
 */
export const cutAndPasted: fc.Arbitrary<MisleadingEdit | null> = functions
  .chain((parts) => {
    const { lines } = join(parts);
    return fc.record({
      parts: fc.constant(parts),
      s: fc.nat({ max: lines.length - 1 }),
      length: fc.integer({ min: 1, max: 3 }),
      to: fc.nat(),
    });
  })
  .map(({ parts, s, length, to }) => {
    const { lines: then } = join(parts);
    const e = Math.min(then.length, s + length);
    const quote = then.slice(s, e);
    if (copies(then, quote).length !== 1) return null;
    const rest = [...then.slice(0, s), ...then.slice(e)];
    // Pasted inside a function body (after a line that opens a function or a statement), away from the cut.
    const points = [...Array(rest.length + 1).keys()].filter(
      (p) => p > 0 && (p < s - 3 || p > s + 3) && rest[p - 1] !== "" && rest[p - 1] !== "}",
    );
    if (points.length === 0) return null;
    const p = points[to % points.length] as number;
    const now = [...rest.slice(0, p), ...quote, ...rest.slice(p)];
    // Pasted beside lines that complete a second copy (`}` pasted above `}`), the text has two.
    if (copies(now, quote).length !== 1) return null;
    return {
      then,
      start: s + 1,
      end: e,
      now,
      expected: { state: "moved", start: p + 1, end: p + quote.length },
    } satisfies MisleadingEdit;
  });

/**
 * (3) Two functions with the same body (the shape of code copied and then edited), the thread on
 * lines of one copy, and one to three lines of one copy rewritten: the quoted lines themselves, or
 * others. A person says: `changed` where the quoted lines were rewritten, and otherwise the thread
 * stays with its own copy (`current`, or `moved` by what was inserted above it), never the other.
 */
export const repeatedBlockOneEdited: fc.Arbitrary<MisleadingEdit | null> = fc
  .record({
    shared: body(0),
    others: functions,
    copyOfThread: fc.integer({ min: 0, max: 1 }),
    copyEdited: fc.integer({ min: 0, max: 1 }),
    offset: fc.nat(),
    length: fc.integer({ min: 1, max: 3 }),
    editOffset: fc.nat(),
    editLength: fc.integer({ min: 1, max: 3 }),
    rewrittenTo: fc.integer({ min: 1, max: 3 }),
    editTheQuote: fc.boolean(),
  })
  .map(
    ({
      shared,
      others,
      copyOfThread,
      copyEdited,
      offset,
      length,
      editOffset,
      editLength,
      rewrittenTo,
      editTheQuote,
    }) => {
      const copyA = ["export function first(x) {", ...shared, "}"];
      const copyB = ["export function second(x) {", ...shared, "}"];
      const { lines: then, starts } = join([copyA, copyB, ...others]);
      // Lines of the shared body, 0-based within it, then in the file.
      const inBody = (copy: number, k: number) => (starts[copy] as number) + 1 + k;
      const q = Math.min(length, shared.length);
      const k = offset % (shared.length - q + 1);
      const s = inBody(copyOfThread, k);
      const e = s + q;
      let from: number;
      let to: number;
      if (editTheQuote) {
        from = inBody(copyEdited, k);
        to = from + q;
      } else {
        const span = Math.min(editLength, shared.length);
        from = inBody(copyEdited, editOffset % (shared.length - span + 1));
        to = from + span;
      }
      const gap = fresh(rewrittenTo, 2);
      const now = [...then.slice(0, from), ...gap, ...then.slice(to)];
      // Lines equal to the quote right beside it: see rewrittenWithCopyElsewhere.
      for (let d = 1; d <= q; d++) {
        if (
          then.slice(s + d, e + d).join("\n") === then.slice(s, e).join("\n") ||
          then.slice(s - d, e - d).join("\n") === then.slice(s, e).join("\n")
        )
          return null;
      }
      const overlaps = from < e && to > s;
      if (overlaps && !(from === s && to === e)) return null; // partly rewritten: a change, but where is a judgement call
      if (from === s && to === e) {
        return {
          then,
          start: s + 1,
          end: e,
          now,
          expected: { state: "changed", start: s + 1, end: s + gap.length },
        } satisfies MisleadingEdit;
      }
      const shift = to <= s ? gap.length - (to - from) : 0;
      const state = shift === 0 ? "current" : "moved";
      return {
        then,
        start: s + 1,
        end: e,
        now,
        expected: { state, start: s + shift + 1, end: e + shift },
      } satisfies MisleadingEdit;
    },
  );
