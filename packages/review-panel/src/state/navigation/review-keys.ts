// The review's keys for both panels in one table. An action the web panel and the terminal both have is
// one entry, so the same key does the same thing in each; either panel's `?` and docs/keys.md are read
// from here. The choices follow what reviewers already know: j/k move a line (Gerrit, vim, opencode's
// diff viewer), n/p a file and ]/[ a hunk (opencode's viewer), N/P a thread (Gerrit's shift for
// comments), t finds a file (GitHub), c comments (or replies where a thread is), r resolves or reopens,
// s releases after asking, ? helps, q/Esc closes; f opens the pull request's Send list (f for forge, the
// word the product and docs/forge.md use; p, the pull request's own letter, is the previous file).
// The person's hands on the code: U undoes the hunk under the cursor (lazygit's d discards, but d deletes a
// draft here; u, tig's and vim's undo, retries a delivery, so its capital, as vim's U undoes a line); Z
// restores the newest change (the key beside U's undo on most keyboards' z row, capital as U is); w keeps a
// hunk ("waved through": CodeCompanion's ga is a chord and a accepts a finding here); H lists the changes,
// beside h's past reviews, as the web panel puts the change list beside Past reviews. B lists every branch
// of the repository and opens one: the capital of b (the file tree: where you are among the files; B, where
// you are among the branches), as H stands beside h; lowercase l, the last free letter, names nothing here.

export type ReviewAction =
  | "down"
  | "up"
  | "pageDown"
  | "pageUp"
  | "nextFile"
  | "prevFile"
  | "nextHunk"
  | "prevHunk"
  | "nextThread"
  | "prevThread"
  | "toggleView"
  | "ignoreWhitespace"
  | "comment"
  | "suggest"
  | "fileComment"
  | "mark"
  | "editDraft"
  | "deleteDraft"
  | "resolve"
  | "seen"
  | "release"
  | "takeRound"
  | "webPanel"
  | "rounds"
  | "fold"
  | "tree"
  | "refresh"
  | "help"
  | "close"
  | "retryDelivery"
  | "dismissDelivery"
  | "acceptFinding"
  | "dismissFinding"
  | "startRun"
  | "cancelRun"
  | "viewed"
  | "nextUnviewed"
  | "findFile"
  | "loadAnyway"
  | "pastReviews"
  | "forge"
  | "tour"
  | "prevStep"
  | "undoHunk"
  | "keepHunk"
  | "restoreChange"
  | "changeList"
  | "branches";

/** How one panel binds an action: its keys (opencode's keymap names, or the browser's `KeyboardEvent.key`) and the label `?` shows. */
export interface PanelBinding {
  readonly keys: readonly string[];
  /** "" for the second of a pair the line above already names (`n / p`). */
  readonly label: string;
}

export interface ReviewKey {
  readonly action: ReviewAction;
  /** What it does, as help shows it ("" for the second of a pair). */
  readonly does: string;
  readonly terminal?: PanelBinding;
  readonly web?: PanelBinding;
}

const both = (
  terminal: readonly string[],
  web: readonly string[],
  label: string,
): Pick<ReviewKey, "terminal" | "web"> => ({
  terminal: { keys: terminal, label },
  web: { keys: web, label },
});

/** Every key of the review, in the order help lists them. */
export const REVIEW_KEYS: readonly ReviewKey[] = [
  {
    action: "down",
    does: "next / previous line (across files)",
    terminal: { keys: ["j", "down"], label: "j / k, ↓ / ↑" },
    web: { keys: ["j"], label: "j / k" },
  },
  { action: "up", does: "", terminal: { keys: ["k", "up"], label: "" }, web: { keys: ["k"], label: "" } },
  { action: "pageDown", does: "a screen down", terminal: { keys: ["pagedown", "ctrl+d"], label: "PgDn / ctrl+d" } },
  { action: "pageUp", does: "a screen up", terminal: { keys: ["pageup", "ctrl+u"], label: "PgUp / ctrl+u" } },
  { action: "nextFile", does: "next / previous file", ...both(["n"], ["n"], "n / p") },
  { action: "prevFile", does: "", ...both(["p"], ["p"], "") },
  { action: "nextHunk", does: "next / previous hunk", ...both(["]"], ["]"], "] / [") },
  { action: "prevHunk", does: "", ...both(["["], ["["], "") },
  { action: "nextThread", does: "next / previous thread", ...both(["shift+n", "}"], ["N", "}"], "N / P") },
  { action: "prevThread", does: "", ...both(["shift+p", "{"], ["P", "{"], "") },
  { action: "comment", does: "comment on the line (or reply to the thread there)", ...both(["c"], ["c"], "c") },
  { action: "mark", does: "start a range here; then c comments on it", terminal: { keys: ["shift+v"], label: "V" } },
  { action: "fileComment", does: "comment on the whole file", terminal: { keys: ["shift+c"], label: "C" } },
  { action: "suggest", does: "suggest a change for the line or range", terminal: { keys: ["shift+s"], label: "S" } },
  { action: "editDraft", does: "edit the draft here", terminal: { keys: ["e"], label: "e" } },
  { action: "deleteDraft", does: "delete the draft here", terminal: { keys: ["d"], label: "d" } },
  { action: "resolve", does: "resolve / reopen the thread here", ...both(["r"], ["r"], "r") },
  { action: "seen", does: "mark the thread here seen", terminal: { keys: ["m"], label: "m" } },
  { action: "release", does: "release the drafts (asks first)", ...both(["s"], ["s"], "s") },
  {
    action: "acceptFinding",
    does: "accept the reviewer's finding here (it becomes your draft)",
    terminal: { keys: ["a"], label: "a" },
  },
  {
    action: "dismissFinding",
    does: "dismiss the reviewer's finding here",
    terminal: { keys: ["shift+x"], label: "X" },
  },
  { action: "viewed", does: "mark the file viewed (it folds) / not viewed", terminal: { keys: ["y"], label: "y" } },
  { action: "nextUnviewed", does: "next file not viewed yet", terminal: { keys: ["shift+y"], label: "Y" } },
  {
    action: "startRun",
    does: "start an AI review run (or show the live one's status)",
    terminal: { keys: ["shift+a"], label: "A" },
  },
  { action: "cancelRun", does: "cancel the live AI review run", terminal: { keys: ["shift+k"], label: "K" } },
  {
    action: "retryDelivery",
    does: "send a failed or waiting release to the current session",
    terminal: { keys: ["u"], label: "u" },
  },
  { action: "dismissDelivery", does: "dismiss the failed delivery notices", terminal: { keys: ["x"], label: "x" } },
  { action: "takeRound", does: "take a round now", terminal: { keys: ["shift+r"], label: "R" } },
  {
    action: "rounds",
    does: "which diff: all changes / since last round / last round only / uncommitted / staged / since my last review / against each parent branch / each commit (kept for the branch, shared with the web panel)",
    terminal: { keys: ["shift+t"], label: "T" },
  },
  { action: "toggleView", does: "split / unified", terminal: { keys: ["v"], label: "v" } },
  { action: "ignoreWhitespace", does: "ignore whitespace changes / show them", ...both(["i"], ["i"], "i") },
  { action: "fold", does: "fold / unfold the file", terminal: { keys: ["z", "space"], label: "z" } },
  { action: "tree", does: "show / hide the file tree", terminal: { keys: ["b"], label: "b" } },
  {
    action: "webPanel",
    does: "the web panel at this place: opened in the browser where one can be, the link copied",
    terminal: { keys: ["o"], label: "o" },
  },
  { action: "findFile", does: "go to file: type part of its path, Enter jumps", ...both(["t"], ["t"], "t") },
  // w walks the agent's tour: the first press opens it, each next one goes a step on (W goes back).
  { action: "tour", does: "the agent's tour: open it, then next / previous step", ...both(["w"], ["w"], "w / W") },
  { action: "prevStep", does: "", ...both(["shift+w"], ["W"], "") },
  {
    action: "loadAnyway",
    does: "load a file too large to show, as the web panel's Load diff",
    terminal: { keys: ["shift+l"], label: "L" },
  },
  {
    action: "pastReviews",
    does: "past reviews: each release with its verdict, overall comment and delivery",
    terminal: { keys: ["h"], label: "h" },
  },
  {
    action: "undoHunk",
    does: "undo the hunk under the cursor, or the hunks a V range touches: their lines go back to the diff's start (Z restores)",
    terminal: { keys: ["shift+u"], label: "U" },
  },
  {
    action: "restoreChange",
    does: "restore your newest undo or applied suggestion",
    terminal: { keys: ["shift+z"], label: "Z" },
  },
  {
    action: "keepHunk",
    // M: "mark reviewed", beside m (mark the thread seen) and y (the file viewed); w walks the tour, i ignores whitespace.
    does: "keep the hunk under the cursor: reviewed, it folds until its text changes",
    terminal: { keys: ["shift+m"], label: "M" },
  },
  {
    action: "changeList",
    does: "your changes: each undo and applied suggestion, restored or not",
    terminal: { keys: ["shift+h"], label: "H" },
  },
  {
    action: "branches",
    does: "every branch and work tree: what waits on you and on its agent; Enter opens its review here",
    terminal: { keys: ["shift+b"], label: "B" },
  },
  {
    action: "forge",
    does: "the pull request: the agent's replies waiting to be posted, Send (asks first) and Pull",
    terminal: { keys: ["f"], label: "f" },
  },
  { action: "refresh", does: "reload", terminal: { keys: ["g"], label: "g" } },
  { action: "help", does: "this help", ...both(["?"], ["?"], "?") },
  {
    action: "close",
    does: "close, back to where you were",
    terminal: { keys: ["q", "escape"], label: "q / Esc" },
    web: { keys: ["q", "Escape"], label: "q / Esc" },
  },
];

export type Panel = "terminal" | "web";

/**
 * One panel's help lines: label and what it does, for every action that panel binds.
 * @example helpLines("web")[0] // { label: "j / k", does: "next / previous line (across files)" }
 */
export function helpLines(panel: Panel): readonly { readonly label: string; readonly does: string }[] {
  return REVIEW_KEYS.flatMap((entry) => {
    const binding = entry[panel];
    return binding && binding.label !== "" ? [{ label: binding.label, does: entry.does }] : [];
  });
}

/**
 * A key as both panels can compare it: the browser's `N` and opencode's `shift+n` are one key, `Escape` and
 * `escape` too.
 * @example sameKey("shift+n") === sameKey("N") // true
 */
export function sameKey(key: string): string {
  const shifted = /^shift\+([a-z])$/.exec(key);
  if (shifted) return shifted[1]!.toUpperCase();
  if (key === "Escape") return "escape";
  return key;
}
