// The sentences above and in place of the terminal's diff: the header, the AI review's line, the
// deliveries that failed or wait for a session, and what shows when there is no diff (yet) to show. Plain
// text, no renderer: the view wraps and colours them.
import type { PastReview, Run } from "../state/review-client.js";
import type { ViewMode } from "../state/diff/diff-rows.js";
import { NO_SESSION_YET } from "../state/conversation/past-review-text.js";
import { presetLabel, type ReviewModel } from "./review-model.js";
import { KEEP } from "./wrap-words.js";

/**
 * The header: branch, files, round view, whose turn, drafts, viewed files and the layout, broken only between parts.
 * @example headerText(model, "main", "unified") // "Review · main · 2 files · all changes · 0 waiting on you · ..." (spaces kept within parts)
 */
export function headerText(
  model: Pick<ReviewModel, "counts" | "files" | "preset" | "viewed" | "range">,
  branch: string,
  view: ViewMode,
): string {
  const { waiting, drafts } = model.counts();
  const files = model.files().length;
  const parts = [
    "Review",
    branch,
    `${files} file${files === 1 ? "" : "s"}`,
    `${presetLabel(model.preset())}${model.range().ignoreWhitespace ? " (whitespace ignored)" : ""}`,
    `${waiting} waiting on you`,
    `${drafts} draft${drafts === 1 ? "" : "s"}`,
    `${model.files().filter((f) => model.viewed().has(f.path)).length} of ${files} viewed`,
    view,
  ];
  // A narrow screen breaks the header between its parts, never inside one ("0 of 2 viewed" stays whole).
  return parts.map((part, i) => `${part.replaceAll(" ", KEEP)}${i < parts.length - 1 ? `${KEEP}·` : ""}`).join(" ");
}

/**
 * The newest AI review run in one line, or null when none is known.
 * @example runLine(run) // "AI review (anthropic/x): completed: 2 findings, verdict changes"
 */
export function runLine(r: Run | null): string | null {
  if (!r) return null;
  const live = r.status === "pending" || r.status === "running";
  const tail = live
    ? " · K cancels"
    : r.error
      ? `: ${r.error}`
      : r.status === "completed"
        ? `: ${r.findings} finding${r.findings === 1 ? "" : "s"}${r.verdict ? `, verdict ${r.verdict}` : ""}`
        : "";
  return `AI review (${r.model}): ${r.status}${tail}`;
}

/**
 * A release made with no session open waits for one; u sends it now to the session the view would release to.
 * @example sessionWaitLine(model.waitingForSession()[0]) // "Released 2 messages: no session yet: ... (u sends it to the current session)"
 */
export function sessionWaitLine(waiting: PastReview | undefined): string | null {
  if (!waiting) return null;
  const n = waiting.messages;
  return `Released ${n} message${n === 1 ? "" : "s"}: ${NO_SESSION_YET} (u sends it to the current session)`;
}

/**
 * The failed deliveries, newest first, as one line with the keys that retry and dismiss them.
 * @example failedLine(model.failed()) // "Delivery failed for the release of 1 message (u retries · x dismisses): ..."
 */
export function failedLine(all: readonly PastReview[]): string | null {
  const failed = all[0];
  if (!failed) return null;
  const n = failed.messages;
  const others = all.length - 1;
  // The keys first, where the eye starts; a long reason wraps below them. Several failures are one line,
  // and x dismisses them all, as the web panel's "Dismiss all".
  const keys = others > 0 ? `u retries · x dismisses all ${others + 1}` : "u retries · x dismisses";
  return `Delivery failed for the release of ${n} message${n === 1 ? "" : "s"}${others > 0 ? ` (+${others} earlier)` : ""} (${keys}): ${failed.delivery.error ?? "not delivered"}`;
}

/**
 * What the diff window says instead of a diff: the model's problem, loading (the review, then the diff), or no changes; null when there is a diff.
 * @example emptyLine(model) // "Loading the review…"
 */
export function emptyLine(model: Pick<ReviewModel, "problem" | "loaded" | "diff" | "files" | "preset">): string | null {
  if (model.problem()) return model.problem()!;
  if (!model.loaded()) return "Loading the review…";
  // No files before the first diff answer is not an empty diff: "No changes" is said only of a diff read.
  if (model.files().length === 0 && !model.diff.loaded()) return "Loading the diff…";
  if (model.files().length === 0)
    return model.preset() === "all"
      ? "No changes: the work tree matches the review's base."
      : `No changes in ${presetLabel(model.preset())}: T shows the next view (all changes first).`;
  return null;
}
