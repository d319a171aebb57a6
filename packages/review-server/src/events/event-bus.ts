import { currentBranchScope, outsideBranchScope } from "../service/branches/branch-scope.js";
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
  readonly feeds?: readonly EventFeed[];
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
  let stopFeeds: readonly (() => void)[] = [];

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

  return {
    publish,
    subscribe(listener) {
      // Wrapped so the same function can subscribe twice and each subscription stays separate.
      const mine = currentBranchScope()?.branch ?? null;
      const entry = (event: ReviewEvent, branch: string | null) => {
        if (event.type === "branch" || branch === mine) listener(event);
      };
      listeners.add(entry);
      // Outside the subscriber's scope: the feeds speak for the service's own branch, whoever listened first.
      if (listeners.size === 1 && feeds.length > 0)
        stopFeeds = outsideBranchScope(() => feeds.map((feed) => feed.start(publish)));
      return () => {
        if (!listeners.delete(entry)) return;
        if (listeners.size === 0) {
          for (const stop of stopFeeds) stop();
          stopFeeds = [];
        }
      };
    },
    listenerCount: () => listeners.size,
  };
}
