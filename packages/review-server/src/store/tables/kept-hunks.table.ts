import type { Kysely, Selectable } from "kysely";
import type { Database } from "../database.js";
import { requireWriteTransaction } from "../write-transaction.js";

/** `kept_hunks` (migration 0020): a hunk the person kept (reviewed), by its text, so it is kept until that changes. */
export interface KeptHunksTable {
  branch: string;
  path: string;
  /** A digest of the hunk's changed lines (see hunkKey). */
  hunk_key: string;
  kept_at: string;
}

export type KeptHunkRow = Readonly<Selectable<KeptHunksTable>>;

/**
 * Keeps hunks of a file (keeping one twice changes nothing).
 * @example await keepHunks(trx, "main", "a.ts", ["3f…"], now)
 */
export async function keepHunks(
  db: Kysely<Database>,
  branch: string,
  path: string,
  keys: readonly string[],
  at: string,
): Promise<void> {
  requireWriteTransaction(db, "keepHunks");
  if (keys.length === 0) return;
  await db
    .insertInto("kept_hunks")
    .values(keys.map((hunk_key) => ({ branch, path, hunk_key, kept_at: at })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * The kept hunks of a branch, as path → keys.
 * @example (await keptHunksOfBranch(db, "main")).get("a.ts")?.has(key)
 */
export async function keptHunksOfBranch(db: Kysely<Database>, branch: string): Promise<Map<string, Set<string>>> {
  const rows = await db.selectFrom("kept_hunks").select(["path", "hunk_key"]).where("branch", "=", branch).execute();
  const byPath = new Map<string, Set<string>>();
  for (const row of rows) {
    const keys = byPath.get(row.path) ?? new Set<string>();
    keys.add(row.hunk_key);
    byPath.set(row.path, keys);
  }
  return byPath;
}
