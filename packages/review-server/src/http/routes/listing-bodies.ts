const encoder = new TextEncoder();

/** Versions whose bodies are kept: readers of a listing ask within moments of each other, so a few suffice. */
const KEPT_VERSIONS = 16;

/**
 * Listing bodies for one app. The service numbers each listing it keeps (the same version is the same
 * threads), so the panels reading a listing after a reply share one body, serialized once: serialized per
 * reader, a kept listing of 500 threads took twice as long to read on a loaded machine (bench/listing-encoding).
 * A null version (a listing not kept) is serialized for its reader alone. Plain JSON, never gzipped: on
 * loopback gzip saved 0.6 ms of a 6 ms read and cost 0.4 ms on the first read after a reply.
 * @example c.body(bodies.of(listing.version, listing.threads), 200, { "content-type": "application/json" })
 */
export function createSharedBodies() {
  const bodies = new Map<number, Uint8Array<ArrayBuffer>>();
  const bodyOf = (threads: readonly object[]) => encoder.encode(JSON.stringify({ threads }));
  return {
    of(version: number | null, threads: readonly object[]): Uint8Array<ArrayBuffer> {
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
