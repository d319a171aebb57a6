// Test helpers over the terminal adapter's answers: the value of an Outcome (a refusal fails the test
// with its reason), and one read of the change log summed up as which kinds of things changed.
import type { Run } from "@opencode-review/core";
import type { Outcome, ServerEvent } from "@opencode-review/panel/client";

/**
 * The value of an answer; a refusal throws with its code and reason, so `rejects` still reads it.
 * @example const files = (await outcomeValue(backend.diff(range))).files
 */
export async function outcomeValue<T>(answer: Promise<Outcome<T>>): Promise<T> {
  const outcome = await answer;
  if (outcome.ok) return outcome.value;
  throw Object.assign(new Error(outcome.error.message), { code: outcome.error.code, status: outcome.error.status });
}

/**
 * What one read of the change log says changed: threads (a release too), rounds, viewed marks, the branch's
 * base, and the newest reviewer run that moved (or null).
 * @example changesOf(await outcomeValue(backend.readChanges())) // { threads: true, rounds: false, run: null, viewed: false, bases: false }
 */
export function changesOf(events: readonly ServerEvent[]) {
  const runs = events.flatMap((e) => (e.type === "run" ? [e.run] : []));
  return {
    threads: events.some((e) => e.type === "thread" || e.type === "review"),
    rounds: events.some((e) => e.type === "round"),
    viewed: events.some((e) => e.type === "viewed"),
    bases: events.some((e) => e.type === "base"),
    run: runs.reduce<Run | null>(
      (newest, run) => (newest === null || run.createdAt >= newest.createdAt ? run : newest),
      null,
    ),
  };
}
