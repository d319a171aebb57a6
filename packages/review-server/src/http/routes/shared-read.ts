import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

/** One serialized answer, shared by every reader that joined its computation; gzipped at most once. */
export interface SharedBody {
  readonly text: string;
  gzipped(): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * Lets concurrent identical reads share one computation and one serialized body. Fifty open panels
 * refreshing at once then cost one listing, one JSON.stringify and one gzip, not fifty: the load stays
 * that of a single reader. A read that arrives while an identical one is running joins it (its answer is
 * at most one computation old; the SSE events that follow every write bring panels up to date anyway);
 * once the computation ends it is forgotten, so nothing is served from a stale cache.
 * @example const body = await reads.run(`threads?${query}`, async () => JSON.stringify({ threads: await list() }));
 */
export function createSharedReads() {
  const running = new Map<string, Promise<SharedBody>>();
  return {
    run(key: string, compute: () => Promise<string>): Promise<SharedBody> {
      const current = running.get(key);
      if (current !== undefined) return current;
      const started = compute()
        .then((text): SharedBody => {
          let zipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
          return { text, gzipped: () => (zipped ??= gzipAsync(text).then((bytes) => new Uint8Array(bytes))) };
        })
        .finally(() => running.delete(key));
      running.set(key, started);
      return started;
    },
  };
}
