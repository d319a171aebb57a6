import { createHash } from "node:crypto";
import { LOCATE_RULES_VERSION } from "@opencode-review/core";
import type { Kysely } from "kysely";
import {
  keepLocatedAnchors,
  locatedAnchorsOf,
  writeTransaction,
  type Database,
  type ThreadRow,
} from "../../store/index.js";
import type { ThreadAnchor } from "./locate-threads.js";

// Work-tree stamps are device:inode:…, so no stamp begins so.
const TEXT_STAMP = "text:";

// Enough for every thread of a large review several times over; past it the memo starts again empty.
const MAX_ENTRIES = 20_000;

interface Entry {
  readonly key: string;
  readonly anchor: ThreadAnchor;
}

/**
 * Anchors located by earlier listings, reused while nothing they were computed from changed: the thread's
 * place (side, lines, quoted lines, context), the commit it was written against, and the work-tree file's
 * stamp (`worktreeStamp`). A reply changes none of these, so a listing after a write locates nothing again.
 * The anchors are kept in the store too (`located_anchors`): a process that starts after the files last
 * changed (opencode restarted, the CLI, the terminal half) recalls them instead of reading every file and
 * locating every thread again, which was most of a cold first `review_list` (`pnpm bench agent-side`).
 * @example const memo = new AnchorMemo(); await memo.recall(db, ids); memo.get(id, key); memo.set(id, key, anchor); memo.keep(db);
 */
export class AnchorMemo {
  readonly #entries = new Map<string, Entry>();
  /** Ids the store was asked about already, found or not: it is asked about each at most once. */
  readonly #recalled = new Set<string>();
  /** Entries set since the last keep, to be written to the store. */
  readonly #unkept = new Map<string, Entry>();
  /** The writes of kept anchors, one after another; never rejects. */
  #writing: Promise<void> = Promise.resolve();

  /**
   * What stands for a file's stamp in the key of an anchor located while the file was too new to stamp
   * (changed within the last second, as right after an agent's edit): a digest of the text it was located
   * in. Such an anchor is reused by reading the file and comparing the digest, instead of locating again.
   * @example AnchorMemo.key(row, then, AnchorMemo.textStamp(text))
   */
  static textStamp(text: string): string {
    return `${TEXT_STAMP}${createHash("sha1").update(text).digest("base64url")}`;
  }

  /** Whether the anchor kept for this thread was keyed by its file's text (`textStamp`), not its stamp. */
  keyedByText(threadId: string): boolean {
    return this.#entries.get(threadId)?.key.includes(`"${TEXT_STAMP}`) === true;
  }

  /** The key of an anchor kept for what it says (the path a file was renamed to), never to be reused: no key equals it. */
  static readonly UNSTAMPED = "unstamped";

  /**
   * The key of a thread's anchor against the file with `stamp`, its text then at commit `then`; `renamedTo`
   * when the thread's file is gone and the anchor was found in the file git followed it to (that path's stamp).
   */
  static key(
    row: Pick<ThreadRow, "side" | "start_line" | "end_line" | "quoted" | "context">,
    then: string,
    stamp: string,
    renamedTo?: string,
  ): string {
    const key = [LOCATE_RULES_VERSION, stamp, then, row.side, row.start_line, row.end_line, row.quoted, row.context];
    return JSON.stringify(renamedTo === undefined ? key : [...key, renamedTo]);
  }

  /** @example memo.get(row.id, AnchorMemo.key(row, round.snapshot, stamp)) // undefined when not located yet */
  get(threadId: string, key: string): ThreadAnchor | undefined {
    const found = this.#entries.get(threadId);
    return found !== undefined && found.key === key ? found.anchor : undefined;
  }

  /**
   * The path a thread's file was followed to (a rename) when it was last located, if it was: a fresh
   * process reuses that anchor by the new path's stamp instead of asking git for renames again.
   * @example memo.renamedTo(row.id) // "src/helpers.ts"
   */
  renamedTo(threadId: string): string | undefined {
    return this.#entries.get(threadId)?.anchor.file;
  }

  /** @example memo.set(row.id, key, anchor) */
  set(threadId: string, key: string, anchor: ThreadAnchor): void {
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(threadId)) {
      this.#entries.clear();
      this.#recalled.clear();
    }
    const entry = { key, anchor };
    this.#entries.set(threadId, entry);
    this.#unkept.set(threadId, entry);
  }

  /**
   * Brings in the anchors the store keeps for those of `ids` this memo has not seen yet (one query on a
   * process's first listing, none after). A store that cannot be read leaves them to be located.
   * @example await memo.recall(ctx.db, rows.map((r) => r.id))
   */
  async recall(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
    const unseen = ids.filter((id) => !this.#entries.has(id) && !this.#recalled.has(id));
    if (unseen.length === 0) return;
    for (const id of unseen) this.#recalled.add(id);
    const stored = await locatedAnchorsOf(db, unseen).catch(() => new Map<string, never>());
    for (const [id, row] of stored) {
      // set() between the query and here wins: it was located later.
      if (this.#entries.has(id)) continue;
      const anchor = parseAnchor(row.anchor);
      if (anchor !== null) this.#entries.set(id, { key: row.memo_key, anchor });
    }
  }

  /**
   * Writes the anchors located since the last keep to the store, in one transaction, once the caller's
   * answer is out (a listing that located 500 threads waits for no 500-row write; `pnpm bench list-threads`).
   * Never fails: this is a cache, and a full disk, a locked or closed store only means that the next process
   * locates them again. `written()` tells when it is done.
   * @example memo.keep(ctx.db)
   */
  keep(db: Kysely<Database>): void {
    if (this.#unkept.size === 0) return;
    const rows = [...this.#unkept].map(([id, entry]) => ({
      id,
      memo_key: entry.key,
      anchor: JSON.stringify(entry.anchor),
    }));
    this.#unkept.clear();
    this.#writing = this.#writing
      .then(() => new Promise<void>((after) => setImmediate(after)))
      .then(() => writeTransaction(db, (trx) => keepLocatedAnchors(trx, rows)))
      .catch(() => {});
  }

  /**
   * Resolves once every anchor kept so far is written (or could not be): awaited before the store closes.
   * @example await ctx.anchors.written(); await store.close();
   */
  written(): Promise<void> {
    return this.#writing;
  }
}

/** A stored anchor, or null for one this version cannot read (it is then located again). */
function parseAnchor(text: string): ThreadAnchor | null {
  try {
    const value = JSON.parse(text) as ThreadAnchor;
    return typeof value === "object" && value !== null && typeof value.state === "string" ? value : null;
  } catch {
    return null;
  }
}
