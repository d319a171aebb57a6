// locate() for many threads over many files, against the work it cannot avoid.
//
// 500 files of 2,000 lines, each changed by a seeded mix of inserts, deletions, moves, edits and
// re-indents (about one file in ten untouched). Threads of a file are located one after another with
// the same then/now strings and one pairsOfOnePass() per file, as the service does in a listing. Floor (same process): split both versions of every
// file into lines and hash every line once (interning in a Map), the least any line-based locate does.
// Prints the median of a few runs: locate / floor (target: within 3x) and time per thread at 1x, 4x and
// 16x threads (target: flat or falling, i.e. cost linear in threads), and the line diff alone against
// jsdiff's diffArrays on the same pairs.
//
// Run: pnpm bench (builds first), or node --expose-gc packages/review-core/bench/locate.bench.mjs after pnpm build.
import { diffArrays } from "diff";
import { diffLines, locate, pairsOfOnePass, splitLines } from "../dist/index.js";
import { median } from "../../../scripts/bench-timing.mjs";

const FILES = 500;
const LINES = 2000;
const RUNS = 5;
const THREAD_COUNTS = [2500, 10000, 40000];

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(20240611);
const int = (max) => Math.floor(random() * max);
const pick = (list) => list[int(list.length)];

/** Code-like lines: about a third are the common ones (`}`, blank, `return null;`) that repeat everywhere. */
const COMMON = ["}", "  }", "", "", "    return null;", "  return result;", "    }", "  } else {", "    break;"];
function codeLine(file) {
  const r = random();
  if (r < 0.33) return pick(COMMON);
  if (r < 0.45) return `export function f${file}_${int(5000)}(input, options) {`;
  if (r < 0.6) return `    if (value${int(300)} > ${int(1000)}) {`;
  if (r < 0.8) return `  const v${int(2000)} = compute(${int(100000)}, "${int(1000)}");`;
  return `    result.push(transform(item${int(500)}, ${int(100)}));`;
}

function makeFile(file) {
  return Array.from({ length: LINES }, () => codeLine(file));
}

/** A realistic change: 2 to 12 operations of every kind, or none for about one file in ten. */
function change(file, lines) {
  const out = [...lines];
  if (random() < 0.1) return out;
  const operations = 2 + int(11);
  for (let k = 0; k < operations; k++) {
    const at = int(out.length);
    const size = 1 + int(20);
    switch (int(5)) {
      case 0: // insert
        out.splice(at, 0, ...Array.from({ length: size }, () => codeLine(file)));
        break;
      case 1: // delete
        out.splice(at, size);
        break;
      case 2: {
        // move a block elsewhere
        const block = out.splice(at, 3 + int(28));
        out.splice(int(out.length), 0, ...block);
        break;
      }
      case 3: // edit lines in place
        for (let i = at; i < Math.min(out.length, at + 1 + int(5)); i++) out[i] = `${out[i]} // edited ${int(100)}`;
        break;
      default: // re-indent
        for (let i = at; i < Math.min(out.length, at + 3 + int(13)); i++) out[i] = `  ${out[i]}`;
    }
  }
  return out;
}

const text = (lines) => lines.map((line) => `${line}\n`).join("");

console.log(`generating ${FILES} files of ${LINES} lines and their changes...`);
const files = Array.from({ length: FILES }, (_, file) => {
  const thenLines = makeFile(file);
  return { then: text(thenLines), now: text(change(file, thenLines)), thenLines };
});

function makeThreads(perFile) {
  return files.map(({ thenLines }) =>
    Array.from({ length: perFile }, () => {
      const length = random() < 0.6 ? 1 + int(2) : 1 + int(6);
      const start = 1 + int(thenLines.length - length);
      const end = start + length - 1;
      return {
        side: "new",
        start,
        end,
        quoted: thenLines.slice(start - 1, end).map((line) => ` ${line}`),
        context: { before: thenLines.slice(Math.max(0, start - 4), start - 1), after: thenLines.slice(end, end + 3) },
      };
    }),
  );
}

/** The floor: split both versions of every file and hash (intern) every line once. */
function floor() {
  let sink = 0;
  for (const { then, now } of files) {
    const ids = new Map();
    for (const lines of [splitLines(then), splitLines(now)]) {
      for (const line of lines) {
        let id = ids.get(line);
        if (id === undefined) {
          id = ids.size;
          ids.set(line, id);
        }
        sink += id;
      }
    }
  }
  return sink;
}

function locateAll(threads) {
  const states = { current: 0, moved: 0, changed: 0, outdated: 0 };
  files.forEach(({ then, now }, index) => {
    const pairs = pairsOfOnePass();
    for (const thread of threads[index]) states[locate({ ...thread, then, now }, pairs).state]++;
  });
  return states;
}

/**
 * Wall time, and the process's CPU time (user + system): on a machine shared with other work the
 * CPU time is the steadier figure, so the ratios use it.
 */
function time(fn) {
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = fn();
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const used = process.cpuUsage(cpu);
  return { ms: (used.user + used.system) / 1000, wall, result };
}

// Warm up the JIT on both paths.
floor();
locateAll(makeThreads(2));

const rows = [];
for (const count of THREAD_COUNTS) {
  const threads = makeThreads(count / FILES);
  const floors = [];
  const floorWalls = [];
  const locates = [];
  const walls = [];
  let states;
  for (let run = 0; run < RUNS; run++) {
    const floored = time(floor);
    floors.push(floored.ms);
    floorWalls.push(floored.wall);
    const measured = time(() => locateAll(threads));
    locates.push(measured.ms);
    walls.push(measured.wall);
    states = measured.result;
  }
  rows.push({
    count,
    floorMs: median(floors),
    floorWallMs: median(floorWalls),
    locateMs: median(locates),
    wallMs: median(walls),
    states,
  });
}

const pad = (value, width) => String(value).padStart(width);
console.log(`\nlocate over ${FILES} files x ${LINES} lines, median of ${RUNS} runs, CPU ms (wall ms)`);
console.log(
  `${pad("threads", 8)} ${pad("floor ms", 9)} ${pad("locate ms", 10)} ${pad("(wall)", 8)} ${pad("locate/floor", 13)} ${pad("us/thread", 10)}   states (current/moved/changed/outdated)`,
);
for (const { count, floorMs, locateMs, wallMs, states } of rows) {
  console.log(
    `${pad(count, 8)} ${pad(floorMs.toFixed(1), 9)} ${pad(locateMs.toFixed(1), 10)} ${pad(wallMs.toFixed(0), 8)} ${pad(`${(locateMs / floorMs).toFixed(2)}x`, 13)} ${pad(((locateMs * 1000) / count).toFixed(2), 10)}   ${states.current}/${states.moved}/${states.changed}/${states.outdated}`,
  );
}
const base = rows.find((row) => row.count === 10000);
const baseRatio = base.locateMs / base.floorMs;
const wallRatio = base.wallMs / base.floorWallMs;
// CPU time counts the garbage collector's helper threads too (locate allocates more than the floor);
// wall time is what a caller waits. Both are printed; on a loaded machine only CPU time is steady.
console.log(
  `\nlocate/floor at 10,000 threads: ${baseRatio.toFixed(2)}x by CPU time, ${wallRatio.toFixed(2)}x by wall time (floor ${base.floorWallMs.toFixed(0)} ms, locate ${base.wallMs.toFixed(0)} ms) (target <= 3x) ${Math.max(baseRatio, wallRatio) <= 3 ? "ok" : "OVER TARGET"}`,
);
const perThread = rows.map((row) => row.locateMs / row.count);
console.log(
  `time per thread 1x -> 4x -> 16x: ${perThread.map((ms) => `${(ms * 1000).toFixed(2)}us`).join(" -> ")} (linear when flat or falling)`,
);

// The line diff alone: ours against jsdiff's diffArrays on the first 50 pairs.
const sample = files.slice(0, 50).map(({ then, now }) => [splitLines(then), splitLines(now)]);
const ours = median(
  Array.from(
    { length: RUNS },
    () =>
      time(() =>
        sample.forEach(([a, b]) => {
          diffLines(a, b);
        }),
      ).ms,
  ),
);
const jsdiff = median(
  Array.from(
    { length: 3 },
    () =>
      time(() =>
        sample.forEach(([a, b]) => {
          diffArrays(a, b);
        }),
      ).ms,
  ),
);
console.log(
  `\nline diff of 50 file pairs: diffLines ${ours.toFixed(1)} ms, jsdiff diffArrays ${jsdiff.toFixed(1)} ms (${(jsdiff / ours).toFixed(1)}x slower)`,
);
