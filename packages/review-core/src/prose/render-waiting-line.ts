import { listFiles } from "./file-list.js";
import { renderChangeNotice, type ChangeNotice } from "./render-change-notice.js";

// The line runs on every model call: a few changes are named, the rest counted.
const NAMED_CHANGES = 3;

/**
 * The one system-prompt line for when threads wait on the agent, or the person changed its code from the
 * review since its last review_list; null when neither, since the prompt then carries no such line at all.
 * @example renderWaitingLine({ count: 3, files: ["src/a.ts", "src/b.ts"] })
 * // "Code review: 3 threads wait for you in src/a.ts, src/b.ts (call review_list)."
 */
export function renderWaitingLine(waiting: {
  readonly count: number;
  readonly files: readonly string[];
  readonly changes?: readonly ChangeNotice[];
}): string | null {
  const changes = waiting.changes ?? [];
  if (waiting.count <= 0 && changes.length === 0) return null;
  const parts: string[] = [];
  if (waiting.count > 0) {
    const what = waiting.count === 1 ? "1 thread waits" : `${waiting.count} threads wait`;
    const where = waiting.files.length > 0 ? ` in ${listFiles(waiting.files)}` : "";
    parts.push(`${what} for you${where} (call review_list).`);
  }
  if (changes.length > 0) {
    parts.push(...changes.slice(0, NAMED_CHANGES).map(renderChangeNotice));
    const rest = changes.length - NAMED_CHANGES;
    if (rest > 0) parts.push(`And ${rest} more ${rest === 1 ? "change" : "changes"} (call review_list).`);
  }
  return `Code review: ${parts.join(" ")}`;
}
