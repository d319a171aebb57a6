import { alignmentOf, type Place } from "./alignment.js";
import { type Recorded, weight } from "./evidence.js";
import type { LinePair } from "./line-pair.js";

/** A place to weigh, and whether it is the one the diff maps the range to. */
export interface Candidate {
  readonly place: Place;
  readonly mapped: boolean;
}

/**
 * The places a thread's lines may be now, once the diff touched them: the mapped place (`home`), and
 * around each change of the diff, where any other place must be (lines kept from other old lines are
 * those lines): the gap where lines were deleted; the gaps above and below the lines it wrote; those
 * lines whole; the places among them that begin at their top or right below a line reading as the before
 * side's nearest line and end at the next bottom or right above a line reading as the after side's
 * nearest line (and the other way round); and each copy of the quote, ignoring whitespace, that takes in
 * any of them and is mostly written lines.
 * @example candidatePlaces(pair, recorded, home)[0] // { place: home, mapped: true }
 */
export function candidatePlaces(pair: LinePair, recorded: Recorded, home: Place): Candidate[] {
  const candidates: Candidate[] = [{ place: home, mapped: true }];
  const add = (first: number, last: number): void => {
    candidates.push({ place: { first, last }, mapped: false });
  };
  const loose = pair.loose("now");
  const { quote, before, after } = recorded;
  const beforeLast = before.length > 0 ? (before[before.length - 1] as number) : null;
  const afterFirst = after.length > 0 ? (after[0] as number) : null;
  for (const hunk of pair.hunks) {
    if (hunk.newLines === 0) {
      // A side with no lines names the line before the change: the gap is before the next one.
      add(hunk.newStart, hunk.newStart - 1);
      continue;
    }
    const first = hunk.newStart - 1;
    const last = first + hunk.newLines - 1;
    add(first, first - 1);
    add(last + 1, last);
    add(first, last);
    const starts = [first];
    const ends: number[] = [];
    for (let at = first; at <= last; at++) {
      if (at > first && loose[at - 1] === beforeLast) starts.push(at);
      if (at < last && loose[at + 1] === afterFirst) ends.push(at);
    }
    ends.push(last);
    for (const from of starts) add(from, ends.find((to) => to >= from) as number);
    for (const to of ends) add(starts.findLast((from) => from <= to) as number, to);
    // Copies of the quote that take in any of these written lines.
    for (let at = Math.max(0, first - quote.length + 1); at <= last && at + quote.length <= loose.length; at++) {
      let reads = true;
      for (let k = 0; k < quote.length && reads; k++) reads = loose[at + k] === quote[k];
      if (reads && writtenMostly(pair, recorded, at, at + quote.length - 1)) add(at, at + quote.length - 1);
    }
  }
  return candidates;
}

/**
 * Whether the lines from `first` to `last` are mostly, by weight, lines the diff wrote (or the quote's
 * own): lines it kept from other old lines are those lines, so a copy made mostly of them is not the
 * quote's text written again, but one common line the diff happened to align elsewhere does not unmake it.
 */
function writtenMostly(pair: LinePair, recorded: Recorded, first: number, last: number): boolean {
  const { nowToThen } = alignmentOf(pair);
  const loose = pair.loose("now");
  let written = 0;
  let others = 0;
  for (let at = first; at <= last; at++) {
    const worth = weight(pair, loose[at] as number);
    if (nowToThen[at] === -1 || recorded.quotes(at)) written += worth;
    else others += worth;
  }
  return written > others;
}
