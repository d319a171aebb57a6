import { listFiles } from "./file-list.js";

/**
 * The one system-prompt line for when threads wait on the agent; null when none do, since the
 * prompt then carries no such line at all.
 * @example renderWaitingLine({ count: 3, files: ["src/a.ts", "src/b.ts"] })
 * // "Code review: 3 threads wait for you in src/a.ts, src/b.ts (call review_list)."
 */
export function renderWaitingLine(waiting: {
  readonly count: number;
  readonly files: readonly string[];
}): string | null {
  if (waiting.count <= 0) return null;
  const what = waiting.count === 1 ? "1 thread waits" : `${waiting.count} threads wait`;
  const where = waiting.files.length > 0 ? ` in ${listFiles(waiting.files)}` : "";
  return `Code review: ${what} for you${where} (call review_list).`;
}
