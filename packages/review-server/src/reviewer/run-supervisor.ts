import { ReviewError, type Run } from "@opencode-review/core";
import type { ContextOperations, ReleaseOperations, ReviewerOperations } from "../service/index.js";
import { LIVE_RUN_STATUSES, runBySession, runsByBranch } from "../store/index.js";
import type { ReviewerLauncher } from "./reviewer-launcher.js";
import { NUDGE_TEXT, runPrompt } from "./run-prompt.js";

/** How long a run may take before it is aborted as failed. */
export const RUN_TIMEOUT_MS = 10 * 60_000;

export interface RunSupervisorOptions {
  readonly service: ContextOperations & ReviewerOperations & ReleaseOperations;
  /** null: no opencode here (or `reviewer: false`); `because` says why, for the refusal. */
  readonly launcher: ReviewerLauncher | null;
  readonly because?: string;
  /** `reviewer.model` from the plugin options. */
  readonly model?: string;
  readonly timeoutMs?: number;
  readonly reportError?: (error: unknown) => void;
}

export type RunSupervisor = ReturnType<typeof createRunSupervisor>;

/**
 * Starts review runs and follows each one through its child session's events: `running` until the
 * reviewer releases (`completed`); idle without a release is nudged once, then `failed`; a session error
 * or the timeout aborts it as `failed` with the reason; cancel aborts it as `cancelled`.
 * @example const runs = createRunSupervisor({ service, launcher }); await runs.start({});
 */
export function createRunSupervisor(options: RunSupervisorOptions) {
  const { service, launcher } = options;
  const timeoutMs = options.timeoutMs ?? RUN_TIMEOUT_MS;
  const reportError = options.reportError ?? (() => {});
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const stopTimer = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const abortQuietly = (sessionId: string | null) => {
    if (sessionId !== null && launcher !== null) void launcher.abort(sessionId).catch(reportError);
  };
  const fail = async (id: string, error: string, sessionId: string | null) => {
    stopTimer(id);
    const row = await service.changeRun(id, { status: "failed", error }, LIVE_RUN_STATUSES);
    if (row !== undefined) abortQuietly(sessionId);
  };
  const runOfSession = async (sessionId: string) => {
    const row = await runBySession(service.context.db, sessionId);
    return row !== undefined && row.status === "running" ? row : undefined;
  };

  return {
    /**
     * Starts a run of `sessionId` (default: the session a release would go to) with `model` (default: the
     * plugin's `reviewer.model`, else opencode's model), or answers that session's live run.
     */
    async start(input: {
      readonly model?: string;
      readonly sessionId?: string;
    }): Promise<{ readonly run: Run; readonly existing: boolean }> {
      if (launcher === null)
        throw new ReviewError(
          "conflict",
          options.because ?? "AI review runs need opencode: open the panel from the opencode plugin.",
        );
      const parentSessionId = input.sessionId ?? (await service.pendingReview()).session?.id;
      if (parentSessionId === undefined) {
        throw new ReviewError(
          "conflict",
          "There is no agent session to review yet: start one in opencode, or give sessionId.",
        );
      }
      const model = input.model ?? options.model ?? (await launcher.defaultModel());
      if (model === null || !model.includes("/")) {
        throw new ReviewError(
          "invalid_input",
          'No model for the review: give model ("provider/model"), or set reviewer.model in the plugin options.',
        );
      }
      const { run, existing } = await service.recordRun({ parentSessionId, model });
      if (existing) return { run: await service.runJson(run), existing };

      const repo = await service.repository();
      const earlier = (await runsByBranch(service.context.db, repo.branchKey, ["completed"])).find(
        (r) => r.parent_session_id === parentSessionId,
      );
      const ordinal = (await service.runJson(run)).round.ordinal;
      const since = earlier === undefined ? null : (await service.runJson(earlier)).round.ordinal;
      let sessionId: string | null = null;
      try {
        sessionId = await launcher.createSession({ parentSessionId, title: `Review of round ${ordinal}` });
        const running = await service.changeRun(run.id, { status: "running", session_id: sessionId }, ["pending"]);
        if (running === undefined) return { run: await service.runJson(await service.getRun(run.id)), existing: false };
        const timer = setTimeout(
          () => void fail(run.id, `timed out after ${describeDuration(timeoutMs)}`, sessionId).catch(reportError),
          timeoutMs,
        );
        (timer as { unref?: () => void }).unref?.();
        timers.set(run.id, timer);
        await launcher.prompt({
          sessionId,
          model,
          text: runPrompt({ ordinal, since: since !== null && since < ordinal ? since : null }),
        });
      } catch (error) {
        await fail(run.id, error instanceof Error ? error.message : String(error), sessionId);
      }
      return { run: await service.runJson(await service.getRun(run.id)), existing: false };
    },

    /** The models a run can take, and the one it takes when none is asked for (null: none known, or no opencode). */
    async models(): Promise<{
      readonly models: readonly string[];
      readonly default: string | null;
      readonly available: boolean;
    }> {
      if (launcher === null) return { models: [], default: null, available: false };
      const [models, fallback] = await Promise.all([
        launcher.models().catch(() => []),
        launcher.defaultModel().catch(() => null),
      ]);
      return { models, default: options.model ?? fallback, available: true };
    },

    /** Aborts a live run: it reads `cancelled`, and its reviewer's later calls are refused. */
    async cancel(id: string): Promise<Run> {
      const row = await service.getRun(id);
      if (!LIVE_RUN_STATUSES.includes(row.status)) {
        throw new ReviewError(
          "conflict",
          `Review run ${id} is already ${row.status}; only a pending or running run can be cancelled.`,
        );
      }
      stopTimer(id);
      const cancelled = await service.changeRun(
        id,
        { status: "cancelled", error: "cancelled by the person" },
        LIVE_RUN_STATUSES,
      );
      if (cancelled !== undefined) abortQuietly(row.session_id);
      return service.runJson(await service.getRun(id));
    },

    /** The child went idle: finished when released; nudged once when not; failed the second time. */
    async sessionIdle(sessionId: string): Promise<void> {
      const run = await runOfSession(sessionId);
      if (run === undefined) return;
      if (run.nudged === 0 && launcher !== null) {
        const nudged = await service.changeRun(run.id, { nudged: 1 }, ["running"]);
        if (nudged !== undefined)
          await launcher
            .prompt({ sessionId, model: run.model, text: NUDGE_TEXT })
            .catch((e: unknown) => fail(run.id, String(e), sessionId));
        return;
      }
      await fail(run.id, "ended without a release", null);
    },

    /** The child's turn failed (the model errored, or opencode gave up): the run fails with the reason. */
    async sessionError(sessionId: string, message: string): Promise<void> {
      const run = await runOfSession(sessionId);
      if (run === undefined) return;
      await fail(run.id, message, sessionId);
    },

    /** Stops the timers (the runs still live read cancelled at the next start). */
    close(): void {
      for (const id of [...timers.keys()]) stopTimer(id);
    },
  };
}

function describeDuration(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`;
}
