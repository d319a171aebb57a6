import { sql, type Kysely } from "kysely";
import { ReviewError } from "@opencode-review/core";
import type { Database } from "./database.js";

// Connections currently inside a writeTransaction. Store write functions refuse any other
// handle, so every write is made under BEGIN IMMEDIATE (see writeTransaction).
const writing = new WeakSet<Kysely<Database>>();

// busy_timeout already waits 5 s for the lock; a few more tries cover a burst of writers on a
// loaded machine. Only BEGIN is retried: nothing has been done yet, so it is always safe.
const BEGIN_ATTEMPTS = 4;

/**
 * Runs `fn` in one write transaction opened with BEGIN IMMEDIATE, committing when it returns
 * and rolling back when it throws; a call inside another writeTransaction joins it.
 * A deferred transaction that reads and later writes fails at once with SQLITE_BUSY in WAL
 * mode when another process wrote meanwhile; taking the write lock first makes it wait instead.
 * @example await writeTransaction(db, (trx) => insertMessage(trx, { thread_id, author: "agent", body: "Done." }))
 */
export async function writeTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (writing.has(db)) return fn(db);
  return db.connection().execute(async (trx) => {
    await beginImmediate(trx);
    writing.add(trx);
    try {
      const result = await fn(trx);
      await sql`commit`.execute(trx);
      return result;
    } catch (error) {
      await sql`rollback`.execute(trx).catch(() => {
        // SQLite may already have rolled back (e.g. after a full disk); the first error matters.
      });
      throw error;
    } finally {
      writing.delete(trx);
    }
  });
}

/**
 * Whether `db` is the handle of a running writeTransaction (reads on it need no snapshot of their own).
 * @example if (inWriteTransaction(db)) return fn(db)
 */
export function inWriteTransaction(db: Kysely<Database>): boolean {
  return writing.has(db);
}

/**
 * Throws unless `db` is the handle of a running writeTransaction; store write functions call it first.
 * @example requireWriteTransaction(db, "insertThread")
 */
export function requireWriteTransaction(db: Kysely<Database>, operation: string): void {
  if (!writing.has(db)) {
    throw new ReviewError("internal", `${operation} must run inside writeTransaction(db, (trx) => ...).`);
  }
}

async function beginImmediate(trx: Kysely<Database>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`begin immediate`.execute(trx);
      return;
    } catch (error) {
      if (attempt >= BEGIN_ATTEMPTS || !isBusy(error)) throw error;
    }
  }
}

function isBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === "string" && code.startsWith("SQLITE_BUSY")) || /database is locked/i.test(error.message);
}
