/**
 * Lets concurrent identical reads share one computation and one serialized body. Fifty open panels
 * refreshing at once then cost one listing and one JSON.stringify, not fifty: the load stays that of a
 * single reader. A read that arrives while an identical one is running joins it (its answer is at most
 * one computation old; the SSE events that follow every write bring panels up to date anyway); once the
 * computation ends it is forgotten, so nothing is served from a stale cache.
 * @example const body = await reads.run(`threads?${query}`, async () => JSON.stringify({ threads: await list() }));
 */
export function createSharedReads() {
  const running = new Map<string, Promise<string>>();
  return {
    run(key: string, compute: () => Promise<string>): Promise<string> {
      const current = running.get(key);
      if (current !== undefined) return current;
      const started = compute().finally(() => running.delete(key));
      running.set(key, started);
      return started;
    },
  };
}
