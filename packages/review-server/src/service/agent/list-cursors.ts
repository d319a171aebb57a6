import { ReviewError } from "@opencode-review/core";
import { keepListCursor, listCursorById, writeTransaction } from "../../store/index.js";
import type { ServiceContext } from "../service-context.js";

/** How long a cursor works: a week, so a listing left mid-way over a weekend can still be finished. */
export const CURSOR_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const LIFETIME_WORDS = "7 days";

/** What a cursor stands for: every thread the pages before it returned, and how many pages those were. */
export interface CursorPosition {
  readonly returned: ReadonlySet<string>;
  readonly page: number;
}

/** The position before the first page. */
export const START: CursorPosition = { returned: new Set(), page: 0 };

type CursorContext = Pick<ServiceContext, "db" | "now">;

// p<page>_<creation time, base 36 milliseconds>_<random>: the time is in the name, so a cursor whose row
// was dropped when its time ran out is still told apart from one that was never given.
const NAME = /^p(\d+)_([0-9a-z]+)_[A-Za-z0-9_-]+$/;

/**
 * The `review_list` cursors, kept in the store. A cursor names the set of threads already returned, not
 * a place in the order: the next page is every thread the query shows now that is not in the set, in page
 * order. So a thread added between pages (or one whose turn or line changed and now sorts earlier) is
 * never skipped, and none is returned twice. Each page gets a cursor of its own and a cursor never
 * changes, so reading the same cursor again (a retried call) answers the same threads. In the store, a
 * cursor works in any process on it (the plugin, `mcp`, a restarted opencode) for CURSOR_LIFETIME_MS; an
 * expired one is refused with what to do instead.
 * @example const next = nameCursor(ctx, position); await keepCursor(ctx, branch, next, position, ids); await readCursor(ctx, branch, next);
 */
export async function readCursor(
  ctx: CursorContext,
  branch: string,
  cursor: string | undefined,
): Promise<CursorPosition> {
  if (cursor === undefined || cursor === "") return START;
  const again = "Call review_list without cursor to read from the first page again.";
  const named = NAME.exec(cursor);
  if (named === null) {
    throw new ReviewError(
      "invalid_input",
      `The cursor "${cursor}" is not known: it is not one review_list gave (pass it exactly as the last page named it). ${again}`,
    );
  }
  const created = parseInt(named[2]!, 36);
  if (Date.parse(ctx.now()) - created > CURSOR_LIFETIME_MS) {
    throw new ReviewError(
      "not_found",
      `The cursor "${cursor}" has expired: a cursor works for ${LIFETIME_WORDS} after its page was listed. ${again}`,
    );
  }
  const row = await listCursorById(ctx.db, cursor);
  if (row === undefined || row.branch !== branch) {
    const where =
      row === undefined
        ? "this repository's review store"
        : `the branch ${branch} (it is from another branch's listing)`;
    throw new ReviewError("not_found", `The cursor "${cursor}" is not known to ${where}. ${again}`);
  }
  return { returned: new Set(JSON.parse(row.returned) as string[]), page: row.page };
}

/**
 * A new cursor's name for the page after `position`; it stands for nothing until `keepCursor`.
 * @example nameCursor(ctx, START) // "p2_mia0x1k0_Ab3dEf9h"
 */
export function nameCursor(ctx: CursorContext, position: CursorPosition): string {
  const random = Buffer.from(crypto.getRandomValues(new Uint8Array(6))).toString("base64url");
  return `p${position.page + 2}_${Date.parse(ctx.now()).toString(36)}_${random}`;
}

/**
 * Makes `cursor` (from `nameCursor`) stand for `position` plus the threads `ids` just returned, in the
 * store; cursors whose time ran out are dropped in the same step.
 * @example await keepCursor(ctx, repo.branchKey, next, position, shown.map((t) => t.id));
 */
export async function keepCursor(
  ctx: CursorContext,
  branch: string,
  cursor: string,
  position: CursorPosition,
  ids: readonly string[],
): Promise<void> {
  const now = Date.parse(ctx.now());
  const row = {
    id: cursor,
    branch,
    page: position.page + 1,
    returned: JSON.stringify([...position.returned, ...ids]),
    created_at: new Date(parseInt(NAME.exec(cursor)![2]!, 36)).toISOString(),
  };
  await writeTransaction(ctx.db, (trx) => keepListCursor(trx, row, new Date(now - CURSOR_LIFETIME_MS).toISOString()));
}
