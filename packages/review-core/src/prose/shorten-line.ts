/** Longest line shown from quoted code or a suggestion; a minified file must not fill the output. */
export const SHOWN_LINE_LIMIT = 240;

/**
 * Cuts a line longer than the limit and says so at its end.
 * @example shortenLine("x".repeat(500)) // 240 x then "…(260 more characters)"
 */
export function shortenLine(line: string, limit = SHOWN_LINE_LIMIT): string {
  const chars = [...line];
  if (chars.length <= limit) return line;
  return `${chars.slice(0, limit).join("")}…(${chars.length - limit} more characters)`;
}
