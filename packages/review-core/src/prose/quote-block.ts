import { fence } from "./fence.js";
import { shortenLine } from "./shorten-line.js";

/** Most lines shown from one block of code; a thread on 500 lines must not fill the output. */
export const SHOWN_LINES_LIMIT = 30;

/**
 * The quoted diff lines, markers kept, in a `diff` fence; a long quote is cut and says how much.
 * Empty (a whole-file thread quotes nothing) gives an empty string.
 * @example quoteBlock([" const a = 1;", "+const b = 3;"]) // "```diff\n const a = 1;\n+const b = 3;\n```"
 */
export function quoteBlock(quoted: readonly string[]): string {
  if (quoted.length === 0) return "";
  const shown = quoted.slice(0, SHOWN_LINES_LIMIT).map((line) => shortenLine(line));
  const block = fence(shown, "diff");
  if (shown.length === quoted.length) return block;
  return `${block}\n(${shown.length} of ${quoted.length} quoted lines shown)`;
}
