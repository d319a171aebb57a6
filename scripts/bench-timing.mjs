// The timing arithmetic every benchmark (packages/*/bench/*.bench.mjs) shares: a median, a timed call,
// a pair measured in alternating order, and the verdict line a target is judged by. One place, so every
// bench computes its figures (and its "met / not met") the same way.

import { readFileSync } from "node:fs";

/** The middle value (the upper one of an even count), as every bench has always printed it. */
export function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** The value at quantile `q` (0..1) of `values`, e.g. 0.99 for a p99. */
export function quantile(values, q) {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
}

/** Milliseconds `fn` takes (awaited), by the monotonic clock. */
export async function time(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The lowest and highest of `ratios`, as "0.98-1.12x". */
export function spreadOf(ratios) {
  return `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`;
}

/**
 * The two sides of a pair, one right after the other, in an order that alternates with `r`: on a shared
 * machine neither side then always finds the caches warmed (or the cores loaded) by the other.
 * @example const { ours, floor } = await inAlternatingOrder(r, { ours: runOurs, floor: runFloor });
 */
export async function inAlternatingOrder(r, sides) {
  const names = Object.keys(sides);
  const order = r % 2 === 0 ? [...names].reverse() : names;
  const results = {};
  for (const name of order) results[name] = await sides[name]();
  return results;
}

/**
 * Judges `ratios` (one per pair or run) against `target` by their median, and says so in one line:
 * `target (a) <=1.1x: met, median 1.03x, spread 0.97-1.10x over 7 pairs`.
 * @example const { met, line } = targetVerdict("a", 1.1, ratios, "pairs"); console.log(line);
 */
export function targetVerdict(name, target, ratios, unit = "runs") {
  const ratio = median(ratios);
  const met = ratio <= target;
  return {
    met,
    ratio,
    line: `target (${name}) \u2264${target}x: ${met ? "met" : "not met"}, median ${ratio.toFixed(2)}x, spread ${spreadOf(ratios)} over ${ratios.length} ${unit}`,
  };
}

/**
 * CPU milliseconds used so far by this process and by its children that have ended (git's processes):
 * on a loaded machine the steadier figure, since waiting for a core does not count. Children's time comes
 * from /proc in clock ticks (10 ms), so it is meant for medians of many runs; null off Linux.
 */
export function cpuSoFar() {
  let stat;
  try {
    stat = readFileSync("/proc/self/stat", "utf8");
  } catch {
    return null;
  }
  // Fields after the command's closing parenthesis; cutime and cstime are the 14th and 15th of them.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const children = (Number(fields[13]) + Number(fields[14])) * 10;
  const self = process.cpuUsage();
  return (self.user + self.system) / 1000 + children;
}

/** Wall and CPU milliseconds (this process and its ended children, see cpuSoFar) that `fn` takes. */
export async function timeWithCpu(fn) {
  const cpu = cpuSoFar();
  const start = process.hrtime.bigint();
  await fn();
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  return { wall, cpu: cpu === null ? null : cpuSoFar() - cpu };
}
