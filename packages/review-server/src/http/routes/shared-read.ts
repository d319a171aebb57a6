import { promisify } from "node:util";
import * as zlib from "node:zlib";
import { constants, deflateRawSync, gzip } from "node:zlib";
import { crc32Combine } from "./crc32-combine.js";

const gzipAsync = promisify(gzip);

/** One serialized answer, shared by every reader of the same answer object; each form made at most once. */
export interface SharedBody {
  /** The answer as UTF-8 JSON. */
  bytes(): Uint8Array<ArrayBuffer>;
  gzipped(): Promise<Uint8Array<ArrayBuffer>>;
}

/** A serialized answer, and (when it can be put together from kept pieces) its gzip. */
export interface Serialized {
  bytes(): Uint8Array<ArrayBuffer>;
  /** The gzip of `bytes()` from kept pieces, or null: the whole body is then gzipped once. */
  gzipped?(): Uint8Array<ArrayBuffer> | null;
}

/** A body serialized at most once and gzipped at most once, each when some reader first asks for it. */
function sharedBody(serialized: Serialized): SharedBody {
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  let zipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
  const plain = () => (bytes ??= serialized.bytes());
  // The fastest level: a listing is gzipped after every write under load, and on loopback or a LAN the
  // few extra bytes cost less than the CPU level 6 spends.
  const zipWhole = () => gzipAsync(plain(), { level: constants.Z_BEST_SPEED }).then((out) => new Uint8Array(out));
  return {
    bytes: plain,
    gzipped: () => (zipped ??= (() => {
      const pieced = serialized.gzipped?.() ?? null;
      return pieced === null ? zipWhole() : Promise.resolve(pieced);
    })()),
  };
}

/**
 * One serialized body per answer object: the service hands out the same object while the answer holds
 * (a memoized listing), so every reader of it shares one serialization and one gzip; a new answer object
 * gets a new body, and a dropped one takes its body with it (weakly held).
 * @example const body = bodies.of(threads, () => serializeThreads(threads));
 */
export function createSharedBodies() {
  const bodies = new WeakMap<object, SharedBody>();
  return {
    of(answer: object, serialize: () => Serialized): SharedBody {
      let body = bodies.get(answer);
      if (body === undefined) bodies.set(answer, (body = sharedBody(serialize())));
      return body;
    },
  };
}

const encoder = new TextEncoder();
const OPEN = encoder.encode('{"threads":[');
const COMMA = encoder.encode(",");
const CLOSE = encoder.encode("]}");
/** Each thread object's JSON as UTF-8, kept as long as the object lives. */
const threadBytes = new WeakMap<object, Uint8Array>();

/**
 * The bytes of `JSON.stringify({ threads })`, put together from each thread's own encoded JSON, kept per
 * thread object: a listing patched after a reply holds the same objects for every thread but the one
 * replied to, so only that one is serialized and encoded again, and the rest is copied.
 * @example new TextDecoder().decode(threadsJsonBytes(threads)) // '{"threads":[{"id":"thr_…",…}]}'
 */
export function threadsJsonBytes(threads: readonly object[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [OPEN];
  threads.forEach((thread, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(jsonOf(thread));
  });
  parts.push(CLOSE);
  return concat(parts);
}

/**
 * A listing's body, and its gzip put together from deflated runs of threads (kept per run of thread
 * objects, like their bytes): gzipping a whole listing after every reply cost milliseconds of CPU for 500
 * threads, where this deflates again only the run holding the replied thread and copies the rest.
 * @example const { bytes, gzipped } = serializeThreads(threads);
 */
export function serializeThreads(threads: readonly object[]): Serialized {
  return { bytes: () => threadsJsonBytes(threads), gzipped: () => gzipPieces(threads) };
}

function jsonOf(thread: object): Uint8Array {
  let bytes = threadBytes.get(thread);
  if (bytes === undefined) threadBytes.set(thread, (bytes = encoder.encode(JSON.stringify(thread))));
  return bytes;
}

/** Threads deflated together: enough text for deflate to find the repeats between threads. */
const RUN = 32;
/** A run's text deflated, its CRC-32 and length, under its first thread object, with what it was made from. */
interface DeflatedRun {
  readonly members: readonly object[];
  readonly afterComma: boolean;
  readonly deflated: Uint8Array;
  readonly crc: number;
  readonly length: number;
}
const deflatedRuns = new WeakMap<object, DeflatedRun>();

type Crc32 = (data: Uint8Array, value?: number) => number;

/**
 * Deflated independently and ended with a full flush (an empty stored block, no final bit, nothing
 * referring back), pieces of a deflate stream may follow one another: a gzip member is then a header,
 * the pieces, an empty final block, and the CRC-32 and length of the whole text. The pieces are the
 * opening, runs of RUN threads (each but the first run starting with its comma), and the closing. The
 * whole text's CRC-32 is combined from the runs' kept ones, so after a reply only the replied thread's run
 * is read again. zlib.crc32 came with Node 20.15; without it the whole body is gzipped instead (null).
 */
function gzipPieces(threads: readonly object[]): Uint8Array<ArrayBuffer> | null {
  const crc32 = (zlib as { crc32?: Crc32 }).crc32;
  if (typeof crc32 !== "function") return null;
  // The opening and closing are deflated per body (a few bytes each), not when the module loads: the
  // first deflate starts zlib, which would cost every process its start-up (50 ms on a loaded machine)
  // whether or not it ever serves a listing.
  const parts: Uint8Array[] = [GZIP_HEADER, deflatePiece(OPEN)];
  let crc = crc32(OPEN);
  let length = OPEN.length;
  for (let from = 0; from < threads.length; from += RUN) {
    const run = deflatedRun(threads.slice(from, from + RUN), from > 0, crc32);
    parts.push(run.deflated);
    crc = crc32Combine(crc, run.crc, run.length);
    length += run.length;
  }
  crc = crc32(CLOSE, crc);
  length += CLOSE.length;
  const trailer = new Uint8Array(8);
  const view = new DataView(trailer.buffer);
  view.setUint32(0, crc >>> 0, true);
  view.setUint32(4, length >>> 0, true);
  parts.push(deflatePiece(CLOSE), FINAL_BLOCK, trailer);
  return concat(parts);
}

/** The JSON of a run of threads, comma-separated (and after a comma unless it is the first run), deflated. */
function deflatedRun(members: readonly object[], afterComma: boolean, crc32: Crc32): DeflatedRun {
  const kept = deflatedRuns.get(members[0]!);
  if (kept !== undefined && kept.afterComma === afterComma && sameMembers(kept.members, members)) return kept;
  const parts: Uint8Array[] = [];
  members.forEach((thread, index) => {
    if (index > 0 || afterComma) parts.push(COMMA);
    parts.push(jsonOf(thread));
  });
  const text = concat(parts);
  const run = { members, afterComma, deflated: deflatePiece(text), crc: crc32(text), length: text.length };
  deflatedRuns.set(members[0]!, run);
  return run;
}

function sameMembers(a: readonly object[], b: readonly object[]): boolean {
  return a.length === b.length && a.every((thread, index) => thread === b[index]);
}

function deflatePiece(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED, finishFlush: constants.Z_FULL_FLUSH }));
}

/** Magic, deflate, no flags, no time, no extra flags, unknown OS (RFC 1952). */
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
/** A final block with fixed codes and nothing in it but its end (RFC 1951). */
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00);

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
