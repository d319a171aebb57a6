import type { Hooks } from "@opencode-ai/plugin";
import type { RunSupervisor } from "../reviewer/run-supervisor.js";
import type { PluginNotice } from "./plugin-notice.js";

type EventHook = NonNullable<Hooks["event"]>;

/**
 * Hands the run supervisor the events of reviewer sessions: idle (finished, or stopped without a
 * release) and errors (the model failed). Sessions that are no run's are ignored there. Not awaited by
 * opencode, so failures go to the log.
 * @example const hook = reviewerEventsHook(() => started.then((s) => s.runs), notice);
 */
export function reviewerEventsHook(runs: () => Promise<RunSupervisor>, notice: PluginNotice): EventHook {
  const report = (error: unknown) =>
    notice.log(
      "error",
      `opencode-review could not follow a review run: ${error instanceof Error ? error.message : String(error)}`,
    );
  // No server (not a git repository): already said once at start-up.
  const supervisor = () => runs().catch(() => null);
  return async ({ event }) => {
    if (event.type === "session.idle") {
      const sessionId = event.properties.sessionID;
      void supervisor()
        .then((found) => found?.sessionIdle(sessionId))
        .catch(report);
    } else if (event.type === "session.error") {
      const { sessionID, error } = event.properties;
      if (sessionID === undefined) return;
      const data = (error as { data?: { message?: unknown } } | undefined)?.data;
      const message =
        typeof data?.message === "string" && data.message !== ""
          ? data.message
          : (error?.name ?? "the reviewer's session failed");
      void supervisor()
        .then((found) => found?.sessionError(sessionID, message))
        .catch(report);
    }
  };
}
