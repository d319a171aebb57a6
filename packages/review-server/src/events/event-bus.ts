import {
  currentBranchScope,
  inBranchScope,
  outsideBranchScope,
  type BranchScope,
} from "../service/branches/branch-scope.js";
import type { ReviewEvent } from "./review-event.js";

export type ReviewEventListener = (event: ReviewEvent) => void;

/**
 * Changes made outside this process. Several opencode processes share one store, so each process
 * needs a way to hear about the others' writes; a feed is that way (for example a poll of a change
 * counter in SQLite that publishes the threads changed since the last look). The bus starts a feed
 * when its first listener arrives and stops it when the last one leaves, so nobody polls while no
 * panel is open. A feed must not republish changes this process already published.
 */
export interface EventFeed {
  /** Begins watching; returns the function that stops watching. */
  start(publish: (event: ReviewEvent) => void): () => void;
}

export interface EventBus {
  /** Hands the event to every current listener, in subscription order. */
  publish(event: ReviewEvent): void;
  /** Adds a listener; the returned function removes it and is safe to call twice. */
  subscribe(listener: ReviewEventListener): () => void;
  /** How many listeners are attached now (open SSE streams, mostly). */
  listenerCount(): number;
}

export interface EventBusOptions {
  /** Feeds for the whole repository (the branch list): one start while anyone listens, outside any branch scope. */
  readonly feeds?: readonly EventFeed[];
  /**
   * Feeds that speak for one branch (another process's writes on it): started, in the branch's scope, for each
   * branch some listener hears (the server's own too), and stopped when that branch's last listener leaves.
   * So a panel open on `branch=B` hears what the opencode working in B's work tree writes.
   */
  readonly branchFeeds?: readonly EventFeed[];
  /** Told when a listener throws; the other listeners still get the event. */
  readonly onListenerError?: (error: unknown) => void;
}

/**
 * Creates the in-process bus the service publishes to and `GET /api/events` streams from.
 * @example const bus = createEventBus(); const stop = bus.subscribe((e) => console.log(e.type)); bus.publish({ type: "round", round })
 */
export function createEventBus(options: EventBusOptions = {}): EventBus {
  // Each listener hears its own branch's events (a panel opened with branch= hears that branch's), and every
  // `branch` event: the branch an event is about is the scope it was published in (see BranchScope).
  const listeners = new Set<(event: ReviewEvent, branch: string | null) => void>();
  const feeds = options.feeds ?? [];
  const branchFeeds = options.branchFeeds ?? [];
  let stopFeeds: readonly (() => void)[] = [];
  // Per branch heard (null: the server's own): how many listen, and how to stop its feeds.
  const heard = new Map<string | null, { count: number; readonly stop: readonly (() => void)[] }>();

  const publish = (event: ReviewEvent): void => {
    // A copy, so a listener that unsubscribes (or subscribes) while being called does not skip anyone.
    const branch = currentBranchScope()?.branch ?? null;
    for (const listener of [...listeners]) {
      try {
        listener(event, branch);
      } catch (error) {
        options.onListenerError?.(error);
      }
    }
  };
  // A branch's feeds run in its scope (what they read and publish is that branch's); the own branch's outside any.
  const startBranchFeeds = (scope: BranchScope | undefined) => {
    const start = () => branchFeeds.map((feed) => feed.start(publish));
    return scope === undefined ? outsideBranchScope(start) : inBranchScope(scope, start);
  };

  return {
    publish,
    subscribe(listener) {
      // Wrapped so the same function can subscribe twice and each subscription stays separate.
      const scope = currentBranchScope();
      const mine = scope?.branch ?? null;
      const entry = (event: ReviewEvent, branch: string | null) => {
        if (event.type === "branch" || branch === mine) listener(event);
      };
      listeners.add(entry);
      // Outside the subscriber's scope: the feeds speak for the whole repository, whoever listened first.
      if (listeners.size === 1 && feeds.length > 0)
        stopFeeds = outsideBranchScope(() => feeds.map((feed) => feed.start(publish)));
      const known = heard.get(mine);
      if (known !== undefined) known.count += 1;
      else heard.set(mine, { count: 1, stop: startBranchFeeds(scope) });
      return () => {
        if (!listeners.delete(entry)) return;
        const branch = heard.get(mine);
        if (branch !== undefined && --branch.count === 0) {
          heard.delete(mine);
          for (const stop of branch.stop) stop();
        }
        if (listeners.size === 0) {
          for (const stop of stopFeeds) stop();
          stopFeeds = [];
        }
      };
    },
    listenerCount: () => listeners.size,
  };
}
