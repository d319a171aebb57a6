import { countChangedLines } from "../diff/line-diff.js";
import { mapLine } from "../diff/map-line.js";
import { diffCost, type LinePair } from "./line-pair.js";
import { lineAt } from "./text-lines.js";

/** As many context lines as an anchor records each side. */
const CONTEXT_LINES = 3;
/** Readings to cost at most: each costs two diffs, and the nearest places are the likely ones. */
const MAX_TRIES = 3;
/** The most lines a rewrite in place may put between the quote's surroundings. */
const MAX_GAP = 64;
/**
 * The quote's surroundings (the lines recorded around it, which are then's own lines around
 * `start`..`end`) as they stand in the text now, where a shortest diff can read them as the same
 * lines around the same place:
 *  - `rewritten`: both stand, with new lines between them (now lines `start`..`end`, 1-based): the
 *    quote was edited in place;
 *  - `emptied`: both stand next to each other, nothing between them, before now line `at`: the quote
 *    was removed with nothing put in its place.
 */
export type StandingSurroundings =
  | { readonly kind: "rewritten"; readonly start: number; readonly end: number }
  | { readonly kind: "emptied"; readonly at: number };

/** Where the range's surroundings are on then's side: as many lines as were recorded each side. */
export interface Surroundings {
  readonly before: number;
  readonly after: number;
}

/**
 * Finds where the surroundings of then's lines `start`..`end` still stand now: a place where the
 * recorded lines before and after read as they did, around new lines or around nothing, and they are
 * its own: the diff keeps one side of them there, or a reading that keeps both there (the quote
 * deleted, the lines between them inserted, the rest aligned as well as it can be) is as short as the
 * diff. That is what tells its own surroundings at its own place from a copy of them that an edit
 * elsewhere happened to make.
 * `want` picks which kinds to look for; `intact` is where the quote reads intact (1-based now lines),
 * if it does; the nearest to `near` (the diff's place, 1-based) wins.
 * @example standingSurroundings(pair, 4, 4, { before: 3, after: 3 }, 4, "both", null) // { kind: "rewritten", start: 4, end: 4 }
 */
export function standingSurroundings(
  pair: LinePair,
  start: number,
  end: number,
  around: Surroundings,
  near: number,
  want: "rewritten" | "emptied" | "both",
  intact: { readonly start: number; readonly end: number } | null,
): StandingSurroundings | null {
  const { thenIds: then, nowIds: now } = pair;
  const length = end - start + 1;
  const from = start - 1;
  // Its old place: between where the diff puts the nearest lines it kept above and below the
  // surroundings. A copy of the surroundings beyond them is another place.
  const lo = keptImage(pair, start - around.before - 1, -1) ?? -1;
  const hi = keptImage(pair, end + around.after + 1, 1) ?? now.length;
  const candidates: { readonly at: number; readonly gap: number }[] = [];
  for (let at = Math.max(around.before, lo + 1 + around.before); at <= hi; at++) {
    if (!standsBefore(then, now, from, at, around.before)) continue;
    const most = want === "emptied" ? 0 : Math.min(MAX_GAP, now.length - at);
    for (let gap = want === "rewritten" ? 1 : 0; gap <= most; gap++) {
      if (at + gap + around.after > hi) break;
      if (standsAfter(then, now, end, at + gap, around.after)) candidates.push({ at, gap });
    }
  }
  candidates.sort((x, y) => Math.abs(x.at + 1 - near) - Math.abs(y.at + 1 - near) || x.gap - y.gap);
  // Its own surroundings: the diff reads each of their lines there as new or as that very line left
  // alone, not as other old lines (the quote kept elsewhere, say); or, where the diff chose between
  // equal lines, a reading that keeps them there is as short as the diff.
  // Lines that read as the quote where the diff put it are the quote, not its surroundings
  // ("across"), unless they lie wholly inside them ("within": the surroundings repeat the quote's text,
  // and the diff took a line of them for it). Within, the surroundings stand only by taking the quote
  // for part of themselves, so the diff's word makes them its own only around new code: a line the file
  // never had, with a word in it (the quote rewritten, as `attempts += 1;` into `attempts += 2;`).
  // Around braces and lines the file already had (a `}` added below a quoted `return null;` whose
  // context ends in `return null;`) the text reads as well as lines added beside the quote, and only a
  // reading as short as the diff makes it a rewrite.
  const overlap = (at: number, gap: number): "apart" | "within" | "across" => {
    if (intact === null) return "apart";
    const first = at - around.before + 1;
    const last = at + gap + around.after;
    if (intact.end < first || intact.start > last) return "apart";
    const inBefore = intact.start >= first && intact.end <= at;
    const inAfter = intact.start >= at + gap + 1 && intact.end <= last;
    return inBefore || inAfter ? "within" : "across";
  };
  const own = (at: number, gap: number) => {
    const lies = overlap(at, gap);
    if (lies === "across" || (lies === "within" && !holdsNewCode(pair, at, gap))) return false;
    const before = at - around.before;
    const after = at + gap;
    if (!ownOrNew(pair, start - around.before, around.before, before) || !ownOrNew(pair, end + 1, around.after, after))
      return false;
    if (gap > 0) return true;
    // Emptied says the quote's lines are gone. A side that stands only by taking a line the diff keeps
    // as one of them, right beside a line the file never had, is a rewrite's text: the quote became
    // `  return null;` `  i++;` `{` `  i += 2;`, its new lines read as its after side, and the diff kept
    // its `{`. Beside old lines only, it is the diff's choice between equal lines (a cut quote that
    // begins as its after side does).
    const borrowed = (line: number, count: number, from: number, outside: number) =>
      takesQuoteLine(pair, line, count, from, start, end) &&
      outside >= 0 &&
      outside < now.length &&
      holdsNewCode(pair, outside, 1);
    return (
      !borrowed(start - around.before, around.before, before, before - 1) &&
      !borrowed(end + 1, around.after, after, after + around.after)
    );
  };
  // Where a rewrite reads as well, the rewrite is taken. Emptied is the stronger claim (the lines went
  // elsewhere): against a diff that itself reads a rewrite (its place has both sides standing, `want`
  // "emptied"), it needs a reading as short as the diff. Otherwise the diff's word on the surroundings'
  // lines makes them the quote's own as it does for a rewrite: a diff reads a block cut and pasted past
  // fewer lines as those lines moved the other way, and cuts the quote's surroundings apart to do it.
  let tries = 0;
  const rewritten = candidates.find(
    ({ at, gap }) =>
      gap > 0 && (own(at, gap) || (tries++ < MAX_TRIES && asShortAsTheDiff(pair, start, end, around, at, gap))),
  );
  if (rewritten !== undefined) return { kind: "rewritten", start: rewritten.at + 1, end: rewritten.at + rewritten.gap };
  tries = 0;
  const emptied = candidates.find(
    ({ at, gap }) =>
      gap === 0 &&
      overlap(at, gap) !== "across" &&
      ((want === "both" && own(at, 0)) || (tries++ < MAX_TRIES && asShortAsTheDiff(pair, start, end, around, at, 0))),
  );
  if (emptied !== undefined) return { kind: "emptied", at: emptied.at + 1 };
  if (want === "emptied") return null;
  // Nothing stands within the bounds, but a bound is the diff's word only where the diff did not take
  // one of the rewrite's own lines for that old line: a rewrite into `""` and `i++` reads, to a diff,
  // as the blank line and the `i++` above the quote's surroundings kept, and its place then lies across
  // the bound. Such a place counts only where its new lines hold the bound's image and a line the file
  // never had, no copy of the quote, and surroundings of its own.
  const across = [lo, hi].flatMap((bound) =>
    bound < 0 || bound >= now.length ? [] : rewritesAcross(then, now, from, end, around, bound),
  );
  across.sort((x, y) => Math.abs(x.at + 1 - near) - Math.abs(y.at + 1 - near) || x.gap - y.gap);
  const beyond = across.find(
    ({ at, gap }) => holdsNewCode(pair, at, gap) && !holdsCopy(then, now, from, length, at, gap) && own(at, gap),
  );
  return beyond === undefined ? null : { kind: "rewritten", start: beyond.at + 1, end: beyond.at + beyond.gap };
}

/** The places whose surroundings stand around new lines that take in now's index `bound`. */
function rewritesAcross(
  then: Int32Array,
  now: Int32Array,
  from: number,
  end: number,
  around: Surroundings,
  bound: number,
): { readonly at: number; readonly gap: number }[] {
  const found: { at: number; gap: number }[] = [];
  for (let at = Math.max(around.before, bound - MAX_GAP + 1); at <= bound; at++) {
    if (!standsBefore(then, now, from, at, around.before)) continue;
    for (let gap = bound - at + 1; gap <= MAX_GAP && at + gap + around.after <= now.length; gap++) {
      if (standsAfter(then, now, end, at + gap, around.after)) found.push({ at, gap });
    }
  }
  return found;
}

/** Whether now's `gap` lines from index `at` on hold then's `length` lines from index `from` on, in a row. */
function holdsCopy(then: Int32Array, now: Int32Array, from: number, length: number, at: number, gap: number): boolean {
  for (let k = at; k + length <= at + gap; k++) {
    let same = true;
    for (let j = 0; j < length && same; j++) same = now[k + j] === then[from + j];
    if (same) return true;
  }
  return false;
}

/**
 * Whether the reading that keeps the surroundings at now's index `at` (the gap's first line), deletes
 * the quote and inserts the `gap` lines, and aligns the rest as well as it can, changes no more lines
 * than the diff.
 */
function asShortAsTheDiff(
  pair: LinePair,
  start: number,
  end: number,
  around: Surroundings,
  at: number,
  gap: number,
): boolean {
  const { thenIds: then, nowIds: now } = pair;
  const cost = diffCost(pair);
  const spent = end - start + 1 + gap;
  // Two line lists differ by at least their difference in length: most candidates fail that for free.
  const aboveAtLeast = Math.abs(start - 1 - at);
  const belowAtLeast = Math.abs(then.length - end - (now.length - at - gap));
  if (aboveAtLeast + belowAtLeast + spent > cost) return false;
  const above = countChangedLines(then.subarray(0, start - 1 - around.before), now.subarray(0, at - around.before));
  if (above + spent > cost) return false;
  const below = countChangedLines(then.subarray(end + around.after), now.subarray(at + gap + around.after));
  return above + spent + below <= cost;
}

/** Whether any of now's `gap` lines from index `at` on is a line then never had, with a word in it. */
function holdsNewCode(pair: LinePair, at: number, gap: number): boolean {
  // Asked only where the surroundings hold the quote (rare), of at most MAX_GAP lines: a scan will do.
  for (let k = at; k < at + gap; k++) {
    if (!pair.thenIds.includes(pair.nowIds[k] as number) && /\w/.test(lineAt(pair.now, k))) return true;
  }
  return false;
}

/**
 * The 0-based index now of the nearest line from then's `line` (1-based) on, going `step`, that the
 * diff left alone; null when there is none.
 */
function keptImage(pair: LinePair, line: number, step: -1 | 1): number | null {
  for (let at = line; at >= 1 && at <= pair.thenIds.length; at += step) {
    const mapped = mapLine(pair.hunks, at, "old");
    if (mapped.kind === "shifted") return mapped.line - 1;
  }
  return null;
}

/**
 * Whether the diff reads one of now's `count` lines from index `at` on, standing for then's lines from
 * `line` on, as a line of the quote (then's `start`..`end`) left alone instead.
 */
function takesQuoteLine(pair: LinePair, line: number, count: number, at: number, start: number, end: number): boolean {
  for (let k = 0; k < count; k++) {
    const mapped = mapLine(pair.hunks, at + k + 1, "new");
    if (mapped.kind === "shifted" && mapped.line !== line + k && mapped.line >= start && mapped.line <= end)
      return true;
  }
  return false;
}

/**
 * Each of now's `count` lines from index `at` on is, in the diff, new, or then's line `line` + k left
 * alone, or another old line equal to it (which of equal lines a diff keeps is its own choice).
 */
function ownOrNew(pair: LinePair, line: number, count: number, at: number): boolean {
  for (let k = 0; k < count; k++) {
    const mapped = mapLine(pair.hunks, at + k + 1, "new");
    if (mapped.kind !== "shifted" || mapped.line === line + k) continue;
    if (pair.thenIds[mapped.line - 1] !== pair.thenIds[line + k - 1]) return false;
  }
  return true;
}

/**
 * How many sides of the surroundings stand right around now lines `start`..`end` (1-based): each side
 * as many lines as were recorded, so a quote recorded at the top of the file matches only a place as
 * near the top. A side with no lines recorded (the quote ended the file) says nothing and never counts.
 * @example surroundingSides(pair, 4, 4, 10, 10, { before: 3, after: 3 }) // 2 when both sides stand
 */
export function surroundingSides(
  pair: LinePair,
  thenStart: number,
  thenEnd: number,
  start: number,
  end: number,
  around: Surroundings,
  apart: { readonly start: number; readonly end: number } | null = null,
): number {
  const { thenIds: then, nowIds: now } = pair;
  const clear = (first: number, last: number) => apart === null || apart.end < first || apart.start > last;
  return (
    (around.before > 0 &&
    standsBefore(then, now, thenStart - 1, start - 1, around.before) &&
    clear(start - around.before, start - 1)
      ? 1
      : 0) +
    (around.after > 0 && standsAfter(then, now, thenEnd, end, around.after) && clear(end + 1, end + around.after)
      ? 1
      : 0)
  );
}

/** then's `count` lines above index `from` read, as many of them, right above now's index `at`. */
function standsBefore(then: Int32Array, now: Int32Array, from: number, at: number, count: number): boolean {
  if (at < 0 || Math.min(at, CONTEXT_LINES) !== count) return false;
  for (let k = 1; k <= count; k++) if (now[at - k] !== then[from - k]) return false;
  return true;
}

/** then's `count` lines from index `from` on read, as many of them, from now's index `at` on. */
function standsAfter(then: Int32Array, now: Int32Array, from: number, at: number, count: number): boolean {
  if (at > now.length || Math.min(now.length - at, CONTEXT_LINES) !== count) return false;
  for (let k = 0; k < count; k++) if (now[at + k] !== then[from + k]) return false;
  return true;
}
