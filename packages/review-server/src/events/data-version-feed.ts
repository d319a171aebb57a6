import { sql, type Kysely } from "kysely";
import type { Database } from "../store/index.js";
import type { EventFeed } from "./event-bus.js";
import type { ReviewEvent } from "./review-event.js";

/**
 * What changed in the store since the last look, as events. The feed calls `mark` when it starts
 * (what is there now counts as seen) and `collect` each time another connection has committed.
 */
export interface StoreChanges {
  mark(): Promise<void>;
  collect(): Promise<readonly ReviewEvent[]>;
}

export interface DataVersionFeedOptions {
  readonly db: Kysely<Database>;
  /** Made at each start: the feed starts once per branch heard, and each keeps its own place in the store. */
  readonly changes: () => StoreChanges;
  /** How often to read the counter while someone listens; default 1000 ms. */
  readonly intervalMs?: number;
  /** Told when a look fails (the store closing under it, mostly); the feed keeps polling. */
  readonly onError?: (error: unknown) => void;
}

/**
 * SQLite's `PRAGMA data_version` for this connection: it changes exactly when ANOTHER connection
 * (another opencode process on the same file) commits, never for this one's own writes.
 * @example const version = await readDataVersion(store.db)
 */
export async function readDataVersion(db: Kysely<Database>): Promise<number> {
  const result = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
  return Number(result.rows[0]?.data_version ?? 0);
}

/**
 * A feed that polls `PRAGMA data_version` while a panel listens and, when another process has
 * committed, publishes what `changes` finds. Reading the counter is a few microseconds and touches
 * no table, so polling every second costs nothing measurable; writes of this process never trigger it.
 * @example createEventBus({ branchFeeds: [dataVersionFeed({ db: store.db, changes: () => storeChanges(service) })] })
 */
export function dataVersionFeed(options: DataVersionFeedOptions): EventFeed {
  const intervalMs = options.intervalMs ?? 1000;
  const report = options.onError ?? (() => {});
  return {
    start(publish) {
      let stopped = false;
      let busy = false;
      let seen: number | null = null;
      const changes = options.changes();

      const look = async (): Promise<void> => {
        if (seen === null) {
          // The baseline first, then mark: a commit between the two is collected by the next look.
          const version = await readDataVersion(options.db);
          await changes.mark();
          seen = version;
          return;
        }
        const version = await readDataVersion(options.db);
        if (version === seen) return;
        seen = version;
        const events = await changes.collect();
        if (stopped) return;
        for (const event of events) publish(event);
      };

      // Ticks never overlap: a slow look (git under load) skips the ticks that come while it runs.
      const tick = (): void => {
        if (busy || stopped) return;
        busy = true;
        look()
          .catch((error: unknown) => {
            if (!stopped) report(error);
          })
          .finally(() => {
            busy = false;
          });
      };
      tick();
      const timer = setInterval(tick, intervalMs);
      // A panel left open must not keep a CLI or test process alive.
      (timer as { unref?: () => void }).unref?.();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}
