// Reviewer agents as the panel sees them: the runs, the models a run can take, and the severity filter.
import { createContext, createMemo, createSignal, useContext } from "solid-js";
import {
  findingOf,
  type ReviewClient,
  type ReviewerModels,
  type Run,
  type Severity,
  type Thread,
} from "../review-client.js";
import type { Notices } from "./notices.js";

export type Reviewer = ReturnType<typeof createReviewer>;
export type SeverityFilter = "all" | Severity;

export const SEVERITY_ORDER: readonly Severity[] = ["blocker", "major", "minor", "nit"];

/**
 * The reviewer slice: runs kept live from HTTP answers and `run` events, start and cancel, the model to
 * ask for, and which findings the diff shows (by severity; other threads always show).
 * @example const reviewer = createReviewer(api, notices); await reviewer.load(); await reviewer.start();
 */
export function createReviewer(client: ReviewClient, notices: Notices) {
  const [runs, setRuns] = createSignal<readonly Run[]>([]);
  const [models, setModels] = createSignal<ReviewerModels | null>(null);
  const [model, setModel] = createSignal<string>("");
  const [severity, setSeverity] = createSignal<SeverityFilter>("all");
  const [starting, setStarting] = createSignal(false);

  // A run only moves forward, but its news comes two ways: `run` events, and the answer to the request
  // that started (or cancelled) it. Under load that answer can arrive after the events of the run's end,
  // and must not put a finished run back to `pending` (the bar would wait for an end already past).
  // The listing that `load` reads is a third way, and as late as either: it is merged run by run.
  const upsert = (run: Run) => setRuns((list) => newestStates(list, [run]));
  const latest = createMemo(() => runs()[0] ?? null);
  const latestReleased = createMemo(() => runs().find((r) => r.status === "completed") ?? null);

  async function load(): Promise<void> {
    const [listed, known] = await Promise.all([client.runs(), client.reviewerModels()]);
    if (listed.ok) setRuns((list) => newestStates(list, listed.value.runs));
    else notices.report(listed.error);
    if (known.ok) {
      setModels(known.value);
      if (model() === "") setModel(known.value.default ?? known.value.models[0] ?? "");
    }
  }

  return {
    runs,
    latest,
    latestReleased,
    models,
    model,
    setModel,
    severity,
    setSeverity,
    starting,
    upsert,
    load,
    /** A run is going now (only one per session). */
    live: () => latest()?.status === "pending" || latest()?.status === "running",
    /** Whether the diff shows this thread under the severity filter. */
    shows: (thread: Thread) => {
      const finding = findingOf(thread);
      return finding === null || severity() === "all" || finding.severity === severity();
    },
    start: async (): Promise<boolean> => {
      if (starting()) return false;
      setStarting(true);
      const outcome = await client.startRun(model() || undefined);
      setStarting(false);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      upsert(outcome.value.run);
      return true;
    },
    cancel: async (id: string): Promise<boolean> => {
      const outcome = await client.cancelRun(id);
      if (!outcome.ok) return (notices.report(outcome.error), false);
      upsert(outcome.value.run);
      return true;
    },
  };
}

/** The runs of `kept` and `news` together, each in its newest state known, newest run first. */
function newestStates(kept: readonly Run[], news: readonly Run[]): readonly Run[] {
  const byId = new Map(kept.map((r) => [r.id, r]));
  let changed = false;
  for (const run of news) {
    const known = byId.get(run.id);
    if (known !== undefined && (known === run || isOlder(run, known))) continue;
    byId.set(run.id, run);
    changed = true;
  }
  if (!changed) return kept;
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

const STAGE: Readonly<Record<Run["status"], number>> = {
  pending: 0,
  running: 1,
  completed: 2,
  failed: 2,
  cancelled: 2,
};

/**
 * Whether `run` is an earlier state of the run than `kept`: an earlier stage, or running with fewer findings.
 * @example isOlder({ ...run, status: "pending" }, { ...run, status: "completed" }) // true
 */
export function isOlder(run: Run, kept: Run): boolean {
  const [was, is] = [STAGE[run.status], STAGE[kept.status]];
  return was < is || (was === is && run.status === "running" && run.findings < kept.findings);
}

export const ReviewerContext = createContext<Reviewer>();

/** The reviewer slice of the enclosing panel. */
export function useReviewer(): Reviewer {
  const value = useContext(ReviewerContext);
  if (!value) throw new Error("useReviewer outside ReviewerContext");
  return value;
}
