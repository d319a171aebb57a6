// The terminal panel's keys in one table: what each does, the key opencode's keymap matches, and the help
// `?` shows, so the bindings and their help can never disagree.

export type TerminalAction =
  | "down" | "up" | "pageDown" | "pageUp" | "nextFile" | "prevFile" | "nextHunk" | "prevHunk" | "nextThread" | "prevThread"
  | "toggleView" | "comment" | "suggest" | "fileComment" | "mark" | "editDraft" | "deleteDraft" | "resolve" | "seen"
  | "release" | "takeRound" | "webPanel" | "rounds" | "fold" | "tree" | "refresh" | "help" | "close"
  | "retryDelivery" | "dismissDelivery" | "acceptFinding" | "dismissFinding" | "startRun" | "cancelRun" | "viewed" | "nextUnviewed"
  | "findFile" | "loadAnyway" | "pastReviews";

/** Keys as opencode's keymap names them, the label the help shows, and what they do. */
export const TERMINAL_KEYS: readonly { readonly action: TerminalAction; readonly keys: readonly string[]; readonly label: string; readonly does: string }[] = [
  { action: "down", keys: ["j", "down"], label: "j / ↓", does: "next line (across files)" },
  { action: "up", keys: ["k", "up"], label: "k / ↑", does: "previous line" },
  { action: "pageDown", keys: ["pagedown", "ctrl+d"], label: "PgDn / ctrl+d", does: "a screen down" },
  { action: "pageUp", keys: ["pageup", "ctrl+u"], label: "PgUp / ctrl+u", does: "a screen up" },
  { action: "nextFile", keys: ["n"], label: "n / p", does: "next / previous file" },
  { action: "prevFile", keys: ["p"], label: "", does: "" },
  { action: "nextHunk", keys: ["]"], label: "] / [", does: "next / previous hunk" },
  { action: "prevHunk", keys: ["["], label: "", does: "" },
  { action: "nextThread", keys: ["shift+n", "}"], label: "N / P", does: "next / previous thread" },
  { action: "prevThread", keys: ["shift+p", "{"], label: "", does: "" },
  { action: "comment", keys: ["c"], label: "c", does: "comment on the line (or reply to the thread there)" },
  { action: "mark", keys: ["shift+v"], label: "V", does: "start a range here; then c comments on it" },
  { action: "fileComment", keys: ["shift+c"], label: "C", does: "comment on the whole file" },
  { action: "suggest", keys: ["shift+s"], label: "S", does: "suggest a change for the line or range" },
  { action: "editDraft", keys: ["e"], label: "e", does: "edit the draft here" },
  { action: "deleteDraft", keys: ["d"], label: "d", does: "delete the draft here" },
  { action: "resolve", keys: ["r"], label: "r", does: "resolve / reopen the thread here" },
  { action: "seen", keys: ["m"], label: "m", does: "mark the thread here seen" },
  { action: "release", keys: ["s"], label: "s", does: "release the drafts (asks first)" },
  { action: "acceptFinding", keys: ["a"], label: "a", does: "accept the reviewer's finding here (it becomes your draft)" },
  { action: "dismissFinding", keys: ["shift+x"], label: "X", does: "dismiss the reviewer's finding here" },
  { action: "viewed", keys: ["y"], label: "y", does: "mark the file viewed (it folds) / not viewed" },
  { action: "nextUnviewed", keys: ["shift+y"], label: "Y", does: "next file not viewed yet" },
  { action: "startRun", keys: ["shift+a"], label: "A", does: "start an AI review run (or show the live one's status)" },
  { action: "cancelRun", keys: ["shift+k"], label: "K", does: "cancel the live AI review run" },
  { action: "retryDelivery", keys: ["u"], label: "u", does: "send a failed or waiting release to the current session" },
  { action: "dismissDelivery", keys: ["x"], label: "x", does: "dismiss the failed delivery notices" },
  { action: "takeRound", keys: ["shift+r"], label: "R", does: "take a round now" },
  { action: "rounds", keys: ["t"], label: "t", does: "all changes / since last round / last round only / against each parent branch (kept for the branch, shared with the web panel)" },
  { action: "toggleView", keys: ["v"], label: "v", does: "split / unified" },
  { action: "fold", keys: ["z", "space"], label: "z", does: "fold / unfold the file" },
  { action: "tree", keys: ["b"], label: "b", does: "show / hide the file tree" },
  { action: "webPanel", keys: ["o"], label: "o", does: "the web panel at this place: opened in the browser where one can be, the link copied" },
  { action: "findFile", keys: ["f"], label: "f", does: "go to file: type part of its path, Enter jumps" },
  { action: "loadAnyway", keys: ["shift+l"], label: "L", does: "load a file too large to show, as the web panel's Load diff" },
  { action: "pastReviews", keys: ["h"], label: "h", does: "past reviews: each release with its verdict, overall comment and delivery" },
  { action: "refresh", keys: ["g"], label: "g", does: "reload" },
  { action: "help", keys: ["?"], label: "?", does: "this help" },
  { action: "close", keys: ["q", "escape"], label: "q / Esc", does: "close, back to where you were" },
];

/**
 * The keymap bindings for a set of handlers, and the help lines that list them.
 * @example terminalKeys(handlers).bindings // [{ key: "j", cmd: handlers.down, desc: "next line (across files)" }, ...]
 */
export function terminalKeys(handlers: Readonly<Record<TerminalAction, () => void>>) {
  const bindings = TERMINAL_KEYS.flatMap((entry) =>
    entry.keys.map((key) => ({ key, cmd: () => handlers[entry.action](), desc: entry.does || entry.action })),
  );
  const help = TERMINAL_KEYS.filter((entry) => entry.label !== "").map((entry) => `${entry.label.padEnd(15)} ${entry.does}`);
  return { bindings, help };
}
