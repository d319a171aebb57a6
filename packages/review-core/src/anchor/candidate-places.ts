import type { Place } from "./alignment.js";
import type { Recorded } from "./evidence.js";
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
 * nearest line (and the other way round); and each copy of the quote among them, ignoring whitespace.
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
    for (let at = first; at + quote.length - 1 <= last; at++) {
      let reads = true;
      for (let k = 0; k < quote.length && reads; k++) reads = loose[at + k] === quote[k];
      if (reads) add(at, at + quote.length - 1);
    }
  }
  return candidates;
}
