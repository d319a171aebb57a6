import type { LinePair } from "./line-pair.js";
import type { Place } from "./alignment.js";

/**
 * What a thread recorded about its lines, as lines read ignoring whitespace (looseHash): the quote, and
 * the context before and after it (nearest line last before, first after).
 */
export interface Recorded {
  readonly quote: Int32Array;
  readonly before: Int32Array;
  readonly after: Int32Array;
  /**
   * Whether a now line (0-based) is one of the quote's own lines, kept by the diff: it is the quote,
   * so it is no evidence for the context standing.
   */
  readonly quotes: (at: number) => boolean;
}

// Each pair's lines now (ignoring whitespace), sorted, worked out on first use and kept as long as the pair:
// counting by binary search costs less than building a map of a whole file for the few threads that ask.
const sortedNow = new WeakMap<LinePair, Int32Array>();

/**
 * How informative a line (by its loose hash) is in the text now: 1 / the number of times it occurs
 * there. A line found once (`function total(items) {`) weighs 1; a `}` found twenty times weighs 0.05.
 * @example weight(pair, looseHash("}")) // 0.05 in a file of twenty `}`
 */
export function weight(pair: LinePair, hash: number): number {
  let sorted = sortedNow.get(pair);
  if (sorted === undefined) {
    sorted = Int32Array.from(pair.loose("now")).sort();
    sortedNow.set(pair, sorted);
  }
  return 1 / Math.max(1, countIn(sorted, hash));
}

/**
 * How many times `value` occurs in a sorted array.
 * @example countIn(Int32Array.of(1, 2, 2, 3), 2) // 2
 */
export function countIn(sorted: Int32Array, value: number): number {
  return firstAtLeast(sorted, value + 1) - firstAtLeast(sorted, value);
}

function firstAtLeast(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How much a quoted line that reads at a place counts against a context line that stands around it: a
 * thread is about a place in the code, and the context says where that place is; the quote says what
 * was there, so it counts half.
 */
const QUOTE = 0.5;

/**
 * The evidence that a place now is the recorded lines' place: the weight of the quote's lines that the
 * place holds, in order, plus the weight of each context line found at its own distance above or below
 * the place. An empty place holds no quote; its context is read around the gap. A line kept by the diff
 * from the quote's own lines is the quote, never its context.
 * @example evidence(pair, recorded, { first: 4, last: 5 }) // 3.5: two unique quote lines, and a side of three lines, one a `}` found twice
 */
export function evidence(pair: LinePair, recorded: Recorded, place: Place): number {
  const now = pair.loose("now");
  const { before, after } = recorded;
  let found = QUOTE * quoteReading(pair, recorded.quote, place);
  for (let k = 1; k <= before.length; k++) {
    const at = place.first - k;
    if (at < 0) break;
    if (now[at] === before[before.length - k] && !recorded.quotes(at)) found += weight(pair, now[at] as number);
  }
  for (let k = 0; k < after.length; k++) {
    const at = place.last + 1 + k;
    if (at >= now.length) break;
    if (now[at] === after[k] && !recorded.quotes(at)) found += weight(pair, now[at] as number);
  }
  return found;
}

/**
 * The weight of the quote's lines that read in the place, in order: a longest common subsequence by
 * weight. Only the place's lines that are quote lines at all can be in it, so the place is filtered to
 * them first (a long rewrite holds few).
 */
function quoteReading(pair: LinePair, quote: Int32Array, place: Place): number {
  const now = pair.loose("now");
  const lines: number[] = [];
  for (let at = place.first; at <= place.last; at++)
    if (quote.includes(now[at] as number)) lines.push(now[at] as number);
  if (lines.length === 0) return 0;
  // best[j]: the heaviest reading of the quote so far within the first j of the place's quote lines.
  let best = new Float64Array(lines.length + 1);
  for (let k = 0; k < quote.length; k++) {
    const next = new Float64Array(lines.length + 1);
    const line = quote[k] as number;
    const worth = weight(pair, line);
    for (let j = 1; j <= lines.length; j++) {
      const taken = lines[j - 1] === line ? (best[j - 1] as number) + worth : 0;
      next[j] = Math.max(taken, best[j] as number, next[j - 1] as number);
    }
    best = next;
  }
  return best[lines.length] as number;
}
