// The store's proof, as plain async functions so the same cases run under vitest (Node,
// better-sqlite3) and under Bun (bun:sqlite) through scripts/store-under-bun.ts.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import { ReviewError } from "@opencode-review/core";
import type { Database } from "../database.js";
import { draftsOfBranch } from "../drafts.js";
import { releaseDraftsForTest } from "./release-drafts.js";
import {
  deleteMessageRow,
  insertMessage,
  markMessagesDelivered,
  messageById,
  messagesByThreadIds,
  updateMessage,
} from "../tables/messages.table.js";
import { currentRuntime, openNativeDatabase, type SqliteRuntime } from "../native-database.js";
import { openStore, type Store } from "../open-store.js";
import { readTransaction } from "../read-transaction.js";
import { insertReview, reviewById, reviewsByBranch, updateReview } from "../tables/reviews.table.js";
import { insertRound, latestRound, roundById, roundsByBranch, type RoundRow } from "../tables/rounds.table.js";
import { branchBaseOf, forgetBranchBase, pickBranchBase } from "../tables/branch-bases.table.js";
import { listServers, removeServer, upsertServer } from "../tables/servers.table.js";
import { latestSession, sessionById, upsertSession } from "../tables/sessions.table.js";
import {
  deleteThread,
  insertThread,
  threadById,
  threadsByBranch,
  updateThread,
  type NewThread,
} from "../tables/threads.table.js";
import { writeTransaction } from "../write-transaction.js";
import { latestThreadChange, threadsChangedSince } from "../tables/thread-changes.table.js";
import { reviewerChangesSince } from "../tables/reviewer-changes.table.js";
import { insertRun, updateRun } from "../tables/runs.table.js";
import { insertFinding, updateFinding } from "../tables/findings.table.js";
import { initialSchema } from "../migrations/0001-initial-schema.js";
import { migrations as allMigrations } from "../migrations/index.js";
import { startWriter } from "./writer-process.js";
import { reviewsAfter, roundsAfter, storePosition } from "../store-position.js";
import { markFileViewed, unmarkFileViewed } from "../tables/viewed-files.table.js";

/** The scope positions are read for in these cases: branch main of one repository. */
const mainScope = { branch: "main", repository: "/repo/.git" } as const;

export interface StoreCase {
  readonly name: string;
  run(): Promise<void>;
}

async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "opencode-review-store-"));
  try {
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withStore(fn: (store: Store, path: string) => Promise<void>): Promise<void> {
  await inTempDir(async (dir) => {
    const path = join(dir, "nested", "review.sqlite");
    const store = await openStore({ path });
    try {
      await fn(store, path);
    } finally {
      await store.close();
    }
  });
}

function seedRound(db: Kysely<Database>, branch = "main"): Promise<RoundRow> {
  return writeTransaction(db, (trx) =>
    insertRound(trx, {
      created_at: new Date().toISOString(),
      branch,
      base: "b".repeat(40),
      snapshot: "s".repeat(40),
      tree: "e".repeat(40),
    }),
  );
}

function aThread(round: RoundRow, overrides: Partial<NewThread> = {}): NewThread {
  return {
    created_at: new Date().toISOString(),
    branch: round.branch,
    file: "src/parser.ts",
    side: "new",
    start_line: 10,
    end_line: 12,
    round_id: round.id,
    quoted: ["+const a = 1;", " const b = 2;", "+return a + b;"],
    context: { before: ["function f() {"], after: ["}"] },
    status: "draft",
    awaiting: null,
    origin: "human",
    ...overrides,
  };
}

async function assertRefused(path: string, expected: RegExp): Promise<void> {
  const before = readFileSync(path);
  await assert.rejects(openStore({ path }), (error: unknown) => {
    assert.ok(error instanceof ReviewError, `expected a ReviewError, got ${String(error)}`);
    assert.equal(error.code, "store");
    assert.ok(error.message.includes(path), `the message names the file: ${error.message}`);
    assert.match(error.message, expected);
    return true;
  });
  assert.ok(readFileSync(path).equals(before), "the refused file is byte for byte unchanged");
  assert.equal(existsSync(`${path}-wal`), false, "no write-ahead log was left beside the refused file");
}

async function messageCount(db: Kysely<Database>, where: { thread?: string; delivery?: string } = {}): Promise<number> {
  let query = db.selectFrom("messages").select((eb) => eb.fn.countAll<number>().as("n"));
  if (where.thread !== undefined) query = query.where("thread_id", "=", where.thread);
  if (where.delivery !== undefined) query = query.where("delivery", "=", where.delivery as "sent");
  return Number((await query.executeTakeFirstOrThrow()).n);
}

const otherRuntime: Record<SqliteRuntime, SqliteRuntime> = { node: "bun", bun: "node" };

async function concurrentReplies(path: string, runtimes: readonly [SqliteRuntime, SqliteRuntime]): Promise<void> {
  const store = await openStore({ path });
  const round = await seedRound(store.db);
  const threads = await writeTransaction(store.db, async (trx) =>
    Promise.all(
      [1, 2, 3].map((n) =>
        insertThread(trx, aThread(round, { status: "open", awaiting: "agent", start_line: n, end_line: n })),
      ),
    ),
  );
  await store.close();

  const ids = threads.map((t) => t.id);
  const writers = [
    startWriter(runtimes[0], ["replies", path, "agent", "200", ...ids]),
    startWriter(runtimes[1], ["replies", path, "human", "200", ...ids]),
  ];
  await Promise.all(writers.map((w) => w.waitFor("ready")));
  for (const writer of writers) writer.go();
  const results = await Promise.all(writers.map((w) => w.exited));
  for (const result of results) {
    assert.equal(result.code, 0, `a writer failed: ${result.stderr}`);
    assert.doesNotMatch(result.stderr, /SQLITE_BUSY|database is locked/);
  }

  const reopened = await openStore({ path });
  try {
    const messages = await messagesByThreadIds(reopened.db, ids);
    assert.equal(messages.length, 400);
    assert.equal(messages.filter((m) => m.author === "agent").length, 200);
    assert.equal(messages.filter((m) => m.author === "human").length, 200);
    for (const id of ids) {
      const own = messages.filter((m) => m.thread_id === id);
      // Each reply numbered itself from the count it read; unique 1..n means no two transactions interleaved.
      const sequence = own.map((m) => Number(m.body.split(" ")[0])).sort((a, b) => a - b);
      assert.deepEqual(
        sequence,
        own.map((_, i) => i + 1),
        `thread ${id}: replies numbered 1..${own.length} with none lost or repeated`,
      );
    }
  } finally {
    await reopened.close();
  }
}

async function seedDrafts(path: string, count: number): Promise<void> {
  const store = await openStore({ path });
  const round = await seedRound(store.db);
  await writeTransaction(store.db, async (trx) => {
    for (let i = 0; i < count; i++) {
      const thread = await insertThread(
        trx,
        aThread(round, { file: `src/file-${i % 25}.ts`, start_line: i + 1, end_line: i + 1 }),
      );
      await insertMessage(trx, {
        created_at: new Date().toISOString(),
        thread_id: thread.id,
        author: "human",
        body: `comment ${i}`,
        delivery: "unsent",
      });
    }
  });
  await store.close();
}

async function releaseState(
  path: string,
): Promise<{ drafts: number; unsent: number; sent: number; open: number; reviews: number }> {
  const store = await openStore({ path });
  try {
    const drafts = await draftsOfBranch(store.db, "main");
    return {
      drafts: drafts.threads.length,
      unsent: drafts.messages.length,
      sent: await messageCount(store.db, { delivery: "sent" }),
      open: (await threadsByBranch(store.db, "main", { status: "open" })).length,
      reviews: (await reviewsByBranch(store.db, "main")).length,
    };
  } finally {
    await store.close();
  }
}

export const storeCases: readonly StoreCase[] = [
  {
    name: "a store's folder is 0700 and its files 0600 under umask 000, and writes are refused once the file is deleted",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "opencode-review", "review.sqlite");
        const before = process.umask(0o000);
        let store: Store;
        try {
          store = await openStore({ path });
          await writeTransaction(store.db, (trx) =>
            upsertServer(trx, {
              heartbeat_at: new Date().toISOString(),
              url: "http://127.0.0.1:1",
              pid: 1,
              worktree: "/r",
              branch: "main",
            }),
          );
        } finally {
          process.umask(before);
        }
        try {
          const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
          assert.equal(mode(join(dir, "opencode-review")), "700");
          for (const file of [path, `${path}-wal`, `${path}-shm`]) assert.equal(mode(file), "600", file);
          rmSync(join(dir, "opencode-review"), { recursive: true, force: true });
          await assert.rejects(
            writeTransaction(store.db, (trx) =>
              upsertServer(trx, {
                heartbeat_at: new Date().toISOString(),
                url: "http://127.0.0.1:2",
                pid: 1,
                worktree: "/r",
                branch: "main",
              }),
            ),
            (error: unknown) =>
              error instanceof ReviewError &&
              error.code === "store" &&
              /was deleted while this server ran/.test(error.message),
          );
        } finally {
          await store.close();
        }
      }),
  },
  {
    name: "every change to a thread or its messages is logged with the thread's id, and the log keeps the last 10,000",
    run: () =>
      withStore(async (store) => {
        const { db } = store;
        assert.equal(await latestThreadChange(db), 0);
        const round = await seedRound(db);
        const [a, b] = await writeTransaction(db, async (trx) => [
          await insertThread(trx, aThread(round)),
          await insertThread(trx, aThread(round, { start_line: 20, end_line: 20 })),
        ]);
        const afterInserts = await latestThreadChange(db);
        assert.equal(afterInserts, 2);
        const message = await writeTransaction(db, (trx) =>
          insertMessage(trx, {
            created_at: new Date().toISOString(),
            thread_id: a!.id,
            author: "human",
            body: "Why?",
            delivery: "unsent",
          }),
        );
        assert.deepEqual(await threadsChangedSince(db, afterInserts, 64), [a!.id]);
        const afterMessage = await latestThreadChange(db);
        await writeTransaction(db, (trx) =>
          updateThread(trx, b!.id, { updated_at: new Date().toISOString(), status: "open", awaiting: "agent" }),
        );
        await writeTransaction(db, (trx) => updateMessage(trx, message.id, { body: "Why not?" }));
        assert.deepEqual(new Set(await threadsChangedSince(db, afterMessage, 64)), new Set([a!.id, b!.id]));
        assert.equal(await threadsChangedSince(db, afterMessage, 1), null, "more threads changed than asked for");
        const beforeDelete = await latestThreadChange(db);
        await writeTransaction(db, (trx) => deleteThread(trx, a!.id));
        // The message went with its thread (cascade): both deletions name the thread.
        assert.deepEqual(await threadsChangedSince(db, beforeDelete, 64), [a!.id]);
        assert.deepEqual(await threadsChangedSince(db, await latestThreadChange(db), 64), []);

        // 10,001 more changes: the oldest fall out of the log, and a reader from before them is told to read everything.
        const old = await latestThreadChange(db);
        await writeTransaction(db, async (trx) => {
          for (let i = 0; i < 10_001; i++)
            await updateThread(trx, b!.id, { human_seen_at: new Date(i).toISOString(), updated_at: b!.updated_at });
        });
        assert.equal(await latestThreadChange(db), old + 10_001);
        const kept = await sql<{ n: number }>`select count(*) as n from thread_changes`.execute(db);
        assert.equal(Number(kept.rows[0]?.n), 10_000);
        assert.equal(await threadsChangedSince(db, old, 64), null);
        assert.deepEqual(await threadsChangedSince(db, old + 1, 64), [b!.id]);
      }),
  },
  {
    name: "every change to a reviewer run or finding is logged, a finding with its run, and the log keeps the last 10,000",
    run: () =>
      withStore(async (store) => {
        const { db } = store;
        const at = async () => (await storePosition(db, mainScope)).reviewerChange;
        assert.deepEqual(await reviewerChangesSince(db, 0, 64), { runs: [], runRows: [], findings: [] });
        const round = await seedRound(db);
        const run = await writeTransaction(db, (trx) =>
          insertRun(trx, {
            branch: "main",
            parent_session_id: "ses_1",
            model: "p/m",
            round_id: round.id,
            status: "pending",
            owner_pid: 1,
            owner_instance: "s_1",
            created_at: "2025-01-01T00:00:00.000Z",
          }),
        );
        assert.deepEqual(await reviewerChangesSince(db, 0, 64), { runs: [run.id], runRows: [run.id], findings: [] });
        const started = await at();
        await writeTransaction(db, (trx) => updateRun(trx, run.id, { status: "running", session_id: "ses_child" }));
        assert.deepEqual(await reviewerChangesSince(db, started, 64), {
          runs: [run.id],
          runRows: [run.id],
          findings: [],
        });
        const running = await at();
        const finding = await writeTransaction(db, (trx) =>
          insertFinding(trx, {
            run_id: run.id,
            branch: "main",
            file: "src/parser.ts",
            base_file: null,
            side: "new",
            start_line: 10,
            end_line: 10,
            round_id: round.id,
            quoted: ["+const a = 1;"],
            context: { before: [], after: [] },
            body: "Off by one.",
            suggestion: null,
            severity: "major",
            key: "k1",
            created_at: "2025-01-01T00:00:01.000Z",
          }),
        );
        assert.deepEqual(await reviewerChangesSince(db, running, 64), {
          runs: [run.id],
          runRows: [],
          findings: [finding.id],
        });
        const pinned = await at();
        await writeTransaction(db, (trx) =>
          updateFinding(trx, finding.id, { status: "dismissed", updated_at: "2025-01-01T00:00:02.000Z" }),
        );
        assert.deepEqual(await reviewerChangesSince(db, pinned, 64), {
          runs: [run.id],
          runRows: [],
          findings: [finding.id],
        });
        assert.deepEqual(await reviewerChangesSince(db, await at(), 64), { runs: [], runRows: [], findings: [] });
        // Threads are another log: a thread's change moves this one not at all.
        const before = await at();
        await writeTransaction(db, (trx) => insertThread(trx, aThread(round)));
        assert.equal(await at(), before);

        const old = await at();
        await writeTransaction(db, async (trx) => {
          for (let i = 0; i < 10_001; i++)
            await updateFinding(trx, finding.id, { human_seen_at: new Date(i).toISOString() });
        });
        assert.equal(await at(), old + 10_001);
        const kept = await sql<{ n: number }>`select count(*) as n from reviewer_changes`.execute(db);
        assert.equal(Number(kept.rows[0]?.n), 10_000);
        assert.equal(
          await reviewerChangesSince(db, old, 64),
          null,
          "a reader from before the kept entries reads everything",
        );
        assert.deepEqual(await reviewerChangesSince(db, old + 1, 64), {
          runs: [run.id],
          runRows: [],
          findings: [finding.id],
        });
        assert.equal(await reviewerChangesSince(db, 0, 0), null, "more changed than asked for");
      }),
  },
  {
    name: "a new store creates its folder, the schema and the pragmas",
    run: () =>
      withStore(async (store, path) => {
        assert.ok(existsSync(path));
        const tables = await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' order by name`.execute(store.db);
        const names = tables.rows.map((r) => r.name);
        for (const table of ["rounds", "threads", "messages", "reviews", "sessions", "servers", "kysely_migration"]) {
          assert.ok(names.includes(table), `table ${table} exists (found ${names.join(", ")})`);
        }
        const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(
          store.db,
        );
        for (const index of ["threads_branch_status", "threads_branch_file", "messages_thread", "messages_delivery"]) {
          assert.ok(
            indexes.rows.some((r) => r.name === index),
            `index ${index} exists`,
          );
        }
        const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
        assert.equal(mode.rows[0]?.journal_mode, "wal");
        const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
        assert.equal(keys.rows[0]?.foreign_keys, 1);
        const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(store.db);
        assert.equal(busy.rows[0]?.timeout, 5000);
        const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(store.db);
        assert.deepEqual(
          migrations.rows.map((r) => r.name),
          allMigrations.map((m) => m.name),
        );
      }),
  },
  {
    name: "a database made before the change log (schema 0001) is brought up to date and keeps its threads and sessions",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        // As an opencode-review with only the first migration left it.
        const native = await openNativeDatabase(path);
        const old = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
        await new Migrator({
          db: old,
          provider: { getMigrations: async () => ({ "0001_initial_schema": initialSchema }) },
        }).migrateToLatest();
        const round = await seedRound(old);
        // Written as that version wrote it: the columns of schema 0001 only.
        const thread = { id: "t_before", ...aThread(round) };
        await sql`insert into threads (id, branch, file, side, start_line, end_line, round_id, quoted, context, status, awaiting, origin, created_at, updated_at)
          values (${thread.id}, ${thread.branch}, ${thread.file}, ${thread.side}, ${thread.start_line}, ${thread.end_line}, ${thread.round_id},
            ${JSON.stringify(thread.quoted)}, ${JSON.stringify(thread.context)}, ${thread.status}, ${thread.awaiting}, ${thread.origin}, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`.execute(
          old,
        );
        await sql`insert into sessions (id, branch, title, directory, last_active_at) values ('ses_old', 'main', 'Before', '/repo', '2025-01-01T00:00:00.000Z')`.execute(
          old,
        );
        await old.destroy();

        const store = await openStore({ path });
        try {
          const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
            store.db,
          );
          assert.deepEqual(
            migrations.rows.map((r) => r.name),
            allMigrations.map((m) => m.name),
          );
          assert.deepEqual((await threadById(store.db, thread.id))?.quoted, thread.quoted);
          assert.equal((await threadById(store.db, thread.id))?.base_file, null);
          assert.deepEqual(await latestSession(store.db, "main"), {
            id: "ses_old",
            branch: "main",
            title: "Before",
            directory: "/repo",
            last_active_at: "2025-01-01T00:00:00.000Z",
            server_url: null,
            seen_by: null,
          });
          assert.equal(await latestThreadChange(store.db), 0, "nothing logged for what was written before the log");
          await writeTransaction(store.db, (trx) =>
            insertMessage(trx, {
              created_at: new Date().toISOString(),
              thread_id: thread.id,
              author: "human",
              body: "Still there?",
              delivery: "unsent",
            }),
          );
          assert.deepEqual(await threadsChangedSince(store.db, 0, 64), [thread.id]);
        } finally {
          await store.close();
        }
      }),
  },
  {
    name: "reopening a store is a no-op that keeps its data and bytes",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        const first = await openStore({ path });
        const round = await seedRound(first.db);
        await first.close();
        const bytes = readFileSync(path);
        const second = await openStore({ path });
        assert.deepEqual(await roundById(second.db, round.id), round);
        const migrations = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(second.db);
        assert.equal(Number(migrations.rows[0]?.n), allMigrations.length);
        await second.close();
        assert.ok(readFileSync(path).equals(bytes), "reopening wrote nothing");
      }),
  },
  {
    name: "a database from a newer schema is refused and left unchanged",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        const store = await openStore({ path });
        await seedRound(store.db);
        await writeTransaction(store.db, async (trx) => {
          await sql`insert into kysely_migration (name, timestamp) values ('0009_from_the_future', ${new Date().toISOString()})`.execute(
            trx,
          );
        });
        await store.close();
        await assertRefused(path, /newer opencode-review.*0009_from_the_future/);
      }),
  },
  {
    name: "a file of random bytes is refused and left unchanged",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        writeFileSync(path, randomBytes(8192));
        await assertRefused(path, /not a SQLite database/);
      }),
  },
  {
    name: "a text file is refused and left unchanged",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        writeFileSync(path, "These are my notes, not a database.\n".repeat(40));
        await assertRefused(path, /not a SQLite database/);
      }),
  },
  {
    name: "a file with a SQLite header and damaged pages is refused and left unchanged",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        writeFileSync(path, Buffer.concat([Buffer.from("SQLite format 3\u0000", "latin1"), randomBytes(4096 - 16)]));
        await assertRefused(path, /cannot be used/);
      }),
  },
  {
    name: "another program's SQLite database is refused and left unchanged",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        // A foreign database made with the same driver: a plain table and no migration record.
        const native = await openNativeDatabase(path);
        native.exec("create table notes (id integer primary key, text text)");
        native.exec("insert into notes (text) values ('keep me')");
        native.close();
        await assertRefused(path, /another program.*notes/);
      }),
  },
  {
    name: "writes outside writeTransaction are refused before touching the database",
    run: () =>
      withStore(async (store) => {
        const round = await seedRound(store.db);
        await assert.rejects(insertThread(store.db, aThread(round)), (error: unknown) => {
          assert.ok(error instanceof ReviewError);
          assert.equal(error.code, "internal");
          assert.match(error.message, /insertThread must run inside writeTransaction/);
          return true;
        });
        assert.deepEqual(await threadsByBranch(store.db, "main"), []);
      }),
  },
  {
    name: "a write transaction that throws leaves nothing written and rethrows",
    run: () =>
      withStore(async (store) => {
        const failure = new Error("the service changed its mind");
        await assert.rejects(
          writeTransaction(store.db, async (trx) => {
            const round = await insertRound(trx, {
              created_at: new Date().toISOString(),
              branch: "main",
              base: "b",
              snapshot: "s",
              tree: "t",
            });
            const thread = await insertThread(trx, aThread(round));
            await insertMessage(trx, {
              created_at: new Date().toISOString(),
              thread_id: thread.id,
              author: "human",
              body: "x",
              delivery: "unsent",
            });
            // A nested call joins the same transaction, so its write is undone too.
            await writeTransaction(trx, (inner) =>
              upsertSession(inner, {
                last_active_at: new Date().toISOString(),
                id: "ses_1",
                branch: "main",
                title: "t",
                directory: "/r",
              }),
            );
            throw failure;
          }),
          (error: unknown) => error === failure,
        );
        assert.equal(await latestRound(store.db, "main"), undefined);
        assert.deepEqual(await threadsByBranch(store.db, "main"), []);
        assert.equal(await messageCount(store.db), 0);
        assert.equal(await sessionById(store.db, "ses_1"), undefined);
        // The connection is usable afterwards: the transaction was really closed.
        assert.equal((await seedRound(store.db)).ordinal, 1);
      }),
  },
  {
    name: "a failing statement (foreign key) rolls back the writes before it",
    run: () =>
      withStore(async (store) => {
        const round = await seedRound(store.db);
        await assert.rejects(
          writeTransaction(store.db, async (trx) => {
            await insertThread(trx, aThread(round, { id: "t_kept_only_if_committed" }));
            await insertThread(trx, aThread(round, { round_id: "r_does_not_exist" }));
          }),
          /FOREIGN KEY/i,
        );
        assert.equal(await threadById(store.db, "t_kept_only_if_committed"), undefined);
      }),
  },
  {
    name: "rounds: ordinals count from 1 per branch; latest, by id and by branch",
    run: () =>
      withStore(async (store) => {
        const a1 = await seedRound(store.db, "main");
        const a2 = await seedRound(store.db, "main");
        const b1 = await seedRound(store.db, "feature/x");
        assert.deepEqual([a1.ordinal, a2.ordinal, b1.ordinal], [1, 2, 1]);
        assert.match(a1.id, /^r_[0-9a-z]{16}$/);
        assert.equal(a1.base, "b".repeat(40));
        assert.deepEqual(await latestRound(store.db, "main"), a2);
        assert.deepEqual(await roundById(store.db, b1.id), b1);
        assert.deepEqual(
          (await roundsByBranch(store.db, "main")).map((r) => r.id),
          [a1.id, a2.id],
        );
        assert.equal(await roundById(store.db, "r_missing"), undefined);
      }),
  },
  {
    name: "threads: insert decodes JSON, update, seen, filters and delete cascading to messages",
    run: () =>
      withStore(async (store) => {
        const round = await seedRound(store.db);
        const created = await writeTransaction(store.db, async (trx) => ({
          one: await insertThread(trx, aThread(round, { created_at: "2025-01-01T00:00:00.000Z" })),
          whole: await insertThread(
            trx,
            aThread(round, {
              file: "README.md",
              start_line: null,
              end_line: null,
              status: "open",
              awaiting: "agent",
              created_at: "2025-01-01T00:00:01.000Z",
            }),
          ),
          old: await insertThread(
            trx,
            aThread(round, {
              side: "old",
              status: "resolved",
              origin: "agent",
              resolved_at: "2025-01-02T00:00:00.000Z",
              resolved_by: "agent",
              created_at: "2025-01-01T00:00:02.000Z",
            }),
          ),
          elsewhere: await insertThread(
            trx,
            aThread(
              await insertRound(trx, {
                created_at: new Date().toISOString(),
                branch: "dev",
                base: "b",
                snapshot: "s",
                tree: "t",
              }),
            ),
          ),
        }));
        const { one, whole, old } = created;
        assert.match(one.id, /^t_/);
        assert.deepEqual(one.quoted, ["+const a = 1;", " const b = 2;", "+return a + b;"]);
        assert.deepEqual(one.context, { before: ["function f() {"], after: ["}"] });
        assert.equal(one.checkpoint_quoted, null);
        assert.equal(one.updated_at, one.created_at);
        assert.equal(whole.start_line, null);
        assert.deepEqual(await threadById(store.db, one.id), one);

        const updated = await writeTransaction(store.db, (trx) =>
          updateThread(trx, one.id, {
            updated_at: new Date().toISOString(),
            status: "open",
            awaiting: "agent",
            checkpoint_round_id: round.id,
            checkpoint_file: "src/parser.ts",
            checkpoint_start: 10,
            checkpoint_end: 12,
            checkpoint_quoted: ["+const a = 1;"],
          }),
        );
        assert.equal(updated?.status, "open");
        assert.deepEqual(updated?.checkpoint_quoted, ["+const a = 1;"]);
        assert.deepEqual(updated?.quoted, one.quoted, "unpatched JSON columns keep their value");
        assert.notEqual(updated?.updated_at, one.updated_at);
        assert.equal(
          await writeTransaction(store.db, (trx) =>
            updateThread(trx, "t_missing", { updated_at: new Date().toISOString(), status: "open" }),
          ),
          undefined,
        );

        const ids = async (filter: Parameters<typeof threadsByBranch>[2]) =>
          (await threadsByBranch(store.db, "main", filter)).map((t) => t.id);
        assert.deepEqual(await ids({}), [one.id, whole.id, old.id]);
        assert.deepEqual(await ids({ status: "open" }), [one.id, whole.id]);
        assert.deepEqual(await ids({ status: ["open", "resolved"], file: "src/parser.ts" }), [one.id, old.id]);
        assert.deepEqual(await ids({ status: [] }), []);
        assert.deepEqual(await ids({ file: "README.md" }), [whole.id]);

        await writeTransaction(store.db, (trx) =>
          insertMessage(trx, {
            created_at: new Date().toISOString(),
            thread_id: one.id,
            author: "human",
            body: "Why?",
            delivery: "sent",
          }),
        );
        assert.equal(await writeTransaction(store.db, (trx) => deleteThread(trx, one.id)), true);
        assert.equal(await threadById(store.db, one.id), undefined);
        assert.equal(await messageCount(store.db, { thread: one.id }), 0, "its messages went with it");
        assert.equal(await writeTransaction(store.db, (trx) => deleteThread(trx, one.id)), false);
      }),
  },
  {
    name: "the database refuses a status, side or range the contract does not allow",
    run: () =>
      withStore(async (store) => {
        const round = await seedRound(store.db);
        const bad: Partial<NewThread>[] = [
          { status: "closed" as never },
          { side: "both" as never },
          { start_line: 5, end_line: null },
          { start_line: 5, end_line: 4 },
          { start_line: 0, end_line: 1 },
        ];
        for (const overrides of bad) {
          await assert.rejects(
            writeTransaction(store.db, (trx) => insertThread(trx, aThread(round, overrides))),
            /CHECK constraint/i,
            JSON.stringify(overrides),
          );
        }
        assert.deepEqual(await threadsByBranch(store.db, "main"), []);
      }),
  },
  {
    name: "messages: insert, edit, delete, order per thread and delivery",
    run: () =>
      withStore(async (store) => {
        const round = await seedRound(store.db);
        const [a, b] = await writeTransaction(store.db, (trx) =>
          Promise.all([insertThread(trx, aThread(round)), insertThread(trx, aThread(round))]),
        );
        const same = "2025-01-01T00:00:00.000Z";
        const written = await writeTransaction(store.db, async (trx) => [
          await insertMessage(trx, {
            thread_id: a!.id,
            author: "human",
            body: "first",
            suggestion: ["const a = 2;"],
            delivery: "unsent",
            created_at: same,
          }),
          await insertMessage(trx, {
            thread_id: b!.id,
            author: "human",
            body: "other",
            delivery: "sent",
            created_at: same,
          }),
          await insertMessage(trx, {
            thread_id: a!.id,
            author: "agent",
            body: "second",
            delivery: "sent",
            created_at: same,
          }),
          await insertMessage(trx, {
            thread_id: a!.id,
            author: "human",
            body: "third",
            delivery: "sent",
            created_at: "2025-01-01T00:00:01.000Z",
          }),
        ]);
        const [first, other, second, third] = written;
        assert.match(first!.id, /^m_/);
        assert.deepEqual(first!.suggestion, ["const a = 2;"]);
        assert.equal(other!.suggestion, null);
        assert.equal(first!.review_id, null);

        const ofA = await messagesByThreadIds(store.db, [a!.id]);
        assert.deepEqual(
          ofA.map((m) => m.body),
          ["first", "second", "third"],
          "the order written, even within one millisecond",
        );
        assert.equal((await messagesByThreadIds(store.db, [a!.id, b!.id])).length, 4);
        assert.deepEqual(await messagesByThreadIds(store.db, []), []);

        const edited = await writeTransaction(store.db, (trx) =>
          updateMessage(trx, first!.id, { body: "first, edited", suggestion: null }),
        );
        assert.equal(edited?.body, "first, edited");
        assert.equal(edited?.suggestion, null);
        assert.equal(
          await writeTransaction(store.db, (trx) => updateMessage(trx, "m_missing", { body: "x" })),
          undefined,
        );

        const delivered = await writeTransaction(store.db, (trx) =>
          markMessagesDelivered(trx, [first!.id, other!.id, third!.id, "m_missing"]),
        );
        assert.equal(delivered, 2, "only released messages become delivered");
        assert.equal((await messageById(store.db, first!.id))?.delivery, "unsent");
        assert.equal((await messageById(store.db, third!.id))?.delivery, "delivered");
        assert.equal(
          await writeTransaction(store.db, (trx) => markMessagesDelivered(trx, [third!.id])),
          0,
          "delivering twice changes nothing",
        );

        assert.equal(await writeTransaction(store.db, (trx) => deleteMessageRow(trx, second!.id)), true);
        assert.equal(await messageById(store.db, second!.id), undefined);
        assert.equal(await writeTransaction(store.db, (trx) => deleteMessageRow(trx, second!.id)), false);
      }),
  },
  {
    name: "messagesByThreadIds and markMessagesDelivered handle more ids than one statement may bind",
    run: () =>
      withStore(async (store) => {
        const round = await seedRound(store.db);
        const messageIds = await writeTransaction(store.db, async (trx) => {
          const ids: string[] = [];
          for (let i = 0; i < 1200; i++) {
            const thread = await insertThread(trx, aThread(round));
            ids.push(
              (
                await insertMessage(trx, {
                  created_at: new Date().toISOString(),
                  thread_id: thread.id,
                  author: "human",
                  body: `m${i}`,
                  delivery: "sent",
                })
              ).id,
            );
          }
          return ids;
        });
        const threads = await threadsByBranch(store.db, "main");
        assert.equal(
          (
            await messagesByThreadIds(
              store.db,
              threads.map((t) => t.id),
            )
          ).length,
          1200,
        );
        assert.equal(await writeTransaction(store.db, (trx) => markMessagesDelivered(trx, messageIds)), 1200);
      }),
  },
  {
    name: "drafts: the pending review lists draft threads and unsent replies, the branch's own",
    run: () =>
      withStore(async (store) => {
        const round = await seedRound(store.db);
        const setup = await writeTransaction(store.db, async (trx) => {
          const draft = await insertThread(trx, aThread(round));
          const draftMessage = await insertMessage(trx, {
            created_at: new Date().toISOString(),
            thread_id: draft.id,
            author: "human",
            body: "new comment",
            delivery: "unsent",
          });
          const resolved = await insertThread(
            trx,
            aThread(round, {
              status: "resolved",
              resolved_at: "2025-01-01T00:00:00.000Z",
              resolved_by: "agent",
              origin: "agent",
            }),
          );
          const reply = await insertMessage(trx, {
            created_at: new Date().toISOString(),
            thread_id: resolved.id,
            author: "human",
            body: "not fixed",
            delivery: "unsent",
          });
          const waiting = await insertThread(
            trx,
            aThread(round, { status: "open", awaiting: "human", origin: "agent" }),
          );
          const otherRound = await insertRound(trx, {
            created_at: new Date().toISOString(),
            branch: "other",
            base: "b",
            snapshot: "s",
            tree: "t",
          });
          const otherBranch = await insertThread(trx, aThread(otherRound));
          await insertMessage(trx, {
            created_at: new Date().toISOString(),
            thread_id: otherBranch.id,
            author: "human",
            body: "elsewhere",
            delivery: "unsent",
          });
          return { draft, draftMessage, resolved, reply, waiting, otherBranch };
        });

        const pending = await draftsOfBranch(store.db, "main");
        assert.deepEqual(
          pending.threads.map((t) => t.id),
          [setup.draft.id],
        );
        assert.deepEqual(
          pending.messages.map((m) => m.id),
          [setup.draftMessage.id, setup.reply.id],
        );

        // The release itself is the service's (release-review.ts writes each thread's core transition).
        assert.equal(
          (await draftsOfBranch(store.db, "other")).messages.length,
          1,
          "another branch's drafts are its own",
        );
      }),
  },
  {
    name: "reviews: insert, fill in delivery, by id and by branch",
    run: () =>
      withStore(async (store) => {
        const round = await seedRound(store.db);
        const review = await writeTransaction(store.db, (trx) =>
          insertReview(trx, {
            branch: "main",
            mode: "prose",
            round_id: round.id,
            released_at: "2025-01-01T00:00:00.000Z",
          }),
        );
        assert.match(review.id, /^v_/);
        assert.equal(review.session_id, null);
        assert.equal(review.delivered_to, null);
        const later = await writeTransaction(store.db, (trx) =>
          insertReview(trx, {
            released_at: new Date().toISOString(),
            branch: "main",
            mode: "tools",
            round_id: round.id,
          }),
        );
        const filled = await writeTransaction(store.db, (trx) =>
          updateReview(trx, review.id, { delivered_to: "ses_9", prose: "src/a.ts:3 ...", session_id: "ses_9" }),
        );
        assert.equal(filled?.delivered_to, "ses_9");
        assert.equal(filled?.prose, "src/a.ts:3 ...");
        assert.deepEqual(await reviewById(store.db, review.id), filled);
        assert.deepEqual(
          (await reviewsByBranch(store.db, "main")).map((r) => r.id),
          [later.id, review.id],
        );
        await assert.rejects(
          writeTransaction(store.db, (trx) =>
            insertReview(trx, {
              released_at: new Date().toISOString(),
              branch: "main",
              mode: "email" as never,
              round_id: round.id,
            }),
          ),
          /CHECK constraint/i,
        );
      }),
  },
  {
    name: "sessions: upsert refreshes a session; the latest active one is the target",
    run: () =>
      withStore(async (store) => {
        await writeTransaction(store.db, async (trx) => {
          await upsertSession(trx, {
            id: "ses_a",
            branch: "main",
            title: "First",
            directory: "/repo",
            last_active_at: "2025-01-01T00:00:00.000Z",
            server_url: "http://127.0.0.1:4096",
          });
          await upsertSession(trx, {
            id: "ses_b",
            branch: "main",
            title: "Second",
            directory: "/repo",
            last_active_at: "2025-01-02T00:00:00.000Z",
          });
          await upsertSession(trx, {
            id: "ses_c",
            branch: "other",
            title: "Elsewhere",
            directory: "/repo",
            last_active_at: "2025-01-09T00:00:00.000Z",
          });
        });
        assert.equal((await latestSession(store.db, "main"))?.id, "ses_b");
        const refreshed = await writeTransaction(store.db, (trx) =>
          upsertSession(trx, {
            id: "ses_a",
            branch: "main",
            title: "First, renamed",
            directory: "/repo",
            last_active_at: "2025-01-03T00:00:00.000Z",
          }),
        );
        assert.equal(refreshed.title, "First, renamed");
        assert.equal(refreshed.server_url, "http://127.0.0.1:4096", "a sighting without a server keeps the known one");
        assert.equal((await latestSession(store.db, "main"))?.id, "ses_a");
        assert.equal(await latestSession(store.db, "nowhere"), undefined);
        assert.equal((await sessionById(store.db, "ses_c"))?.title, "Elsewhere");
        assert.equal((await sql<{ n: number }>`select count(*) as n from sessions`.execute(store.db)).rows[0]?.n, 3);
      }),
  },
  {
    name: "store position: the change log's and the rows' order; rounds and releases after it, with their message counts",
    run: () =>
      withStore(async (store) => {
        const empty = await storePosition(store.db, mainScope);
        assert.deepEqual(empty, {
          threadChange: 0,
          reviewerChange: 0,
          round: 0,
          review: 0,
          viewed: "",
          base: "",
          tour: "",
        });
        const round = await seedRound(store.db);
        await seedRound(store.db, "other");
        const thread = await writeTransaction(store.db, (trx) => insertThread(trx, aThread(round)));
        await writeTransaction(store.db, (trx) =>
          insertMessage(trx, {
            created_at: new Date().toISOString(),
            thread_id: thread.id,
            author: "human",
            body: "Why?",
            delivery: "unsent",
          }),
        );
        const before = await storePosition(store.db, mainScope);
        assert.ok(before.threadChange > 0 && before.round === 2 && before.review === 0, JSON.stringify(before));
        assert.deepEqual(
          (await roundsAfter(store.db, "main", empty)).map((r) => r.id),
          [round.id],
        );
        assert.deepEqual(await roundsAfter(store.db, "main", before), []);

        // Released with times older than anything before: the order rows were written in still says "after".
        const review = await writeTransaction(store.db, async (trx) => {
          const review = await insertReview(trx, {
            branch: "main",
            mode: "tools",
            round_id: round.id,
            released_at: "2000-01-01T00:00:00.000Z",
          });
          await releaseDraftsForTest(trx, { branch: "main", reviewId: review.id, at: "2000-01-01T00:00:00.000Z" });
          return review;
        });
        await writeTransaction(store.db, (trx) =>
          insertReview(trx, {
            released_at: new Date().toISOString(),
            branch: "other",
            mode: "prose",
            round_id: round.id,
          }),
        );
        const after = await reviewsAfter(store.db, "main", before);
        assert.deepEqual(
          after.map((r) => [r.id, r.messages]),
          [[review.id, 1]],
        );
        const now = await storePosition(store.db, mainScope);
        assert.ok(now.threadChange > before.threadChange && now.review === 2, JSON.stringify(now));
        assert.deepEqual(await reviewsAfter(store.db, "main", now), []);

        // Viewed marks and the base pick keep no log: the position reads them whole, the branch's own only.
        await writeTransaction(store.db, (trx) =>
          markFileViewed(trx, {
            branch: "main",
            path: "a.ts",
            content_hash: "e69de29",
            viewed_at: "2025-01-01T00:00:00.000Z",
          }),
        );
        await writeTransaction(store.db, (trx) =>
          markFileViewed(trx, {
            branch: "other",
            path: "b.ts",
            content_hash: "e69de29",
            viewed_at: "2025-01-01T00:00:00.000Z",
          }),
        );
        const viewed = await storePosition(store.db, mainScope);
        assert.ok(
          viewed.viewed !== now.viewed && viewed.viewed.includes("a.ts") && !viewed.viewed.includes("b.ts"),
          JSON.stringify(viewed),
        );
        await writeTransaction(store.db, (trx) =>
          pickBranchBase(trx, {
            repository: mainScope.repository,
            branch: "main",
            from_ref: "branch:dev",
            picked_at: "2025-01-01T00:00:00.000Z",
          }),
        );
        const picked = await storePosition(store.db, mainScope);
        assert.ok(picked.base !== viewed.base && picked.viewed === viewed.viewed, JSON.stringify(picked));
        await writeTransaction(store.db, (trx) => unmarkFileViewed(trx, "main", "a.ts"));
        assert.equal((await storePosition(store.db, mainScope)).viewed, "");
      }),
  },
  {
    name: "sessions: the latest one seen by a given review service, which a sighting without one keeps",
    run: () =>
      withStore(async (store) => {
        await writeTransaction(store.db, async (trx) => {
          await upsertSession(trx, {
            id: "ses_a",
            branch: "main",
            title: "Here",
            directory: "/repo",
            last_active_at: "2025-01-01T00:00:00.000Z",
            seen_by: "s_here",
          });
          await upsertSession(trx, {
            id: "ses_b",
            branch: "main",
            title: "There",
            directory: "/repo",
            last_active_at: "2025-01-02T00:00:00.000Z",
            seen_by: "s_there",
          });
          await upsertSession(trx, {
            id: "ses_c",
            branch: "other",
            title: "Here, elsewhere",
            directory: "/repo",
            last_active_at: "2025-01-03T00:00:00.000Z",
            seen_by: "s_here",
          });
        });
        assert.equal((await latestSession(store.db, "main"))?.id, "ses_b");
        assert.equal((await latestSession(store.db, "main", { seenBy: "s_here" }))?.id, "ses_a");
        assert.equal((await latestSession(store.db, "main", { seenBy: "s_there" }))?.id, "ses_b");
        assert.equal(await latestSession(store.db, "main", { seenBy: "s_nobody" }), undefined);
        // Seen again by the other service: it is that one's now. A sighting that names no service keeps it.
        await writeTransaction(store.db, (trx) =>
          upsertSession(trx, {
            id: "ses_a",
            branch: "main",
            title: "Here",
            directory: "/repo",
            last_active_at: "2025-01-04T00:00:00.000Z",
            seen_by: "s_there",
          }),
        );
        assert.equal(await latestSession(store.db, "main", { seenBy: "s_here" }), undefined);
        const kept = await writeTransaction(store.db, (trx) =>
          upsertSession(trx, {
            id: "ses_a",
            branch: "main",
            title: "Here",
            directory: "/repo",
            last_active_at: "2025-01-05T00:00:00.000Z",
          }),
        );
        assert.equal(kept.seen_by, "s_there");
        assert.equal((await latestSession(store.db, "main", { seenBy: "s_there" }))?.id, "ses_a");
      }),
  },
  {
    name: "servers: upsert records a panel, a heartbeat keeps its start, list filters, remove forgets",
    run: () =>
      withStore(async (store) => {
        const url = "http://127.0.0.1:4321";
        const started = await writeTransaction(store.db, (trx) =>
          upsertServer(trx, {
            url,
            pid: 100,
            worktree: "/repo",
            branch: "main",
            started_at: "2025-01-01T00:00:00.000Z",
            heartbeat_at: "2025-01-01T00:00:00.000Z",
          }),
        );
        const beat = await writeTransaction(store.db, (trx) =>
          upsertServer(trx, {
            url,
            pid: 100,
            worktree: "/repo",
            branch: "main",
            started_at: "2025-01-05T00:00:00.000Z",
            heartbeat_at: "2025-01-05T00:00:00.000Z",
          }),
        );
        assert.equal(beat.started_at, started.started_at);
        assert.equal(beat.heartbeat_at, "2025-01-05T00:00:00.000Z");
        const replaced = await writeTransaction(store.db, (trx) =>
          upsertServer(trx, {
            heartbeat_at: new Date().toISOString(),
            url,
            pid: 200,
            worktree: "/repo",
            branch: "main",
            started_at: "2025-01-06T00:00:00.000Z",
          }),
        );
        assert.equal(replaced.started_at, "2025-01-06T00:00:00.000Z", "a new process on the same port starts anew");
        await writeTransaction(store.db, (trx) =>
          upsertServer(trx, {
            url: "http://127.0.0.1:5555",
            pid: 300,
            worktree: "/other",
            branch: "dev",
            heartbeat_at: "2020-01-01T00:00:00.000Z",
          }),
        );
        assert.deepEqual(
          (await listServers(store.db, { worktree: "/repo" })).map((s) => s.pid),
          [200],
        );
        assert.deepEqual(
          (await listServers(store.db, { heartbeatSince: "2024-01-01T00:00:00.000Z" })).map((s) => s.url),
          [url],
        );
        assert.equal((await listServers(store.db)).length, 2);
        assert.equal(await writeTransaction(store.db, (trx) => removeServer(trx, url)), true);
        assert.equal(await writeTransaction(store.db, (trx) => removeServer(trx, url)), false);
        assert.equal((await listServers(store.db)).length, 1);
      }),
  },
  {
    name: "branch bases: one pick per repository and branch, replaced by the next, forgotten on request, read by another connection",
    run: () =>
      withStore(async (store, path) => {
        const pick = (repository: string, branch: string, from_ref: string) =>
          writeTransaction(store.db, (trx) =>
            pickBranchBase(trx, { repository, branch, from_ref, picked_at: "2025-01-01T00:00:00.000Z" }),
          );
        await assert.rejects(
          pickBranchBase(store.db, { repository: "/a/.git", branch: "work", from_ref: "branch:main", picked_at: "x" }),
          /inside writeTransaction/,
        );
        await pick("/a/.git", "work", "branch:feature");
        await pick("/a/.git", "work", "branch:main");
        await pick("/a/.git", "other", "branch:feature");
        await pick("/b/.git", "work", "branch:dev");
        assert.equal((await branchBaseOf(store.db, "/a/.git", "work"))?.from_ref, "branch:main");
        assert.equal((await branchBaseOf(store.db, "/a/.git", "other"))?.from_ref, "branch:feature");
        assert.equal(
          (await branchBaseOf(store.db, "/b/.git", "work"))?.from_ref,
          "branch:dev",
          "another repository's branch of the same name keeps its own",
        );
        assert.equal(await writeTransaction(store.db, (trx) => forgetBranchBase(trx, "/a/.git", "other")), true);
        assert.equal(await writeTransaction(store.db, (trx) => forgetBranchBase(trx, "/a/.git", "other")), false);
        assert.equal(await branchBaseOf(store.db, "/a/.git", "other"), undefined);
        // Another connection (another panel's server, the terminal half) reads the same pick.
        const again = await openStore({ path });
        try {
          assert.equal((await branchBaseOf(again.db, "/a/.git", "work"))?.from_ref, "branch:main");
        } finally {
          await again.close();
        }
      }),
  },
  {
    name: "readTransaction sees one snapshot and refuses writes",
    run: () =>
      withStore(async (store, path) => {
        const round = await seedRound(store.db);
        const other = await openStore({ path });
        try {
          const counts = await readTransaction(store.db, async (trx) => {
            const before = (await roundsByBranch(trx, "main")).length;
            // Another connection commits a round in the middle of the snapshot.
            await seedRound(other.db);
            return [before, (await roundsByBranch(trx, "main")).length];
          });
          assert.deepEqual(counts, [1, 1]);
          assert.equal(
            (await roundsByBranch(store.db, "main")).length,
            2,
            "after the snapshot the new round is visible",
          );
          await assert.rejects(
            readTransaction(store.db, (trx) => insertThread(trx, aThread(round))),
            /must run inside writeTransaction/,
          );
        } finally {
          await other.close();
        }
      }),
  },
  {
    name: "two processes of this runtime write 200 replies each to the same threads at once: none lost",
    run: () => inTempDir((dir) => concurrentReplies(join(dir, "review.sqlite"), [currentRuntime(), currentRuntime()])),
  },
  {
    name: "a Node process and a Bun process write 200 replies each to the same threads at once: none lost",
    run: () =>
      inTempDir((dir) =>
        concurrentReplies(join(dir, "review.sqlite"), [currentRuntime(), otherRuntime[currentRuntime()]]),
      ),
  },
  {
    name: "a process killed inside a release of 500 drafts leaves none of it",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        await seedDrafts(path, 500);
        const writer = startWriter(currentRuntime(), ["release", path, "main", "hang"]);
        assert.equal(await writer.waitFor("released"), "released 500", "the release ran before the kill");
        await writer.waitFor("inside");
        writer.child.kill("SIGKILL");
        assert.equal((await writer.exited).signal, "SIGKILL");
        assert.deepEqual(await releaseState(path), { drafts: 500, unsent: 500, sent: 0, open: 0, reviews: 0 });
      }),
  },
  {
    name: "a process killed right after a release of 500 drafts committed keeps all of it",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        await seedDrafts(path, 500);
        const writer = startWriter(currentRuntime(), ["release", path, "main", "commit"]);
        await writer.waitFor("committed");
        writer.child.kill("SIGKILL");
        assert.equal((await writer.exited).signal, "SIGKILL");
        assert.deepEqual(await releaseState(path), { drafts: 0, unsent: 0, sent: 500, open: 500, reviews: 1 });
      }),
  },
  {
    name: "a process killed at an arbitrary moment of a stream of transactions leaves whole transactions only",
    run: () =>
      inTempDir(async (dir) => {
        const path = join(dir, "review.sqlite");
        const store = await openStore({ path });
        const round = await seedRound(store.db);
        const thread = await writeTransaction(store.db, (trx) => insertThread(trx, aThread(round, { status: "open" })));
        await store.close();
        const batch = 50;
        const writer = startWriter(currentRuntime(), ["churn", path, thread.id, String(batch)]);
        await writer.waitFor("committed 5");
        writer.child.kill("SIGKILL");
        assert.equal((await writer.exited).signal, "SIGKILL");
        const reopened = await openStore({ path });
        try {
          const count = await messageCount(reopened.db, { thread: thread.id });
          assert.ok(count >= 5 * batch, `the committed batches survived (${count})`);
          assert.equal(count % batch, 0, `only whole batches: ${count} messages`);
          const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(reopened.db);
          assert.equal(integrity.rows[0]?.integrity_check, "ok");
        } finally {
          await reopened.close();
        }
      }),
  },
];
