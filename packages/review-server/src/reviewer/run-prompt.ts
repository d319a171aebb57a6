/**
 * The first message of a run: what to review, and how to finish.
 * @example runPrompt({ ordinal: 3, since: 2 })
 */
export function runPrompt(input: { readonly ordinal: number; readonly since: number | null }): string {
  const scope =
    input.since === null
      ? `Review the whole change under review (round ${input.ordinal} against its base).`
      : `Review the change under review (round ${input.ordinal}). An earlier review covered round ${input.since}: look hardest at what changed since then, but a finding may be on any line of the diff.`;
  return [
    scope,
    "Call review_diff to read it, read the files around it (read, grep, glob) where you need context, pin each problem with review_comment, then call review_release once with a short summary and a verdict.",
    "Nothing you pin is shown to anyone until you call review_release.",
  ].join("\n");
}

/** Said once to a reviewer that stopped without releasing. */
export const NUDGE_TEXT =
  "You stopped without calling review_release, so the person sees nothing of this review. Pin any finding you still have with review_comment, then call review_release with a summary and a verdict now.";
