import { sql, type Kysely } from "kysely";
import type { Database } from "./database.js";
import { inWriteTransaction } from "./write-transaction.js";

const reading = new WeakSet<Kysely<Database>>();

/**
 * Runs several reads against one consistent snapshot (a deferred transaction that never writes),
 * so a thread and its messages cannot be torn apart by a writer in another process.
 * Inside a writeTransaction or another readTransaction it simply joins that one.
 * @example const threads = await readTransaction(db, (trx) => threadsByBranch(trx, "main"))
 */
export async function readTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (reading.has(db) || inWriteTransaction(db)) return fn(db);
  return db.connection().execute(async (trx) => {
    await sql`begin`.execute(trx);
    reading.add(trx);
    try {
      return await fn(trx);
    } finally {
      reading.delete(trx);
      // Nothing was written: ending the snapshot with rollback equals commit and cannot wait on a lock.
      await sql`rollback`.execute(trx);
    }
  });
}
