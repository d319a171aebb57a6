import { mapLine, mapRange } from "../diff/map-line.js";
import { alignmentOf, mappedPlace, type Place } from "./alignment.js";
import { candidatePlaces } from "./candidate-places.js";
import { countIn, evidence, type Recorded } from "./evidence.js";
import { equalIgnoringWhitespace } from "./ignore-whitespace.js";
import { looseHash, preparePair, type LinePair, type PairMaker } from "./line-pair.js";
import { lineIs, lineIsIgnoringWhitespace } from "./text-lines.js";
import { type AnchorContext, CONTEXT_LINES, type LocateInput, type Location } from "./types.js";

const OUTDATED: Location = { state: "outdated", start: null, end: null };

/**
 * Evidence lost per line of distance from the place the diff maps the lines to: a thousand lines weigh
 * as much as one line found once in the file, so distance only settles near ties, toward the diff's place.
 */
const DISTANCE = 0.001;

/**
 * A place that does not hold the whole quote is the quote's only with at least this much evidence: as
 * much as one line that occurs once in the file.
 */
const ENOUGH = 1;

/**
 * Where a thread's lines are now, and whether they still read as quoted: `current`, `moved`,
 * `changed` (maybe `whitespaceOnly`) or `outdated`. Every anchor state, and the checked resolve,
 * come from this one function; docs/concepts.md "Anchor state" explains it with worked examples.
 * Each call splits and diffs its two texts, unless `pairOf` already did for another thread on the same
 * texts (`pairsOfOnePass`).
 * @example locate({ side: "new", start: 3, end: 3, quoted: ["+x"], then: "a\nb\nx\n", now: "z\na\nb\nx\n" }) // { state: "moved", start: 4, end: 4 }
 */
export function locate(input: LocateInput, pairOf: PairMaker = preparePair): Location {
  if (input.start === null) return locateWholeFile(input.then, input.now);
  const start = Math.max(1, input.start);
  const end = Math.max(start, input.end ?? start);
  if (input.side === "old") return locateDeletion(start, end, input.then, input.now, pairOf);
  if (input.now === null) return OUTDATED;
  const quote = input.quoted.map(unmark);
  // A file untouched since (a third of a listing's files, often) needs no split and no diff.
  if (input.now === input.then && quoteStandsAt(input.then, start, end, quote)) return { state: "current", start, end };
  const pair = pairOf(input.then, input.now);
  if (pair.now.count === 0 || quote.length === 0) return OUTDATED;
  // 1. Align, 2. map: lines the diff left alone, reading as quoted, are where it shifted them.
  const mapped = mapRange(pair.hunks, start, end, "old");
  // When their context stands around them too, nothing can have more evidence.
  if (
    mapped.kind === "shifted" &&
    quote.length === end - start + 1 &&
    readsExactly(pair, quote, mapped.start - 1) &&
    contextStands(pair, input.context, start, end, mapped.start - 1)
  )
    return placed(mapped.start - 1, quote.length, start);
  // 3. A conflict: the evidence picks the place, the text decides the state.
  return weigh(pair, start, end, quote, input.context);
}

function locateWholeFile(then: string, now: string | null): Location {
  if (now === null) return OUTDATED;
  if (now === then) return { state: "current", start: null, end: null };
  if (equalIgnoringWhitespace(now, then)) return { state: "changed", start: null, end: null, whitespaceOnly: true };
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
 * Scores every candidate place (candidatePlaces), keeps those that can be the quote's (they hold the whole
 * quote, or pass isTheQuotes) and takes the best: most evidence less its distance from the mapped place.
 * Its text decides the state; an empty best place (the context's sides next to each other) is a cut, and
 * the thread goes where the quote reads whole.
 */
function weigh(
  pair: LinePair,
  start: number,
  end: number,
  quote: readonly string[],
  context: AnchorContext | undefined,
): Location {
  const recorded = record(pair, start, end, quote, context);
  const home = mappedPlace(pair, start - 1, end - 1);
  const candidates = candidatePlaces(pair, recorded, home);
  // The best place, the mapped place when it counts, and the best place that holds the whole quote.
  let best: Scored | null = null;
  let mappedScored: Scored | null = null;
  let bestReading: Scored | null = null;
  for (const { place, mapped } of candidates) {
    const empty = place.first > place.last;
    const reading = empty ? null : readingIn(pair, quote, place, home.first);
    const found = evidence(pair, recorded, place);
    if (reading === null && !isTheQuotes(pair, recorded, place, mapped, found)) continue;
    const scored = { score: found - DISTANCE * Math.abs(place.first - home.first), place, reading };
    if (best === null || scored.score > best.score) best = scored;
    if (mapped && !empty) mappedScored = scored;
    if (reading !== null && (bestReading === null || scored.score > bestReading.score)) bestReading = scored;
  }
  // The sides standing next to each other say the lines were cut from there: they are where they read
  // whole; when they read whole nowhere, the cut explains nothing, and the diff's own reading stands.
  if (best !== null && best.place.first > best.place.last) best = bestReading ?? mappedScored;
  if (best === null) return OUTDATED;
  const { place, reading } = best;
  if (reading === null) return { state: "changed", start: place.first + 1, end: place.last + 1 };
  if (reading.exact) return placed(reading.at, quote.length, start);
  return { state: "changed", start: reading.at + 1, end: reading.at + quote.length, whitespaceOnly: true };
}

interface Scored {
  readonly score: number;
  readonly place: Place;
  readonly reading: Reading | null;
}

/** The quote and its context as the thread recorded them (or, without a record, then's lines around it). */
function record(
  pair: LinePair,
  start: number,
  end: number,
  quote: readonly string[],
  context: AnchorContext | undefined,
): Recorded {
  const then = pair.loose("then");
  const before =
    context?.before.map((line) => looseHash(line)) ?? then.slice(Math.max(0, start - 1 - CONTEXT_LINES), start - 1);
  const after = context?.after.map((line) => looseHash(line)) ?? then.slice(end, end + CONTEXT_LINES);
  const { nowToThen } = alignmentOf(pair);
  const quotes = (at: number): boolean => {
    const kept = nowToThen[at] as number;
    return kept >= start - 1 && kept <= end - 1;
  };
  return {
    quote: Int32Array.from(quote, (line) => looseHash(line)),
    before: Int32Array.from(before),
    after: Int32Array.from(after),
    quotes,
  };
}

/** Where the whole quote reads in a place: exactly, or else ignoring whitespace; nearest `near` first. */
interface Reading {
  readonly at: number;
  readonly exact: boolean;
}

function readingIn(pair: LinePair, quote: readonly string[], place: Place, near: number): Reading | null {
  let found: Reading | null = null;
  for (let at = place.first; at + quote.length - 1 <= place.last; at++) {
    const exact = readsExactly(pair, quote, at);
    if (!exact && !readsIgnoringWhitespace(pair, quote, at)) continue;
    const better =
      found === null ||
      (exact && !found.exact) ||
      (exact === found.exact && Math.abs(at - near) < Math.abs(found.at - near));
    if (better) found = { at, exact };
  }
  return found;
}

/** Now's lines from `at` (0-based) read exactly as the quote (then's own lines from `start`, when they are). */
function readsExactly(pair: LinePair, quote: readonly string[], at: number): boolean {
  if (at < 0 || at + quote.length > pair.now.count) return false;
  for (let k = 0; k < quote.length; k++) if (!lineIs(pair.now, at + k, quote[k] as string)) return false;
  return true;
}

function readsIgnoringWhitespace(pair: LinePair, quote: readonly string[], at: number): boolean {
  if (at < 0 || at + quote.length > pair.now.count) return false;
  for (let k = 0; k < quote.length; k++)
    if (!lineIsIgnoringWhitespace(pair.now, at + k, quote[k] as string)) return false;
  return true;
}

/**
 * Whether the context (recorded, or else then's lines around start..end) reads exactly right around the
 * quote's lines at now line `at` (0-based).
 */
function contextStands(
  pair: LinePair,
  context: AnchorContext | undefined,
  start: number,
  end: number,
  at: number,
): boolean {
  const length = end - start + 1;
  const before = context?.before.length ?? Math.min(start - 1, CONTEXT_LINES);
  const after = context?.after.length ?? Math.min(pair.then.count - end, CONTEXT_LINES);
  if (at - before < 0 || at + length + after > pair.now.count) return false;
  for (let k = 1; k <= before; k++) {
    const reads = context
      ? lineIs(pair.now, at - k, context.before[before - k] as string)
      : pair.nowIds[at - k] === pair.thenIds[start - 1 - k];
    if (!reads) return false;
  }
  for (let k = 0; k < after; k++) {
    const reads = context
      ? lineIs(pair.now, at + length + k, context.after[k] as string)
      : pair.nowIds[at + length + k] === pair.thenIds[end + k];
    if (!reads) return false;
  }
  return true;
}

/**
 * Whether a place that does not hold the whole quote can still be the quote's: its context's two sides
 * stand right around it, it has evidence enough, and it holds text the file did not have (the quote
 * rewritten) or lines of the quote the diff kept, or it is empty (the sides next to each other: a cut).
 * The mapped place needs no sides; holding text the file did not have, it counts whatever its evidence
 * (the diff wrote over the quote there).
 */
function isTheQuotes(pair: LinePair, recorded: Recorded, place: Place, mapped: boolean, found: number): boolean {
  if (!mapped && !sidesStand(pair, recorded, place)) return false;
  if (place.first > place.last) return found >= ENOUGH;
  let fresh = false;
  let kept = false;
  const loose = pair.loose("now");
  for (let at = place.first; at <= place.last; at++) {
    if (recorded.quotes(at)) kept = true;
    else if (!thenHas(pair, loose[at] as number)) fresh = true;
  }
  return (mapped && fresh) || ((fresh || kept) && found >= ENOUGH);
}

/**
 * Whether the context's two sides stand right around a place, by their nearest lines (a side with no
 * line, at the file's edge, stands where the place touches that edge).
 */
function sidesStand(pair: LinePair, recorded: Recorded, place: Place): boolean {
  const now = pair.loose("now");
  const { before, after } = recorded;
  const above = place.first - 1;
  const below = place.last + 1;
  const beforeStands =
    before.length === 0
      ? above === -1
      : above >= 0 && now[above] === before[before.length - 1] && !recorded.quotes(above);
  const afterStands =
    after.length === 0
      ? below === now.length
      : below < now.length && now[below] === after[0] && !recorded.quotes(below);
  return beforeStands && afterStands;
}

// Each pair's then lines (ignoring whitespace), sorted, worked out on first use.
const sortedThen = new WeakMap<LinePair, Int32Array>();
function thenHas(pair: LinePair, hash: number): boolean {
  let sorted = sortedThen.get(pair);
  if (sorted === undefined) {
    sorted = Int32Array.from(pair.loose("then")).sort();
    sortedThen.set(pair, sorted);
  }
  return countIn(sorted, hash) > 0;
}

/** The quote, read exactly at now line `at` (0-based): `current` at its own line, else `moved`. */
function placed(at: number, length: number, start: number): Location {
  const state = at + 1 === start ? "current" : "moved";
  return { state, start: at + 1, end: at + length };
}

/** Whether lines start..end (1-based) of `text` read exactly as the quote, found without splitting the text. */
function quoteStandsAt(text: string, start: number, end: number, quote: readonly string[]): boolean {
  if (quote.length !== end - start + 1) return false;
  let at = 0;
  for (let line = 1; line < start; line++) {
    at = text.indexOf("\n", at) + 1;
    if (at === 0) return false;
  }
  for (const line of quote) {
    // A line starts before the text's end (a final "\n" ends the last line; "" has none).
    if (at >= text.length) return false;
    const next = text.indexOf("\n", at);
    const lineEnd = next === -1 ? text.length : next;
    if (lineEnd - at !== line.length || !text.startsWith(line, at)) return false;
    at = lineEnd + 1;
  }
  return true;
}

/** A quoted line without its diff marker ("+", "-" or " "). */
function unmark(line: string): string {
  const marker = line.charAt(0);
  return marker === "+" || marker === "-" || marker === " " ? line.slice(1) : line;
}
