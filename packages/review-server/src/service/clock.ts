// The service's one clock: every time it stamps (threads, messages, findings, releases, rounds, sessions,
// marks) comes from the clock the composition root passes in, so a test can fix it and a stamp never
// disagrees with another written in the same change. Timeouts and measurements keep their own timers.

/** ISO 8601 time of "now", as the service stamps it. */
export type Clock = () => string;

/** The wall clock, for the composition roots (plugin, serve, MCP, CLI, the terminal half). */
export const systemClock: Clock = () => new Date().toISOString();

/**
 * A clock that always answers `at`, for tests that check what was stamped.
 * @example createReviewService({ dir, store, bus, delivery, now: fixedClock("2026-01-02T03:04:05.000Z") })
 */
export function fixedClock(at: string): Clock {
  return () => at;
}
