import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { EventBus } from "../../events/event-bus.js";
import { eventPayload } from "../../events/review-event.js";

export interface EventsRouteOptions {
  /** How often an idle stream gets a comment line, so proxies and idle timers keep it open. */
  readonly heartbeatMs?: number;
}

/**
 * `GET /events`: Server-Sent Events `thread`, `review` and `round`, each with the changed object as
 * JSON `data`. The stream opens with a `: connected` comment, written once the listener is attached,
 * so a client that has read it will not miss an event published afterwards.
 * @example api.route("/", eventsRoute(bus))
 */
export function eventsRoute(bus: EventBus, options: EventsRouteOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  return new Hono().get("/events", (c) =>
    streamSSE(c, async (stream) => {
      let finish = (): void => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      // Either sign of a gone client ends the stream: the response being cancelled, or the request aborted.
      stream.onAbort(() => finish());
      c.req.raw.signal.addEventListener("abort", () => finish(), { once: true });

      const unsubscribe = bus.subscribe((event) => {
        // Writes queue on the stream in call order; a failed write means the client left, which onAbort handles.
        void stream.writeSSE({ event: event.type, data: JSON.stringify(eventPayload(event)) });
      });
      const heartbeat = setInterval(() => void stream.write(": heartbeat\n\n"), heartbeatMs);
      try {
        await stream.write(": connected\n\n");
        if (!stream.aborted && !c.req.raw.signal.aborted) await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
      }
    }),
  );
}
