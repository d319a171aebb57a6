import { promisify } from "node:util";
import * as zlib from "node:zlib";
import { constants, deflateRawSync, gzip } from "node:zlib";
import { crc32Combine } from "./crc32-combine.js";

const gzipAsync = promisify(gzip);

/** One serialized listing, shared by every reader of the same listing version; each form made at most once. */
export interface SharedBody {
  /** The answer as UTF-8 JSON. */
  bytes(): Uint8Array<ArrayBuffer>;
  gzipped(): Promise<Uint8Array<ArrayBuffer>>;
}

/** Versions whose bodies are kept: readers of a listing ask within moments of each other, so a few suffice. */
const KEPT_VERSIONS = 16;
/** Threads deflated together: enough text for deflate to find the repeats between threads. */
const RUN = 32;

const encoder = new TextEncoder();
const OPEN = encoder.encode('{"threads":[');
const COMMA = encoder.encode(",");
const CLOSE = encoder.encode("]}");
/** Magic, deflate, no flags, no time, no extra flags, unknown OS (RFC 1952). */
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff);
/** A final block with fixed codes and nothing in it but its end (RFC 1951). */
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00);

type Crc32 = (data: Uint8Array, value?: number) => number;

/** A run's text deflated, its CRC-32 and length, under its first thread object, with what it was made from. */
interface DeflatedRun {
  readonly members: readonly object[];
  readonly afterComma: boolean;
  readonly deflated: Uint8Array;
  readonly crc: number;
  readonly length: number;
}

/**
 * Listing bodies for one app. The service numbers each listing it keeps (the same version is the same
 * threads), so the panels reading a listing after a reply share one body: serialized and gzipped once
 * (without that the review session cost the server 1.6x the CPU). A null version (a listing not kept) is
 * serialized for its reader alone.
 * A patched listing holds the same thread objects for every thread but the replied one, and thread JSON is
 * readonly, so each thread object's encoded JSON and each run of them deflated are kept (weakly, per object):
 * a new body encodes and deflates again only the run holding the changed thread. Without both, the review
 * session cost the server 1.16x the CPU (1.3x the wall time) and missed its 3x p99 target, and http-load's
 * server spent 2.2 ms of CPU per request instead of 1.3 ms: kept for the p99 target (issue 14, item 7).
 * @example const body = bodies.of(listing.version, listing.threads); c.body(await body.gzipped())
 */
export function createSharedBodies() {
  const bodies = new Map<number, SharedBody>();
  const threadBytes = new WeakMap<object, Uint8Array>();
  const deflatedRuns = new WeakMap<object, DeflatedRun>();

  const jsonOf = (thread: object): Uint8Array => {
    let bytes = threadBytes.get(thread);
    if (bytes === undefined) threadBytes.set(thread, (bytes = encoder.encode(JSON.stringify(thread))));
    return bytes;
  };

  /** The bytes of `JSON.stringify({ threads })`, put together from each thread's own encoded JSON. */
  const bytesOf = (threads: readonly object[]): Uint8Array<ArrayBuffer> => {
    const parts: Uint8Array[] = [OPEN];
    threads.forEach((thread, index) => {
      if (index > 0) parts.push(COMMA);
      parts.push(jsonOf(thread));
    });
    parts.push(CLOSE);
    return concat(parts);
  };

  /** The JSON of a run of threads, comma-separated (and after a comma unless it is the first run), deflated. */
  const deflatedRun = (members: readonly object[], afterComma: boolean, crc32: Crc32): DeflatedRun => {
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
  };

  /**
   * Deflated independently and ended with a full flush (an empty stored block, no final bit, nothing
   * referring back), pieces of a deflate stream may follow one another: a gzip member is then a header,
   * the pieces, an empty final block, and the CRC-32 and length of the whole text. The whole text's CRC-32
   * is combined from the runs' kept ones. zlib.crc32 came with Node 20.15; without it, null (gzip it whole).
   */
  const gzipPieces = (threads: readonly object[]): Uint8Array<ArrayBuffer> | null => {
    const crc32 = (zlib as { crc32?: Crc32 }).crc32;
    if (typeof crc32 !== "function") return null;
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
  };

  const bodyOf = (threads: readonly object[]): SharedBody => {
    let bytes: Uint8Array<ArrayBuffer> | undefined;
    let zipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
    const plain = () => (bytes ??= bytesOf(threads));
    // The fastest level: on loopback or a LAN the few extra bytes cost less than the CPU level 6 spends.
    const zipWhole = () => gzipAsync(plain(), { level: constants.Z_BEST_SPEED }).then((out) => new Uint8Array(out));
    return {
      bytes: plain,
      gzipped: () =>
        (zipped ??= (() => {
          const pieced = gzipPieces(threads);
          return pieced === null ? zipWhole() : Promise.resolve(pieced);
        })()),
    };
  };

  return {
    of(version: number | null, threads: readonly object[]): SharedBody {
      if (version === null) return bodyOf(threads);
      let body = bodies.get(version);
      if (body === undefined) {
        if (bodies.size >= KEPT_VERSIONS) bodies.delete(bodies.keys().next().value!);
        bodies.set(version, (body = bodyOf(threads)));
      }
      return body;
    },
  };
}

function sameMembers(a: readonly object[], b: readonly object[]): boolean {
  return a.length === b.length && a.every((thread, index) => thread === b[index]);
}

function deflatePiece(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(deflateRawSync(bytes, { level: constants.Z_BEST_SPEED, finishFlush: constants.Z_FULL_FLUSH }));
}

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
