import type { Verdict } from "../review/types.js";

const verdictLine: Readonly<Record<Verdict, string | null>> = {
  comment: null,
  approve: "The reviewer approves these changes.",
  changes: "The reviewer requests changes before this is done.",
};

/**
 * A release's message with the person's verdict and overall comment added after it (nothing added for
 * neither); the same lines go into the agent's notice and into the prose.
 * @example withReviewVerdict("The reviewer released 1 comment ...", { verdict: "changes", summary: "Close." })
 * // "The reviewer released 1 comment ...\n\nThe reviewer requests changes before this is done.\n\nOverall comment from the reviewer:\nClose."
 */
export function withReviewVerdict(
  text: string,
  review: { readonly summary?: string | null; readonly verdict?: Verdict | null },
): string {
  // No text: a release of a verdict and overall comment alone (GitHub's Approve with no comments).
  const parts = text === "" ? [] : [text];
  const line = review.verdict ? verdictLine[review.verdict] : null;
  if (line) parts.push(line);
  const summary = review.summary?.trim();
  if (summary) parts.push(`Overall comment from the reviewer:\n${summary}`);
  return parts.join("\n\n");
}
