// A second OS process on the same database, driven by the store cases. Usage:
//   writer.ts replies <db> <author> <count> <threadId>...  waits for "go" on stdin, then writes <count> replies
//   writer.ts release <db> <branch> hang|commit           releases the drafts; "hang": stops inside the
//                                                           transaction, "commit": stops after it; the parent kills it
//   writer.ts churn <db> <threadId> <batch>                commits batches of <batch> messages until killed
//   writer.ts hold <db>                                     holds the file locked exclusively (no other
//                                                           connection can read it) until killed; prints "held"
//   writer.ts hold-reserved-then-shared <db> <ms>           (a file in rollback mode) holds a write lock and a read
//                                                           lock; drops the write lock after <ms>; prints "held"
// Prints "ready" once the store is open, and one line per milestone; any error goes to stderr with exit 1.
import { sql } from "kysely";
import { openStore } from "../open-store.js";
import { openNativeDatabase } from "../native-database.js";
import { insertMessage } from "../tables/messages.table.js";
import { updateThread } from "../tables/threads.table.js";
import { insertReview } from "../tables/reviews.table.js";
import { latestRound } from "../tables/rounds.table.js";
import { releaseDraftsForTest } from "./release-drafts.js";
import { writeTransaction } from "../write-transaction.js";
import { say, waitForever, waitForGo } from "../../testing/line-child.js";

const [command, path, ...rest] = process.argv.slice(2);

async function main(): Promise<void> {
  if (path === undefined) throw new Error("usage: writer.ts <command> <db> ...");
  if (command === "hold") {
    // In WAL mode BEGIN EXCLUSIVE alone still lets readers in; exclusive locking mode and a write keep
    // every other connection out, as a migration or a VACUUM of another version would.
    const native = await openNativeDatabase(path);
    native.exec("PRAGMA locking_mode = EXCLUSIVE");
    native.exec("BEGIN EXCLUSIVE");
    native.exec("CREATE TABLE held_by_test (x)");
    say("held");
    // Collect garbage at once, so a holder that let go of its connection fails the next read every run
    // (see waitForever), not only when its first collection happens to come before that read.
    setTimeout(() => (globalThis as { gc?: () => void }).gc?.(), 0);
    await waitForever(native);
  }
  if (command === "hold-reserved-then-shared") {
    // A write lock makes another connection's switch to WAL fail at once; a read lock alone makes it wait.
    const writer = await openNativeDatabase(path);
    const reader = await openNativeDatabase(path);
    writer.exec("BEGIN IMMEDIATE");
    writer.exec("UPDATE kysely_migration SET name = name");
    reader.exec("BEGIN");
    reader.prepare("SELECT count(*) AS n FROM kysely_migration").all([]);
    say("held");
    setTimeout(() => {
      writer.exec("ROLLBACK");
      say("shared only");
    }, Number(rest[0]));
    await waitForever(writer, reader);
  }
  const store = await openStore({ path });
  say("ready");
  if (command === "replies") {
    const [author, count, ...threadIds] = rest;
    if (author !== "human" && author !== "agent") throw new Error(`bad author ${author}`);
    await waitForGo();
    for (let i = 0; i < Number(count); i++) {
      const threadId = threadIds[i % threadIds.length]!;
      await writeTransaction(store.db, async (trx) => {
        // Read, then write from what was read: only a transaction that holds the write lock from
        // its start makes the sequence numbers of two processes come out unique.
        const { n } = await trx
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("thread_id", "=", threadId)
          .executeTakeFirstOrThrow();
        await insertMessage(trx, {
          created_at: new Date().toISOString(),
          thread_id: threadId,
          author,
          body: `${Number(n) + 1} ${author} ${i}`,
          delivery: "sent",
        });
        await updateThread(trx, threadId, {
          updated_at: new Date().toISOString(),
          awaiting: author === "agent" ? "human" : "agent",
        });
      });
    }
    say("done");
    await store.close();
    return;
  }
  if (command === "release") {
    const [branch, when] = rest;
    if (branch === undefined) throw new Error("release needs a branch");
    const round = await latestRound(store.db, branch);
    if (round === undefined) throw new Error(`no round on ${branch}`);
    await writeTransaction(store.db, async (trx) => {
      const review = await insertReview(trx, {
        released_at: new Date().toISOString(),
        branch,
        mode: "tools",
        round_id: round.id,
      });
      const released = await releaseDraftsForTest(trx, { at: new Date().toISOString(), branch, reviewId: review.id });
      say(`released ${released}`);
      if (when === "hang") {
        say("inside");
        await waitForever(store, trx);
      }
    });
    say("committed");
    await waitForever(store);
  }
  if (command === "churn") {
    const [threadId, batch] = rest;
    if (threadId === undefined) throw new Error("churn needs a thread");
    for (let round = 1; ; round++) {
      await writeTransaction(store.db, async (trx) => {
        for (let i = 0; i < Number(batch); i++) {
          await insertMessage(trx, {
            created_at: new Date().toISOString(),
            thread_id: threadId,
            author: "agent",
            body: `batch ${round} #${i}`,
            delivery: "sent",
          });
        }
        // One more statement after the inserts, so a kill can also land between two kinds of write.
        await sql`update threads set updated_at = ${new Date().toISOString()} where id = ${threadId}`.execute(trx);
      });
      say(`committed ${round}`);
    }
  }
  throw new Error(`unknown command ${command}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
