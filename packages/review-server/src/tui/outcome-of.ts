// The terminal adapter's half of the panel's one error convention: a service call that throws becomes the
// same `Outcome` the web panel's HTTP client answers, with the status and code the HTTP layer would give.
import type { Thread } from "@opencode-review/core";
import type { Outcome, ServerEvent } from "@opencode-review/panel/client";
import type { ReviewEvent } from "../events/review-event.js";
import { errorResponse } from "../http/error-response.js";

/**
 * Runs a service call, its refusal a value: `{ ok: false, error: { status, code, message } }` as HTTP answers it.
 * @example await outcomeOf(() => service.resolve("t_nope")) // { ok: false, error: { status: 404, code: "not_found", message: "…" } }
 */
export async function outcomeOf<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    const { status, body, unexpected } = errorResponse(error);
    // The HTTP layer keeps an unexpected error's words for its log; in the terminal the person is the log.
    const message = unexpected && error instanceof Error && error.message ? error.message : body.error.message;
    const kept = body.error.details?.kept;
    return {
      ok: false,
      error: { status, code: body.error.code, message, ...(typeof kept === "string" ? { kept } : {}) },
    };
  }
}

/**
 * A change-log event as the panel's live changes carry it (the web reads the same from `GET /api/events`).
 * @example panelEvent({ type: "viewed", marks: { branch: "main" } }) // { type: "viewed" }
 */
export function panelEvent(event: ReviewEvent): ServerEvent {
  switch (event.type) {
    case "thread":
      // A finding travels as a thread (origin "reviewer"), as on the event stream.
      return { type: "thread", thread: event.thread as unknown as Thread };
    case "review":
      return { type: "review", review: event.review };
    case "round":
      return { type: "round", round: event.round };
    case "run":
      return { type: "run", run: event.run };
    case "worktree":
      return { type: "worktree", paths: event.worktree.paths };
    case "viewed":
      return { type: "viewed" };
    case "base":
      return { type: "base" };
    case "change":
      return { type: "change" };
    case "branch":
      return { type: "branch", branch: event.branch };
    case "tour":
      return { type: "tour", tour: event.tour };
  }
}
