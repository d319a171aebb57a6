import type { Thread } from "@opencode-review/core";
import type { Repository } from "../../git/index.js";

// A few agents paging at once, each through one listing; past it the oldest is dropped (its next page is
// then computed whole, which is only slower).
const MAX_KEPT = 32;

/**
 * What a work-tree file was just before a listing located its threads in it: its stamp (see worktreeStamp),
 * or, for a file too new to stamp (just edited), a digest of its bytes (worktreeDigest); a null digest (a
 * missing file, one that could not be read) never matches, so its threads are located again.
 */
export type FileMark = { readonly stamp: string } | { readonly digest: string | null };

/** The rest of a listing after a page: the threads not returned yet, in page order, and what they were computed from. */
export interface PageListing {
  readonly repo: Repository;
  /** The query's status and file, as JSON: a cursor read with another query computes its page whole. */
  readonly query: string;
  /** The newest thread change before the listing was read (see latestThreadChange). */
  readonly seq: number;
  readonly threads: readonly Thread[];
  /** Every path the threads were located in (their file, and the path now of a renamed one). */
  readonly files: ReadonlyMap<string, FileMark>;
}

/**
 * The listings `review_list` cursors continue, in this process: a cursor's next page is served from the
 * listing its first page computed, with only the threads changed since (in the store's change log) and
 * those in files changed since read again, instead of locating every remaining thread again on every page.
 * Reading all pages right after an agent's edit then costs about one listing (`pnpm bench paged-listing`).
 * The cursor itself is in the store (readCursor); a process without the listing computes the page whole.
 * Made once where the service is assembled (see createServiceCaches) and passed in.
 * @example pages.keep(next, listing); pages.take(cursor, repo, query) // the listing, or undefined
 */
export class PageListings {
  readonly #kept = new Map<string, PageListing>();
  /** The first page's listing made ahead of the agent's first call (see prepareFirst), by query. */
  readonly #first = new Map<string, { readonly repo: Repository; readonly listing: Promise<PageListing | null> }>();

  /**
   * Computes, in the background, the listing a first page (no cursor) of `query` would compute, so the
   * agent's first review_list continues it instead of waiting for every thread to be read and located in
   * a process that has not run that code yet. Made when the plugin has started and threads wait on the
   * agent: the model's first call comes seconds later. A failure is dropped here (the call computes its
   * page whole and meets the error itself).
   */
  prepareFirst(repo: Repository, query: string, compute: () => Promise<PageListing>): Promise<PageListing | null> {
    const listing = compute().catch(() => null);
    this.#first.set(query, { repo, listing });
    return listing;
  }

  /**
   * The prepared first-page listing of `query`, awaited if it is still being computed; handed out once
   * (later first pages are computed whole, as the listing ages with every change).
   */
  async takeFirst(repo: Repository, query: string): Promise<PageListing | undefined> {
    const prepared = this.#first.get(query);
    if (prepared === undefined || prepared.repo !== repo) return undefined;
    this.#first.delete(query);
    return (await prepared.listing) ?? undefined;
  }

  /** The listing `cursor` continues, if this process kept it for the same repository and query; it is handed out once. */
  take(cursor: string, repo: Repository, query: string): PageListing | undefined {
    const kept = this.#kept.get(cursor);
    if (kept === undefined || kept.repo !== repo || kept.query !== query) return undefined;
    return kept;
  }

  /** Keeps what remains of a listing for the page `cursor` reads. */
  keep(cursor: string, listing: PageListing): void {
    this.#kept.set(cursor, listing);
    while (this.#kept.size > MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
  }
}
