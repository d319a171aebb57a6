import type { Thread } from "@opencode-review/core";
import type { Kysely } from "kysely";
import type { Repository } from "../../git/index.js";
import { latestThreadChange, threadsChangedSince, type Database } from "../../store/index.js";

// Queries differ by status and file filter; a panel uses a handful, so a few kept answers suffice.
const MAX_KEPT = 16;
/** Past this many changed threads, reading them one by one costs about as much as reading them all. */
const MAX_PATCHED = 64;

/** A listing as computed, with the stamp of every work-tree file it read (taken before reading it). */
export interface ComputedListing {
  readonly threads: readonly Thread[];
  /** Path to `worktreeStamp`; null when some file could not be stamped (missing, symlink): not reusable. */
  readonly files: ReadonlyMap<string, string> | null;
}

/**
 * The changed threads of a listing, read again: for each id, the thread as the query shows it now, or
 * null when the query no longer shows it (deleted, filtered out, on another branch). `files` stamps the
 * files of the threads shown (null: some file could not be stamped).
 */
export interface ChangedThreads {
  readonly threads: ReadonlyMap<string, Thread | null>;
  readonly files: ReadonlyMap<string, string> | null;
}

/** How a query's listing is computed: whole, or only some threads of it again. */
export interface ListingSource {
  compute(): Promise<ComputedListing>;
  changed(ids: readonly string[]): Promise<ChangedThreads>;
  stampOf(path: string): string | null;
}

/**
 * A listing and its version: the same version is the same threads (a caller may keep what it made from them,
 * a serialized body, under the version), a new version is a listing computed or patched since.
 */
export interface Listing {
  readonly threads: readonly Thread[];
  readonly version: number;
}

interface Kept {
  readonly repo: Repository;
  readonly version: number;
  /** The newest thread change when the listing was read (see latestThreadChange). */
  readonly seq: number;
  readonly files: ReadonlyMap<string, string>;
  readonly threads: readonly Thread[];
}

/**
 * Keeps the last listing of each query and hands it out again while nothing it was computed from changed:
 * the repository (re-opened when HEAD moves), the threads and messages in the database (the change log of
 * migration 0002 numbers every change, whichever process wrote it), and the stamp of each work-tree file
 * the threads were located in. When only some threads changed since (a reply, a resolve), those threads are
 * read again and put in place of their old selves; the others keep their objects, so their serialized
 * JSON is reused too (anchors are kept for the whole service, in its context).
 * Requests for the same query and change number share one check or computation while it runs; a request
 * after a write sees a newer number and never joins a computation started before it.
 * Made once where the service is assembled (see createServiceCaches) and passed in.
 * @example const { threads, version } = await memo.list(ctx.db, repo, "all", source);
 */
export class ListingMemo {
  readonly #kept = new Map<string, Kept>();
  readonly #running = new Map<string, Promise<Listing>>();
  /** The last version handed out; every listing computed or patched gets the next one. */
  #version = 0;

  /** The threads of `query` and their version, reused when still exact, patched when a few threads changed, else computed. */
  async list(db: Kysely<Database>, repo: Repository, query: string, source: ListingSource): Promise<Listing> {
    const seq = await latestThreadChange(db);
    const runKey = JSON.stringify([query, seq, repo.workTree, repo.branchKey]);
    const running = this.#running.get(runKey);
    // Same change number and repository: the running check started after every write this caller saw.
    if (running !== undefined) return running;
    const started = this.#answer(db, repo, query, seq, source).finally(() => this.#running.delete(runKey));
    this.#running.set(runKey, started);
    return started;
  }

  async #answer(
    db: Kysely<Database>,
    repo: Repository,
    query: string,
    seq: number,
    source: ListingSource,
  ): Promise<Listing> {
    const kept = this.#kept.get(query);
    const usable = kept !== undefined && kept.repo === repo && kept.seq <= seq && sameFiles(kept.files, source.stampOf);
    if (usable && kept.seq === seq) return { threads: kept.threads, version: kept.version };
    const ids = usable ? await threadsChangedSince(db, kept.seq, MAX_PATCHED) : null;
    if (usable && ids !== null) {
      const patched = patch(kept, await source.changed(ids));
      if (patched !== null) return this.#keep(query, { repo, seq, ...patched });
    }
    return this.#keep(query, { repo, seq, ...(await source.compute()) });
  }

  #keep(
    query: string,
    listing: { repo: Repository; seq: number; threads: readonly Thread[]; files: ReadonlyMap<string, string> | null },
  ): Listing {
    this.#kept.delete(query);
    const version = ++this.#version;
    const { files } = listing;
    if (files !== null) {
      if (this.#kept.size >= MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
      this.#kept.set(query, { ...listing, files, version });
    }
    return { threads: listing.threads, version };
  }
}

/**
 * The kept threads with the changed ones in place (a new array; unchanged threads are the same objects),
 * or null when the change cannot be patched in: a thread the listing did not show now belongs in it (a new
 * thread, a reopened one under `waiting`), and only a full read knows where, or a file could not be stamped.
 */
function patch(
  kept: Kept,
  changed: ChangedThreads,
): { threads: readonly Thread[]; files: ReadonlyMap<string, string> } | null {
  if (changed.files === null) return null;
  const { threads } = kept;
  const shown = new Set(threads.map((t) => t.id));
  for (const [id, thread] of changed.threads) if (thread !== null && !shown.has(id)) return null;
  const next: Thread[] = [];
  for (const thread of threads) {
    const now = changed.threads.get(thread.id);
    if (now === undefined) next.push(thread);
    else if (now !== null) next.push(now);
  }
  return { threads: next, files: new Map([...kept.files, ...changed.files]) };
}

function sameFiles(files: ReadonlyMap<string, string>, stampOf: (path: string) => string | null): boolean {
  for (const [path, stamp] of files) if (stampOf(path) !== stamp) return false;
  return true;
}
