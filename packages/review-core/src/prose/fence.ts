/**
 * Wraps lines in a Markdown code fence longer than any run of backticks inside them, so quoted
 * code that itself contains a fence cannot end the block early.
 * @example fence(["+const b = 3;"], "diff") // "```diff\n+const b = 3;\n```"
 */
export function fence(lines: readonly string[], info = ""): string {
  let longest = 0;
  for (const line of lines) {
    for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  }
  const marker = "`".repeat(Math.max(3, longest + 1));
  return [`${marker}${info}`, ...lines, marker].join("\n");
}
