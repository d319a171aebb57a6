// Single-key shortcuts, as GitHub and Gerrit use them; never while the person is typing.
export type KeyAction = "next-thread" | "prev-thread" | "next-file" | "prev-file" | "comment" | "reply" | "release" | "find-file" | "help" | "close";

export interface KeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
  /** The focused element's tag and editability. */
  readonly targetTag?: string;
  readonly targetEditable?: boolean;
}

const keys: Readonly<Record<string, KeyAction>> = {
  j: "next-thread",
  k: "prev-thread",
  n: "next-file",
  p: "prev-file",
  c: "comment",
  r: "reply",
  s: "release",
  t: "find-file",
  "?": "help",
  Escape: "close",
};

/** The shortcuts and what they do, for the help overlay. */
export const shortcuts: readonly { readonly key: string; readonly does: string }[] = [
  { key: "j / k", does: "next / previous thread" },
  { key: "n / p", does: "next / previous file" },
  { key: "c", does: "comment on the focused line" },
  { key: "r", does: "reply to the focused thread" },
  { key: "s", does: "release the review" },
  { key: "t", does: "go to file: type part of its path, Enter to jump" },
  { key: "?", does: "show this help" },
  { key: "Esc", does: "close" },
];

/**
 * The action a key press asks for, or null when it is typing or a browser shortcut.
 * @example keyAction({ key: "j", targetTag: "DIV" }) // "next-thread"
 */
export function keyAction(input: KeyInput): KeyAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const typing = input.targetEditable || input.targetTag === "TEXTAREA" || input.targetTag === "INPUT" || input.targetTag === "SELECT";
  if (typing) return null;
  return keys[input.key] ?? null;
}
