import type { ThreadRow } from "../store/index.js";
import type { ThreadAnchor } from "./locate-threads.js";

// Enough for every thread of a large review several times over; past it the memo starts again empty.
const MAX_ENTRIES = 20_000;

/**
 * Anchors located by earlier listings, reused while nothing they were computed from changed: the thread's
 * place (side, lines, quoted lines, context), the commit it was written against, and the work-tree file's
 * stamp (`worktreeStamp`). A reply changes none of these, so a listing after a write locates nothing again.
 * @example const memo = new AnchorMemo(); await locateThreads(repo, rows, reader, rounds, memo);
 */
export class AnchorMemo {
  readonly #entries = new Map<string, { readonly key: string; readonly anchor: ThreadAnchor }>();

  /** The key of a thread's anchor against the file with `stamp`, its text then at commit `then`. */
  static key(row: Pick<ThreadRow, "side" | "start_line" | "end_line" | "quoted" | "context">, then: string, stamp: string): string {
    return JSON.stringify([stamp, then, row.side, row.start_line, row.end_line, row.quoted, row.context]);
  }

  /** @example memo.get(row.id, AnchorMemo.key(row, round.snapshot, stamp)) // undefined when not located yet */
  get(threadId: string, key: string): ThreadAnchor | undefined {
    const found = this.#entries.get(threadId);
    return found !== undefined && found.key === key ? found.anchor : undefined;
  }

  /** @example memo.set(row.id, key, anchor) */
  set(threadId: string, key: string, anchor: ThreadAnchor): void {
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(threadId)) this.#entries.clear();
    this.#entries.set(threadId, { key, anchor });
  }
}
