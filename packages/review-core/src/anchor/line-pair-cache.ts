import { preparePair, type LinePair } from "./line-pair.js";

/**
 * How many then/now pairs stay prepared. The service locates every thread of a file in a row with the
 * same two string objects, so 20 threads on one file cost one split and one diff; 64 leaves room for
 * a page of threads spread over many files and several rounds. An entry holds typed arrays (two
 * files' line offsets and ids) and the diff's hunks, so it costs the garbage collector little.
 * Threads located in another order (files interleaved across more than 64 pairs) still work, but
 * each miss splits and diffs the file again.
 */
const CAPACITY = 64;

/**
 * then → (now → pair). Map keys are the texts themselves: V8 hashes a string once and keeps the hash
 * on it, so looking up the same string object again is cheap, and an equal text made afresh still hits.
 */
const entries = new Map<string, Map<string, LinePair>>();
/** Recency: Map iteration order is insertion order, so the first entry is the least recently used. */
const recency = new Map<LinePair, readonly [then: string, now: string]>();

/** The pair asked for last. */
let last: { readonly then: string; readonly now: string; readonly pair: LinePair } | undefined;

/**
 * The prepared pair for two texts, from a small least-recently-used cache (64 pairs).
 * @example linePair(thenText, nowText).hunks
 */
export function linePair(then: string, now: string): LinePair {
  // Threads of one file come in a row: the pair asked for last needs no lookup or reordering.
  if (last !== undefined && last.then === then && last.now === now) return last.pair;
  const pair = lookUp(then, now);
  last = { then, now, pair };
  return pair;
}

function lookUp(then: string, now: string): LinePair {
  const byNow = entries.get(then);
  const hit = byNow?.get(now);
  if (hit !== undefined) {
    recency.delete(hit);
    recency.set(hit, [then, now]);
    return hit;
  }
  const pair = preparePair(then, now);
  if (byNow === undefined) entries.set(then, new Map([[now, pair]]));
  else byNow.set(now, pair);
  recency.set(pair, [then, now]);
  if (recency.size > CAPACITY) evictOldest();
  return pair;
}

function evictOldest(): void {
  const oldest = recency.entries().next();
  if (oldest.done === true) return;
  const [pair, [then, now]] = oldest.value;
  recency.delete(pair);
  if (last?.pair === pair) last = undefined;
  const byNow = entries.get(then);
  byNow?.delete(now);
  if (byNow !== undefined && byNow.size === 0) entries.delete(then);
}
