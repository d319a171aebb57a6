// The web panel's side of the review keys (state/navigation/review-keys.ts): which action a key press asks for, never
// while the person is typing or holding a browser shortcut's modifier.
import { REVIEW_KEYS, type ReviewAction } from "./review-keys.js";

export interface KeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly altKey?: boolean;
  /** The focused element's tag and editability. */
  readonly targetTag?: string;
  readonly targetEditable?: boolean;
}

/** The actions the web panel binds, by the browser's `KeyboardEvent.key`. */
export type WebAction = Extract<
  ReviewAction,
  | "down"
  | "up"
  | "nextFile"
  | "prevFile"
  | "nextHunk"
  | "prevHunk"
  | "nextThread"
  | "prevThread"
  | "comment"
  | "resolve"
  | "release"
  | "findFile"
  | "ignoreWhitespace"
  | "help"
  | "close"
  | "tour"
  | "prevStep"
>;

/**
 * The action a key press asks for, or null when it is typing or a browser shortcut.
 * @example keyAction({ key: "j", targetTag: "DIV" }) // "down"
 */
export function keyAction(input: KeyInput): WebAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const typing =
    input.targetEditable ||
    input.targetTag === "TEXTAREA" ||
    input.targetTag === "INPUT" ||
    input.targetTag === "SELECT";
  if (typing) return null;
  const entry = REVIEW_KEYS.find((k) => k.web?.keys.includes(input.key));
  return (entry?.action as WebAction | undefined) ?? null;
}
