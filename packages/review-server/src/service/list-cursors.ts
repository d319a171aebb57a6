import { ReviewError } from "@opencode-review/core";

/** Cursors kept at most: a few agents paging at once, each a dozen pages deep. */
const MAX_CURSORS = 256;

/** What a cursor stands for: every thread the pages before it returned, and how many pages those were. */
export interface CursorPosition {
  readonly returned: ReadonlySet<string>;
  readonly page: number;
}

/**
 * The `review_list` cursors this service handed out. A cursor names the set of threads already
 * returned, not a place in the order: the next page is every thread the query shows now that is not
 * in the set, in page order. So a thread added between pages (or one whose turn or line changed and
 * now sorts earlier) is never skipped, and none is returned twice. Each page gets a cursor of its own
 * and a cursor never changes, so reading the same cursor again (a retried call) answers the same
 * threads. Kept in memory, the oldest dropped first; a cursor this process does not know (it
 * restarted) is refused with what to do instead.
 * @example const next = cursors.name(position); cursors.keep(next, position, pageIds); cursors.read(next);
 */
export class ListCursors {
  readonly #cursors = new Map<string, CursorPosition>();

  /** The position before the first page. */
  static readonly START: CursorPosition = { returned: new Set(), page: 0 };

  /** What `cursor` stands for; undefined reads from the first page. */
  read(cursor: string | undefined): CursorPosition {
    if (cursor === undefined || cursor === "") return ListCursors.START;
    const position = this.#cursors.get(cursor);
    if (position === undefined) {
      throw new ReviewError(
        "not_found",
        `The cursor "${cursor}" is not known to this review server (it restarted, or the cursor is too old). Call review_list without cursor to read from the first page again.`,
      );
    }
    return position;
  }

  /** A new cursor's name for the page after `position`; it stands for nothing until `keep`. */
  name(position: CursorPosition): string {
    return `p${position.page + 2}_${Buffer.from(crypto.getRandomValues(new Uint8Array(6))).toString("base64url")}`;
  }

  /** Makes `cursor` (from `name`) stand for `position` plus the threads `ids` just returned. */
  keep(cursor: string, position: CursorPosition, ids: readonly string[]): void {
    this.#cursors.set(cursor, { returned: new Set([...position.returned, ...ids]), page: position.page + 1 });
    while (this.#cursors.size > MAX_CURSORS) this.#cursors.delete(this.#cursors.keys().next().value as string);
  }
}
