import { tool, type ToolDefinition } from "@opencode-ai/plugin";
import {
  describePlace,
  reviewCommentArgs,
  reviewCommentArgsSchema,
  reviewDiffArgs,
  reviewDiffArgsSchema,
  reviewReleaseArgs,
  reviewReleaseArgsSchema,
} from "@opencode-review/core";
import { parseToolArgs } from "./parse-tool-args.js";
import {
  REVIEW_COMMENT_DESCRIPTION,
  REVIEW_DIFF_DESCRIPTION,
  REVIEW_RELEASE_DESCRIPTION,
} from "./reviewer-tools.description.js";
import type { ReviewerOperations } from "../service/index.js";
import type { ServiceSource } from "./service-source.js";

export type ReviewerToolName = "review_diff" | "review_comment" | "review_release";
export const REVIEWER_TOOL_NAMES: readonly ReviewerToolName[] = ["review_diff", "review_comment", "review_release"];

/**
 * The reviewer agent's three tools. Authority comes from the run, not the agent's name: each call's
 * session must be the reviewer session of a live run, checked before its arguments are even read.
 * @example hooks.tool = { ...createReviewerTools(source) };
 */
export function createReviewerTools(
  source: ServiceSource<ReviewerOperations>,
): Readonly<Record<ReviewerToolName, ToolDefinition>> {
  return {
    review_diff: tool({
      description: REVIEW_DIFF_DESCRIPTION,
      args: reviewDiffArgs,
      async execute(raw, context) {
        const service = await source();
        const run = await service.callerRun(context.sessionID, "review_diff");
        const args = parseToolArgs(reviewDiffArgsSchema, raw);
        const output = await service.runDiff(run, args.file);
        return {
          title: args.file === undefined ? "The change under review" : `Diff of ${args.file}`,
          output,
          metadata: { run: { id: run.id } },
        };
      },
    }),
    review_comment: tool({
      description: REVIEW_COMMENT_DESCRIPTION,
      args: reviewCommentArgs,
      async execute(raw, context) {
        const service = await source();
        const run = await service.callerRun(context.sessionID, "review_comment");
        const args = parseToolArgs(reviewCommentArgsSchema, raw);
        const { finding, stored } = await service.pinFinding(run, args);
        const place = describePlace({
          file: finding.file,
          side: finding.side,
          start: finding.start_line,
          end: finding.end_line,
          anchor: { state: "current", start: finding.start_line, end: finding.end_line },
        });
        return {
          title: `${finding.severity} on ${place}`,
          output: stored
            ? `Pinned finding ${finding.id} (${finding.severity}) on ${place}. It is shown to the person when you call review_release.`
            : `Finding ${finding.id} on ${place} was already pinned; nothing new was stored.`,
          metadata: {
            finding: {
              id: finding.id,
              severity: finding.severity,
              file: finding.file,
              start: finding.start_line,
              end: finding.end_line,
            },
            stored,
          },
        };
      },
    }),
    review_release: tool({
      description: REVIEW_RELEASE_DESCRIPTION,
      args: reviewReleaseArgs,
      async execute(raw, context) {
        const service = await source();
        // A repeat returns the first result: a completed run of this session answers with itself.
        const done = await service.releasedRunOf(context.sessionID);
        const run = done ?? (await service.callerRun(context.sessionID, "review_release"));
        const args = parseToolArgs(reviewReleaseArgsSchema, raw);
        const released = done === undefined ? await service.releaseRun(run, args) : await service.runJson(done);
        return {
          title: `Review released: ${released.verdict}`,
          output: `${done === undefined ? "Released" : "Already released"}: ${released.findings} finding${released.findings === 1 ? "" : "s"} and your summary are with the person (verdict ${released.verdict}). Your review is done; stop here.`,
          metadata: { run: released },
        };
      },
    }),
  };
}
