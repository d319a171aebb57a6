import type { Thread } from "@opencode-review/core";
import { sql, type Kysely } from "kysely";
import type { Repository } from "../git/index.js";
import type { Database } from "../store/index.js";
import { AnchorMemo } from "./anchor-memo.js";

// Queries differ by status and file filter; a panel uses a handful, so a few kept answers suffice.
const MAX_KEPT = 16;

/** A listing as computed, with the stamp of every work-tree file it read (taken before reading it). */
export interface ComputedListing {
  readonly threads: readonly Thread[];
  /** Path to `worktreeStamp`; null when some file could not be stamped (missing, symlink): not reusable. */
  readonly files: ReadonlyMap<string, string> | null;
}

interface Kept {
  readonly repo: Repository;
  readonly store: string;
  readonly files: ReadonlyMap<string, string>;
  readonly threads: readonly Thread[];
}

/**
 * Keeps the last listing of each query and hands it out again while nothing it was computed from changed:
 * the repository (re-opened when HEAD moves), the database (`total_changes()` counts every row this
 * connection wrote, whoever in this process wrote it; `data_version` moves when another connection, such as
 * another opencode process, commits), and the stamp of each work-tree file the threads were located in.
 * Requests for the same query and database state share one check or computation while it runs; a request
 * after a write sees another database state and never joins a computation started before it.
 * Anchors are memoized per thread too (`anchors`), so a listing after a reply only re-reads the database.
 * @example const threads = await memo.list(ctx.db, repo, "all", (anchors) => computeListing(anchors));
 */
export class ListingMemo {
  readonly anchors = new AnchorMemo();
  readonly #kept = new Map<string, Kept>();
  readonly #running = new Map<string, Promise<readonly Thread[]>>();

  /** The threads of `query`, reused when still exact, else from `compute`. */
  async list(
    db: Kysely<Database>,
    repo: Repository,
    query: string,
    compute: (anchors: AnchorMemo) => Promise<ComputedListing>,
    stampOf: (path: string) => string | null,
  ): Promise<readonly Thread[]> {
    const store = await storeVersion(db);
    const runKey = JSON.stringify([query, store, repo.workTree, repo.branchKey]);
    const running = this.#running.get(runKey);
    // Same database state and repository: the running check started after every write this caller saw.
    if (running !== undefined) return running;
    const started = (async () => {
      const kept = this.#kept.get(query);
      if (kept !== undefined && kept.repo === repo && kept.store === store && sameFiles(kept.files, stampOf)) return kept.threads;
      const { threads, files } = await compute(this.anchors);
      if (files === null) this.#kept.delete(query);
      else {
        this.#kept.delete(query);
        if (this.#kept.size >= MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
        this.#kept.set(query, { repo, store, files, threads });
      }
      return threads;
    })().finally(() => this.#running.delete(runKey));
    this.#running.set(runKey, started);
    return started;
  }
}

/** Changes on this connection and commits by others: equal values mean the same database contents. */
async function storeVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ changes: number; version: number }>`select total_changes() as changes, data_version as version from pragma_data_version()`.execute(db);
  return `${rows[0]!.changes}:${rows[0]!.version}`;
}

function sameFiles(files: ReadonlyMap<string, string>, stampOf: (path: string) => string | null): boolean {
  for (const [path, stamp] of files) if (stampOf(path) !== stamp) return false;
  return true;
}
