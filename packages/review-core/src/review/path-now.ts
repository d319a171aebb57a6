import type { Thread } from "./types.js";

type Pathed = Pick<Thread, "file" | "anchor">;

/**
 * The path a thread's file has in the work tree now: `anchor.file` when the file was renamed since the
 * thread was written, else the path it was written on. Every place that names a thread's file to anyone
 * names this one; the old path is only ever shown as where it was "renamed from".
 * @example pathNow({ file: "src/util.ts", anchor: { state: "current", start: 2, end: 2, file: "src/helpers.ts" } }) // "src/helpers.ts"
 */
export function pathNow(thread: Pathed): string {
  return thread.anchor.file ?? thread.file;
}

/**
 * The path the thread was written on when its file has been renamed since, else null.
 * @example renamedFrom({ file: "src/util.ts", anchor: { state: "current", start: 2, end: 2, file: "src/helpers.ts" } }) // "src/util.ts"
 */
export function renamedFrom(thread: Pathed): string | null {
  const now = pathNow(thread);
  return now === thread.file ? null : thread.file;
}
