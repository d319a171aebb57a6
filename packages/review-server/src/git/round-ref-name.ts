import { REF_PREFIX } from "./refs.js";

/**
 * Turns a branch key into one ref path segment. Every byte outside [A-Za-z0-9_-] becomes %XX, so the result
 * is a valid ref name (no ":", "..", ".lock", leading dot) and one segment: branches "a" and "a/1" cannot
 * collide as file and folder.
 */
function encodeBranchKey(branchKey: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(branchKey)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * The folder of a branch's round refs, ending in "/".
 * @example roundRefPrefix("feature/x") // "refs/opencode-review/feature%2Fx/"
 */
export function roundRefPrefix(branchKey: string): string {
  return `${REF_PREFIX}${encodeBranchKey(branchKey)}/`;
}

/**
 * The ref that keeps a round's snapshot alive against gc.
 * @example roundRefName("detached:9fceb02", 2) // "refs/opencode-review/detached%3A9fceb02/2"
 */
export function roundRefName(branchKey: string, ordinal: number): string {
  return `${roundRefPrefix(branchKey)}${ordinal}`;
}
