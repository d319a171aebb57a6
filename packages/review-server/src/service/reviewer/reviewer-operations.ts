import { runBySession, type RunRow } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";
import { listFindings } from "./list-findings.js";
import { pinFinding } from "./pin-finding.js";
import { releaseRun } from "./release-run.js";
import { fileInDiff, renderRunDiff, runDiffFiles } from "./run-diff.js";
import { runJson } from "./run-json.js";
import { callerRun, changeRun, getRun, listRuns, recordRun, sweepInterruptedRuns } from "./runs.js";
import { acceptFinding, markFindingSeen, reopenFinding, setFindingStatus } from "./triage-finding.js";

/**
 * Reviewer agents: their runs (driven by the run supervisor) and the findings they release, as the person triages them.
 * @example await reviewerOperations(ctx).listFindings();
 */
export function reviewerOperations(ctx: ServiceContext) {
  return {
    recordRun: (input: Parameters<typeof recordRun>[1]) => recordRun(ctx, input),
    changeRun: (id: string, patch: Parameters<typeof changeRun>[2], from: Parameters<typeof changeRun>[3]) =>
      changeRun(ctx, id, patch, from),
    getRun: (id: string) => getRun(ctx, id),
    runJson: (row: RunRow) => runJson(ctx, row),
    listRuns: () => listRuns(ctx),
    sweepInterruptedRuns: () => sweepInterruptedRuns(ctx),
    callerRun: (sessionId: string, tool: string) => callerRun(ctx, sessionId, tool),
    runOfSession: (sessionId: string) => runBySession(ctx.db, sessionId),
    releasedRunOf: async (sessionId: string) => {
      const row = await runBySession(ctx.db, sessionId);
      return row?.status === "completed" ? row : undefined;
    },
    runDiff: async (run: RunRow, file?: string) => {
      const { round, files } = await runDiffFiles(ctx, await ctx.repository(), run);
      return renderRunDiff(file === undefined ? files : [fileInDiff(files, file, round.ordinal)], round.ordinal);
    },
    pinFinding: (run: RunRow, args: Parameters<typeof pinFinding>[2]) => pinFinding(ctx, run, args),
    releaseRun: (run: RunRow, args: Parameters<typeof releaseRun>[2]) => releaseRun(ctx, run, args),
    listFindings: (query?: Parameters<typeof listFindings>[1]) => listFindings(ctx, query),
    acceptFinding: (id: string, input: Parameters<typeof acceptFinding>[2]) => acceptFinding(ctx, id, input),
    dismissFinding: (id: string) => setFindingStatus(ctx, id, "dismissed"),
    resolveFinding: (id: string) => setFindingStatus(ctx, id, "resolved"),
    reopenFinding: (id: string) => reopenFinding(ctx, id),
    markFindingSeen: (id: string) => markFindingSeen(ctx, id),
  };
}

export type ReviewerOperations = ReturnType<typeof reviewerOperations>;
