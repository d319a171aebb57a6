// The terminal panel's side of the review keys (state/review-keys.ts): the bindings opencode's keymap
// matches and the help `?` shows, both read from the one table, so they can never disagree.
import { REVIEW_KEYS, helpLines, type ReviewAction } from "../state/navigation/review-keys.js";

/** Every action the terminal binds (all of them: the web panel binds a subset). */
export type TerminalAction = ReviewAction;

/** The table's entries the terminal binds, with their keys as opencode's keymap names them. */
export const TERMINAL_KEYS = REVIEW_KEYS.flatMap((entry) =>
  entry.terminal
    ? [{ action: entry.action, keys: entry.terminal.keys, label: entry.terminal.label, does: entry.does }]
    : [],
);

/**
 * The keymap bindings for a set of handlers, and the help lines that list them.
 * @example terminalKeys(handlers).bindings // [{ key: "j", cmd: handlers.down, desc: "next line (across files)" }, ...]
 */
export function terminalKeys(handlers: Readonly<Record<TerminalAction, () => void>>) {
  const bindings = TERMINAL_KEYS.flatMap((entry) =>
    entry.keys.map((key) => ({ key, cmd: () => handlers[entry.action](), desc: entry.does || entry.action })),
  );
  const help = helpLines("terminal").map((line) => `${line.label.padEnd(15)} ${line.does}`);
  return { bindings, help };
}
