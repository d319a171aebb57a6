/** How many file names a one-line message names before counting the rest. */
export const LISTED_FILES = 5;

/**
 * Names files for one line of prose: each once, in order, the rest counted ("and 12 more files").
 * @example listFiles(["src/a.ts", "src/b.ts"]) // "src/a.ts, src/b.ts"
 */
export function listFiles(files: readonly string[], max = LISTED_FILES): string {
  const unique = [...new Set(files)];
  const shown = unique.slice(0, max).map(shortenPath);
  const rest = unique.length - shown.length;
  if (rest === 0) return shown.join(", ");
  return `${shown.join(", ")} and ${rest} more ${rest === 1 ? "file" : "files"}`;
}

// A pathological path must not swallow a one-line message; its end says the most.
function shortenPath(path: string): string {
  const chars = [...path];
  return chars.length <= 120 ? path : `…${chars.slice(-119).join("")}`;
}
