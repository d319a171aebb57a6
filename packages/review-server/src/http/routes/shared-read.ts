import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

/** One serialized answer, shared by every reader of the same answer object; gzipped at most once. */
export interface SharedBody {
  readonly text: string;
  gzipped(): Promise<Uint8Array<ArrayBuffer>>;
}

/** A body serialized once, gzipped at most once when some reader asks for it. */
function sharedBody(text: string): SharedBody {
  let zipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
  // The fastest level: a listing is gzipped after every write under load, and on loopback or a LAN the
  // few extra bytes cost less than the CPU level 6 spends.
  return { text, gzipped: () => (zipped ??= gzipAsync(text, { level: constants.Z_BEST_SPEED }).then((bytes) => new Uint8Array(bytes))) };
}

/**
 * One serialized body per answer object: the service hands out the same object while the answer holds
 * (a memoized listing), so every reader of it shares one JSON.stringify and one gzip; a new answer object
 * gets a new body, and a dropped one takes its body with it (weakly held).
 * @example const body = bodies.of(threads, () => JSON.stringify({ threads }));
 */
export function createSharedBodies() {
  const bodies = new WeakMap<object, SharedBody>();
  return {
    of(answer: object, serialize: () => string): SharedBody {
      let body = bodies.get(answer);
      if (body === undefined) bodies.set(answer, (body = sharedBody(serialize())));
      return body;
    },
  };
}

/**
 * `JSON.stringify({ threads })`, built from each thread's own JSON, kept per thread object: a listing
 * patched after a reply holds the same objects for every thread but the one replied to, so only that
 * one is serialized again.
 * @example threadsJsonText(threads) // '{"threads":[{"id":"thr_…",…}]}'
 */
export function threadsJsonText(threads: readonly object[]): string {
  const parts = threads.map((thread) => {
    let text = threadTexts.get(thread);
    if (text === undefined) threadTexts.set(thread, (text = JSON.stringify(thread)));
    return text;
  });
  return `{"threads":[${parts.join(",")}]}`;
}

const threadTexts = new WeakMap<object, string>();
