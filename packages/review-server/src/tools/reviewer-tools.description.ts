// Written for the reviewer agent that reads them in its tool list: what each tool is for, when to call it, what comes back.
export const REVIEW_DIFF_DESCRIPTION = `Shows the change you are reviewing: every changed file's diff, each line with its old and new line number and its marker (+ added, - deleted, space unchanged).
Call it first. file narrows it to one file. These numbers are the ones review_comment takes.`;

export const REVIEW_COMMENT_DESCRIPTION = `Pins one finding on the change you are reviewing: a place (file and lines as review_diff numbers them, or the whole file), what is wrong there, and what to do instead.
One finding per problem; no praise, no summary of the change. severity: "blocker" (must not ship: data loss, security, crash), "major" (a real bug or risk), "minor" (worth fixing), "nit" (style, naming).
quoted, when given, must match the lines as they are, or the finding is refused with the actual lines. Sending the same finding twice stores it once.
Nothing you pin is shown to anyone until you call review_release.`;

export const REVIEW_RELEASE_DESCRIPTION = `Finishes your review: publishes every finding you pinned to the person, with your summary (the overall state of the change in two or three sentences, not a list of the findings) and verdict ("approve", "comment" or "changes").
Call it exactly once, last. The implementing agent never sees your findings unless the person takes them.`;
