import { countChangedLines } from "../diff/line-diff.js";
import { mapLine, mapRange, type RangeMapping } from "../diff/map-line.js";
import { diffCost, looseHash, preparePair, type LinePair, type PairMaker } from "./line-pair.js";
import { equalIgnoringWhitespace, squashWhitespace } from "./ignore-whitespace.js";
import { searchBlock, type SearchLines } from "./search-block.js";
import { lineAt, lineIs, lineIsIgnoringWhitespace, type TextLines } from "./text-lines.js";
import { standingSurroundings, surroundingSides, type Surroundings } from "./surroundings.js";
import { untouchedReading } from "./untouched-reading.js";
import type { AnchorContext, LocateInput, Location } from "./types.js";

const OUTDATED: Location = { state: "outdated", start: null, end: null };

/**
 * Where a thread's lines are now, and whether they still read as quoted: `current`, `moved`,
 * `changed` (maybe `whitespaceOnly`) or `outdated`. Every anchor state, and the checked resolve,
 * come from this one function. Each call splits and diffs its two texts, unless `pairOf` already did for
 * another thread on the same texts (`pairsOfOnePass`); the review server keeps the anchors it located, so a
 * file's threads are located again only when the file or the thread changed.
 * @example locate({ side: "new", start: 3, end: 3, quoted: ["+x"], then: "a\nb\nx\n", now: "z\na\nb\nx\n" }) // { state: "moved", start: 4, end: 4 }
 */
export function locate(input: LocateInput, pairOf: PairMaker = preparePair): Location {
  if (input.start === null) return locateWholeFile(input.then, input.now);
  const start = Math.max(1, input.start);
  const end = Math.max(start, input.end ?? start);
  if (input.side === "old") return locateDeletion(start, end, input.then, input.now, pairOf);
  if (input.now === null) return OUTDATED;
  // A file untouched since (a third of a listing's files, often) needs no split and no diff when its
  // lines still read as the quote: no other place can have more evidence than the quote and both sides
  // standing where they were, and between equals the diff (which keeps every line) decides.
  if (input.now === input.then && quoteStandsAt(input.then, start, end, input.quoted))
    return { state: "current", start, end };
  const pair = pairOf(input.then, input.now);
  if (pair.now.count === 0) return OUTDATED;
  return locateLines(pair, start, end, input.quoted.map(unmark), input.context);
}

function locateWholeFile(then: string, now: string | null): Location {
  if (now === null) return OUTDATED;
  if (now === then) return { state: "current", start: null, end: null };
  if (equalIgnoringWhitespace(now, then)) {
    return { state: "changed", start: null, end: null, whitespaceOnly: true };
  }
  return { state: "changed", start: null, end: null };
}

/**
 * An old-side thread talks about a deletion: it holds while the diff from the base to now still
 * deletes every one of its lines, and is `changed` once any of them is back.
 */
function locateDeletion(start: number, end: number, then: string, now: string | null, pairOf: PairMaker): Location {
  if (now === null) return { state: "current", start, end };
  const pair = pairOf(then, now);
  if (end > pair.then.count) return OUTDATED;
  for (let line = start; line <= end; line++) {
    if (mapLine(pair.hunks, line, "old").kind === "shifted") return { state: "changed", start, end };
  }
  return { state: "current", start, end };
}

/**
 * A new-side range: the place the diff leads to, weighed against the places the quote's own
 * surroundings point at (see weighAgainstSurroundings and docs/concepts.md "Anchor state").
 */
function locateLines(
  pair: LinePair,
  start: number,
  end: number,
  quote: readonly string[],
  context: AnchorContext | undefined,
): Location {
  const followed = followDiff(pair, start, end, quote, context);
  if (context === undefined) return followed;
  return weighAgainstSurroundings(pair, start, end, quote, context, followed);
}

// The evidence a place has for being the quote's: its lines read as the quote, and each side of the
// recorded context stands right around it. The quote outweighs one side and not two, so a copy needs
// the quote and a side to keep the thread from a place whose two sides stand around new text, and a
// rewritten place with both sides wins over a bare copy. Reading the same but for whitespace is weak
// evidence (a `}` reads as a `  }`): it counts for little unless the sides stand too.
const QUOTE = 3;
const QUOTE_BUT_WHITESPACE = 1;
const SIDE = 2;
// A place emptied (its two sides now next to each other) is evidence that the lines were cut: with
// the one copy of them, it outweighs any place that does not read exactly as the quote.
const EMPTIED = 2;

/**
 * "Where the diff misleads" (CONTRACT, docs/concepts.md): the diff's place is one witness. Where the
 * quote's surroundings still stand at its own place around new lines, that place is a candidate
 * (`changed`); where they stand next to each other with nothing between, the one copy of the quote
 * is (`moved`). The best evidence wins; on a tie the diff's place stays.
 */
function weighAgainstSurroundings(
  pair: LinePair,
  start: number,
  end: number,
  quote: readonly string[],
  context: AnchorContext,
  followed: Location,
): Location {
  // then's own lines stand for the recorded ones while weighing the diff's place (as integers); they are
  // checked against the recorded ones only when another place is looked for.
  const counts = { before: context.before.length, after: context.after.length };
  if (counts.before !== Math.min(start - 1, 3) || counts.after !== Math.min(pair.then.count - end, 3)) return followed;
  const exact = followed.state === "current" || followed.state === "moved";
  const reads = exact
    ? QUOTE
    : followed.state === "changed" && followed.whitespaceOnly === true
      ? QUOTE_BUT_WHITESPACE
      : 0;
  // Where the quote reads intact: the diff's place, or else its one copy. Lines of it are the quote's,
  // so a side that stands only by taking them is no evidence for another place (a cut quote's copy
  // ending in the lines its before side begins with).
  const copyAt = exact ? null : onlyCopy(pair, start, end);
  const copied = copyAt === null ? null : { start: copyAt, end: copyAt + end - start };
  const sides =
    followed.start === null
      ? 0
      : surroundingSides(pair, start, end, followed.start, followed.end ?? followed.start, counts, copied);
  const witness = reads + SIDE * sides;
  // A rewritten place scores two sides (4); a cut one with its copy at least QUOTE + EMPTIED (5).
  if (witness >= QUOTE + EMPTIED) return followed;
  const around = recordedAround(pair, start, end, quote, context);
  if (around === null) return followed;
  // An exact place the search found, made of other old lines and new ones, that neither a shortest diff
  // keeps the quote at nor reads better as the quote moved there, is a copy pieced together: it does not
  // make the lines it shares with the surroundings the quote's.
  const intact =
    exact && followed.start !== null
      ? readsAsItself(pair, start, end, followed.start)
        ? { start: followed.start, end: followed.end ?? followed.start }
        : null
      : copied;
  // What a rewrite at its own place can score: both sides, but a side with no lines (the file's edge) is
  // no evidence. Where the diff's place already scores that, the diff itself reads the quote rewritten,
  // and only the stronger claim, a cut, is looked for.
  const home = SIDE * ((around.before > 0 ? 1 : 0) + (around.after > 0 ? 1 : 0));
  const want = exact ? "rewritten" : witness >= home ? "emptied" : "both";
  // Where the diff put the quote, for picking the nearest of several standing surroundings.
  const near = mapRange(pair.hunks, start, end, "old").start;
  const standing = standingSurroundings(pair, start, end, around, near, want, intact);
  if (standing === null) {
    if (exact) return sides === 0 ? (sidedCopy(pair, start, end, around) ?? followed) : followed;
    return witness >= home && followed.state === "changed"
      ? (tighterRewrite(pair, start, end, around, near, followed) ?? followed)
      : followed;
  }
  if (standing.kind === "rewritten") {
    if (home <= witness) return followed;
    // The new lines hold the quote itself: it is there, untouched, with lines added around it. Where
    // the diff found it intact elsewhere, this copy takes it only with a side of its own standing.
    const length = end - start + 1;
    for (let at = standing.start; at + length - 1 <= standing.end; at++) {
      if (!readsAsThen(pair, start, length, at)) continue;
      if (exact && surroundingSides(pair, start, end, at, at + length - 1, around) === 0) return followed;
      return placed(at, at + length - 1, start);
    }
    if (followed.state === "changed" && followed.start === standing.start && followed.end === standing.end)
      return followed;
    return changedAt(pair, start, end, standing.start, standing.end);
  }
  // Cut: moved onto the one copy of the quote, when the text reads better as the quote moved there. A
  // copy that shares lines with the surroundings standing emptied (a paste that repeats the lines above
  // the quote along with it) cannot be both the cut quote and the proof that it was cut.
  // Only a diff's place that is not intact is weighed against a cut, so its one copy is copyAt.
  if (
    copyAt === null ||
    (copyAt <= standing.at + around.after - 1 && copyAt + end - start >= standing.at - around.before)
  )
    return followed;
  return readsAsMovedTo(pair, start, end, copyAt)
    ? { state: "moved", start: copyAt, end: copyAt + end - start }
    : followed;
}

/**
 * A diff's changed place with the quote's surroundings standing around it can take in lines that read as
 * those surroundings themselves (the rewrite's hunk runs on through the context's lines into a copy of
 * them further down). Where the surroundings also stand around fewer of its lines, those are the rewrite.
 */
function tighterRewrite(
  pair: LinePair,
  start: number,
  end: number,
  around: Surroundings,
  near: number,
  followed: Location,
): Location | null {
  if (followed.start === null || followed.end === null) return null;
  const inner = standingSurroundings(pair, start, end, around, near, "rewritten", null);
  if (inner === null || inner.kind !== "rewritten") return null;
  if (
    inner.start < followed.start ||
    inner.end > followed.end ||
    inner.end - inner.start >= followed.end - followed.start
  )
    return null;
  return changedAt(pair, start, end, inner.start, inner.end);
}

/** The quote (then's start..end) changed at now lines `at`..`last`, marked when only whitespace differs. */
function changedAt(pair: LinePair, start: number, end: number, at: number, last: number): Location {
  return readsIgnoringWhitespace(pair, start, end, at, last)
    ? { state: "changed", start: at, end: last, whitespaceOnly: true }
    : { state: "changed", start: at, end: last };
}

/**
 * How many context lines the thread recorded each side, when they are then's own lines around the
 * quote (as an anchor records them; a checkpoint's are read from it): null otherwise, and then only
 * the diff is followed.
 */
function recordedAround(
  pair: LinePair,
  start: number,
  end: number,
  quote: readonly string[],
  context: AnchorContext,
): Surroundings | null {
  const before = context.before.length;
  const after = context.after.length;
  const then = pair.then;
  if (quote.length !== end - start + 1 || end > then.count) return null;
  if (before !== Math.min(start - 1, 3) || after !== Math.min(then.count - end, 3)) return null;
  if (!readsAt(then, start, quote, lineIs)) return null;
  for (let k = 0; k < before; k++) if (!lineIs(then, start - 1 - before + k, context.before[k] as string)) return null;
  for (let k = 0; k < after; k++) if (!lineIs(then, end + k, context.after[k] as string)) return null;
  return { before, after };
}

/**
 * Context breaking ties (CONTRACT, "moved"): where the diff kept the quote whole at a copy with no side
 * of its surroundings, another copy with a side standing takes it when a diff as short keeps the quote
 * whole there too (equal lines repeated make several shortest diffs; the diff picked one).
 */
function sidedCopy(pair: LinePair, start: number, end: number, around: Surroundings): Location | null {
  const length = end - start + 1;
  let best: { at: number; sides: number } | null = null;
  for (let at = 1; at + length - 1 <= pair.nowIds.length; at++) {
    if (!readsAsThen(pair, start, length, at)) continue;
    const sides = surroundingSides(pair, start, end, at, at + length - 1, around);
    if (sides === 0 || (best !== null && sides <= best.sides)) continue;
    if (aShortestDiffKeeps(pair, start, end, at)) best = { at, sides };
  }
  return best === null ? null : placed(best.at, best.at + length - 1, start);
}

/** The 1-based first line of the only copy of then's lines start..end in the text now, or null. */
function onlyCopy(pair: LinePair, start: number, end: number): number | null {
  const { thenIds: then, nowIds: now } = pair;
  const length = end - start + 1;
  let found: number | null = null;
  outer: for (let at = 0; at + length <= now.length; at++) {
    for (let k = 0; k < length; k++) if (now[at + k] !== then[start - 1 + k]) continue outer;
    if (found !== null) return null;
    found = at + 1;
  }
  return found;
}

/**
 * Whether the copy at now line `at` is the quote's lines moved there, as new lines: with the quote
 * lifted out of then and the copy out of now, the rest differs by fewer lines than the whole does.
 * Which of two equal lines a diff calls new is its own choice (a pasted `}` beside a kept one), so
 * this asks the texts, not the diff's hunks.
 */
function readsAsMovedTo(pair: LinePair, start: number, end: number, at: number): boolean {
  const { thenIds: then, nowIds: now } = pair;
  const length = end - start + 1;
  const cost = diffCost(pair);
  const without = (ids: Int32Array, from: number): Int32Array => {
    const rest = new Int32Array(ids.length - length);
    rest.set(ids.subarray(0, from));
    rest.set(ids.subarray(from + length), from);
    return rest;
  };
  return countChangedLines(without(then, start - 1), without(now, at - 1)) < cost;
}

/**
 * Whether the quote's lines, reading intact at now line `at`, are its own lines there: a shortest diff
 * keeps them there, or the text reads better with them moved there (readsAsMovedTo).
 */
function readsAsItself(pair: LinePair, start: number, end: number, at: number): boolean {
  const length = end - start + 1;
  let kept = true;
  for (let k = 0; k < length && kept; k++) {
    const mapped = mapLine(pair.hunks, at + k, "new");
    kept = mapped.kind === "shifted" && mapped.line === start + k;
  }
  return kept || aShortestDiffKeeps(pair, start, end, at) || readsAsMovedTo(pair, start, end, at);
}

/**
 * Whether a diff as short as the shortest keeps then's lines start..end whole at now line `at`: the
 * lines above and below the two places differ by no more, together, than the whole texts do.
 */
function aShortestDiffKeeps(pair: LinePair, start: number, end: number, at: number): boolean {
  const { thenIds: then, nowIds: now } = pair;
  const cost = diffCost(pair);
  const above = countChangedLines(then.subarray(0, start - 1), now.subarray(0, at - 1));
  if (above > cost) return false;
  return above + countChangedLines(then.subarray(end), now.subarray(at + end - start)) === cost;
}

/** Now's `length` lines from `at` (1-based) read exactly as then's from `start`. */
function readsAsThen(pair: LinePair, start: number, length: number, at: number): boolean {
  if (at < 1 || at - 1 + length > pair.nowIds.length) return false;
  for (let k = 0; k < length; k++) if (pair.nowIds[at - 1 + k] !== pair.thenIds[start - 1 + k]) return false;
  return true;
}

/** Now lines start..end read as then's quoted lines but for whitespace. */
function readsIgnoringWhitespace(
  pair: LinePair,
  thenStart: number,
  thenEnd: number,
  start: number,
  end: number,
): boolean {
  if (end - start !== thenEnd - thenStart) return false;
  for (let k = 0; k <= end - start; k++) {
    if (!lineIsIgnoringWhitespace(pair.now, start - 1 + k, lineAt(pair.then, thenStart - 1 + k))) return false;
  }
  return true;
}

/** The layered search that follows the diff for a new-side range; see docs/concepts.md "Anchor state". */
function followDiff(
  pair: LinePair,
  start: number,
  end: number,
  quote: readonly string[],
  context: AnchorContext | undefined,
): Location {
  const nowCount = pair.now.count;
  const mapped = mapRange(pair.hunks, start, end, "old");

  // (a) The diff left the lines alone: they are wherever it shifted them, if they read as quoted.
  if (mapped.kind === "shifted" && readsAt(pair.now, mapped.start, quote, lineIs)) {
    return placed(mapped.start, mapped.end, start);
  }
  // ...or an equally short diff does (repeated lines make diffs ambiguous; see untouchedReading).
  const quoteIsThen = quote.length === end - start + 1 && readsAt(pair.then, start, quote, lineIs);
  if (mapped.kind === "edited" && quoteIsThen) {
    const at = untouchedReading({
      then: pair.thenIds,
      now: pair.nowIds,
      hunks: pair.hunks,
      start,
      end,
      near: mapped.start,
    });
    if (at !== null) return placed(at, at + end - start, start);
  }

  // A search may only take the quote elsewhere when the diff did not keep most of its lines here:
  // a block copied elsewhere and then edited in place is still the block in place, now changed.
  const survivors = survivingLines(pair, start, end);
  const mayHaveLeft = survivors * 2 <= end - start + 1;
  const search = {
    length: quote.length,
    hunks: pair.hunks,
    near: mapped.start,
    context,
    distinctive: isDistinctive(quote),
    writtenOver: (line: number, length: number) => writtenOver(pair, start, end, line, length),
  };

  // (b) Its lines were touched: an intact copy that can only be this one (see searchBlock). It is
  // `moved` even at the same line number: the copy is mostly new lines, not the ones quoted.
  if (mayHaveLeft) {
    const found = searchBlock({ ...search, ...exactLines(pair, quote, quoteIsThen ? start : null) });
    if (found !== null) return { state: "moved", start: found, end: found + quote.length - 1 };
  }

  // (c) The same lines but for whitespace: at the mapped place, then by the same search.
  const place = clampTo(mapped, nowCount);
  if (place.end - place.start + 1 === quote.length && readsAt(pair.now, place.start, quote, lineIsIgnoringWhitespace)) {
    return { state: "changed", start: place.start, end: place.end, whitespaceOnly: true };
  }
  if (mayHaveLeft) {
    const found = searchBlock({ ...search, ...linesIgnoringWhitespace(pair, quote) });
    if (found !== null) {
      return { state: "changed", start: found, end: found + quote.length - 1, whitespaceOnly: true };
    }
  }

  // (d) Edited. Gone, when nothing took the lines' place and none of them with a word in it is left
  // (a blank line or a lone `}` left over from a deleted function does not keep the thread alive).
  if (!anyAdded(pair, place) && !anyWordySurvivor(pair, start, end)) return OUTDATED;
  return { state: "changed", start: place.start, end: place.end };
}

/**
 * Both sides read exactly. When the quote is `then`'s own lines from `start`, its lines' ids are
 * known and every test is an integer comparison.
 */
function exactLines(
  pair: LinePair,
  quote: readonly string[],
  start: number | null,
): { now: SearchLines; then: SearchLines } {
  const side = (lines: TextLines, ids: Int32Array): SearchLines => {
    if (start === null) {
      return {
        count: lines.count,
        readsQuote: (index, k) => lineIs(lines, index, quote[k] as string),
        readsText: (index, text) => lineIs(lines, index, text),
      };
    }
    const quoteIds = pair.thenIds.subarray(start - 1, start - 1 + quote.length);
    return {
      count: lines.count,
      readsQuote: (index, k) => ids[index] === quoteIds[k],
      readsText: (index, text) => lineIs(lines, index, text),
    };
  };
  return { now: side(pair.now, pair.nowIds), then: side(pair.then, pair.thenIds) };
}

/**
 * Both sides read ignoring whitespace: a line is compared with the quote's only where their hashes
 * without whitespace (`pair.loose()`) agree.
 */
function linesIgnoringWhitespace(pair: LinePair, quote: readonly string[]): { now: SearchLines; then: SearchLines } {
  const quoteHashes = quote.map((line) => looseHash(line));
  const side = (lines: TextLines, which: "then" | "now"): SearchLines => {
    let hashes: Int32Array | undefined;
    return {
      count: lines.count,
      readsQuote: (index, k) =>
        (hashes ??= pair.loose(which))[index] === quoteHashes[k] &&
        lineIsIgnoringWhitespace(lines, index, quote[k] as string),
      readsText: (index, text) => lineIsIgnoringWhitespace(lines, index, text),
    };
  };
  return { now: side(pair.now, "now"), then: side(pair.then, "then") };
}

function placed(at: number, last: number, start: number): Location {
  return at === start ? { state: "current", start: at, end: last } : { state: "moved", start: at, end: last };
}

/** A quoted line without its diff marker ("+", "-" or " "). */
/** Whether lines start..end (1-based) of `text` read exactly as the quote, found without splitting the text. */
function quoteStandsAt(text: string, start: number, end: number, quoted: readonly string[]): boolean {
  if (quoted.length !== end - start + 1) return false;
  let at = 0;
  for (let line = 1; line < start; line++) {
    at = text.indexOf("\n", at) + 1;
    if (at === 0) return false;
  }
  for (const marked of quoted) {
    // A line starts before the text's end (a final "\n" ends the last line; "" has none).
    if (at >= text.length) return false;
    const line = unmark(marked);
    const next = text.indexOf("\n", at);
    const lineEnd = next === -1 ? text.length : next;
    if (lineEnd - at !== line.length || !text.startsWith(line, at)) return false;
    at = lineEnd + 1;
  }
  return true;
}

function unmark(line: string): string {
  const marker = line.charAt(0);
  return marker === "+" || marker === "-" || marker === " " ? line.slice(1) : line;
}

/** The lines from `line` (1-based) on read as `quote`, by the given test. */
function readsAt(
  lines: TextLines,
  line: number,
  quote: readonly string[],
  same: (lines: TextLines, index: number, text: string) => boolean,
): boolean {
  if (quote.length === 0 || line < 1 || line - 1 + quote.length > lines.count) return false;
  for (let k = 0; k < quote.length; k++) {
    if (!same(lines, line - 1 + k, quote[k] as string)) return false;
  }
  return true;
}

/**
 * Whether the diff wrote new lines, other than the copy at `line`, where then's lines start..end stood:
 * a change that replaces any of them, or an insertion right above, inside or right below them. Where
 * lines repeat, a diff may read a rewrite as a deletion with the new lines one equal line away (it
 * inserts `x` below a kept `x` rather than above it), so an insertion counts wherever it can slide,
 * and wherever a diff as short as this one puts it (see writtenOverByAnEquallyShortDiff).
 */
function writtenOver(pair: LinePair, start: number, end: number, line: number, length: number): boolean {
  const outsideCopy = (from: number, count: number): boolean => {
    for (let at = from; at < from + count; at++) if (at < line || at >= line + length) return true;
    return false;
  };
  for (const hunk of pair.hunks) {
    if (hunk.newLines === 0) continue;
    if (hunk.oldLines > 0) {
      if (
        hunk.oldStart <= end &&
        hunk.oldStart + hunk.oldLines - 1 >= start &&
        outsideCopy(hunk.newStart, hunk.newLines)
      )
        return true;
      continue;
    }
    // Inserted after old line `after`, as new lines first..first+count-1; slide it up, then down.
    const count = hunk.newLines;
    for (const step of [-1, 1]) {
      let after = hunk.oldStart;
      let first = hunk.newStart;
      for (;;) {
        if (after >= start - 1 && after <= end && outsideCopy(first, count)) return true;
        // Up: the old line above equals the last inserted one. Down: the old line below equals the first.
        const slides =
          step < 0
            ? after >= 1 && pair.thenIds[after - 1] === pair.nowIds[first + count - 2]
            : after < pair.thenIds.length && pair.thenIds[after] === pair.nowIds[first - 1];
        if (!slides) break;
        after += step;
        first += step;
      }
    }
  }
  return writtenOverByAnEquallyShortDiff(pair, start, end, line, length);
}

/** Readings to cost at most: each costs two diffs, and the ones the lengths allow best are the likely ones. */
const MAX_REWRITE_TRIES = 8;

/**
 * Whether a diff as short as this one leaves a now line, other than the copy at `line`, unmatched at
 * a point of then from right above line `start` to right below line `end`: written where the quote
 * stood. Where lines repeat, a shortest diff can trade which of equal lines it keeps (the `{` `}` after
 * the quote deleted and kept further down, say) and so read the quote's lines deleted and the lines
 * written in their place as new one kept line away. The reading is exact: the lines common above the
 * point and the new line, and those below, add up to the diff's.
 */
function writtenOverByAnEquallyShortDiff(
  pair: LinePair,
  start: number,
  end: number,
  line: number,
  length: number,
): boolean {
  const { thenIds: then, nowIds: now } = pair;
  const cost = diffCost(pair);
  // Two line lists differ by at least their difference in length: most pairs fail that for free.
  // A line then never had is new in every diff, so where one can stand it is tried first: among the
  // many lines an equal one could trade with, it would otherwise be left out of the tries.
  const thenHas = new Set(then);
  const candidates: { point: number; at: number; least: number; fresh: boolean }[] = [];
  for (let point = start - 1; point <= end; point++) {
    for (let at = 0; at < now.length; at++) {
      if (at >= line - 1 && at < line - 1 + length) continue;
      const least = Math.abs(point - at) + Math.abs(then.length - point - (now.length - at - 1)) + 1;
      if (least <= cost) candidates.push({ point, at, least, fresh: !thenHas.has(now[at] as number) });
    }
  }
  candidates.sort((x, y) => Number(y.fresh) - Number(x.fresh) || x.least - y.least || x.at - y.at || x.point - y.point);
  for (const { point, at } of candidates.slice(0, MAX_REWRITE_TRIES)) {
    const above = countChangedLines(then.subarray(0, point), now.subarray(0, at));
    if (above + 1 > cost) continue;
    if (above + 1 + countChangedLines(then.subarray(point), now.subarray(at + 1)) === cost) return true;
  }
  return false;
}

/** How many lines of start..end the diff left alone. */
function survivingLines(pair: LinePair, start: number, end: number): number {
  let count = 0;
  for (let line = start; line <= end; line++) {
    if (mapLine(pair.hunks, line, "old").kind === "shifted") count++;
  }
  return count;
}

function anyWordySurvivor(pair: LinePair, start: number, end: number): boolean {
  for (let line = start; line <= end; line++) {
    if (mapLine(pair.hunks, line, "old").kind === "shifted" && /\w/.test(lineAt(pair.then, line - 1))) return true;
  }
  return false;
}

/** Whether any line of the place is new in the diff, that is, something replaced the quoted lines. */
function anyAdded(pair: LinePair, place: { start: number; end: number }): boolean {
  for (let line = place.start; line <= place.end; line++) {
    if (mapLine(pair.hunks, line, "new").kind === "edited") return true;
  }
  return false;
}

function clampTo(mapped: RangeMapping, count: number): { start: number; end: number } {
  const start = Math.min(Math.max(1, mapped.start), count);
  const end = Math.min(Math.max(start, mapped.end), count);
  return { start, end };
}

/**
 * Long and wordy enough that one copy of it in each file is evidence on its own: at least two lines
 * with a word character and 24 non-space characters in all. `}`, `return null;` and blank lines never are.
 */
function isDistinctive(quote: readonly string[]): boolean {
  let wordy = 0;
  let characters = 0;
  for (const line of quote) {
    const squashed = squashWhitespace(line);
    characters += squashed.length;
    if (squashed.length >= 4 && /\w/.test(squashed)) wordy++;
  }
  return wordy >= 2 && characters >= 24;
}
