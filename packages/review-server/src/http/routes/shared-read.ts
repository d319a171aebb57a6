import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

/** One serialized answer, shared by every reader of the same answer version; each form made at most once. */
export interface SharedBody {
  /** The answer as UTF-8 JSON. */
  bytes(): Uint8Array<ArrayBuffer>;
  gzipped(): Promise<Uint8Array<ArrayBuffer>>;
}

/** Versions whose bodies are kept: readers of a listing ask within moments of each other, so a few suffice. */
const KEPT_VERSIONS = 16;

/**
 * One serialized body per answer version: the service numbers each listing it computes (the same version
 * is the same threads), so the panels that read a listing after a reply share one serialization and one
 * gzip (without it the review session cost the server 1.6x the CPU); a new version gets a new body. A null
 * version (an answer not kept) is serialized for its reader alone. Made per app, never shared between apps.
 * Keeping each thread's encoded JSON and gzipping from kept deflated runs bought 16% more (issue 14), not
 * enough for the 240 lines and the CRC-32 arithmetic they took.
 * @example const body = bodies.of(listing.version, () => JSON.stringify({ threads: listing.threads }));
 */
export function createSharedBodies() {
  const bodies = new Map<number, SharedBody>();
  return {
    of(version: number | null, serialize: () => string): SharedBody {
      if (version === null) return sharedBody(serialize);
      let body = bodies.get(version);
      if (body === undefined) {
        if (bodies.size >= KEPT_VERSIONS) bodies.delete(bodies.keys().next().value!);
        bodies.set(version, (body = sharedBody(serialize)));
      }
      return body;
    },
  };
}

/** A body serialized at most once and gzipped at most once, each when some reader first asks for it. */
function sharedBody(serialize: () => string): SharedBody {
  let bytes: Uint8Array<ArrayBuffer> | undefined;
  let zipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
  const plain = () => (bytes ??= new TextEncoder().encode(serialize()) as Uint8Array<ArrayBuffer>);
  return {
    bytes: plain,
    // The fastest level: a listing is gzipped after every write, and on loopback or a LAN the few extra
    // bytes cost less than the CPU level 6 spends.
    gzipped: () => (zipped ??= gzipAsync(plain(), { level: constants.Z_BEST_SPEED }).then((out) => new Uint8Array(out))),
  };
}
