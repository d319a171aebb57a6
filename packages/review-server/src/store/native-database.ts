import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Kysely's view of a SQLite connection, plus `exec` for pragmas and transaction control. */
export interface NativeDatabase extends SqliteDatabase {
  exec(sql: string): void;
}

/** The SQLite binding in use: `bun:sqlite` inside opencode (Bun), `better-sqlite3` under Node. */
export type SqliteRuntime = "bun" | "node";

/**
 * Which SQLite binding this process can load.
 * @example currentRuntime() // "bun" inside opencode, "node" under vitest
 */
export function currentRuntime(): SqliteRuntime {
  return typeof (globalThis as { Bun?: unknown }).Bun !== "undefined" || process.versions.bun !== undefined
    ? "bun"
    : "node";
}

/**
 * Opens (creating if needed) a SQLite file with the binding of the running runtime.
 * Each binding is imported lazily so the other is never loaded: inside opencode only Bun
 * exists, and better-sqlite3 cannot load there.
 * @example const native = await openNativeDatabase("/tmp/review.sqlite")
 */
export async function openNativeDatabase(path: string): Promise<NativeDatabase> {
  return currentRuntime() === "bun" ? openWithBun(path) : openWithBetterSqlite3(path);
}

async function openWithBetterSqlite3(path: string): Promise<NativeDatabase> {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  // better-sqlite3's Database already has the exact shape Kysely expects.
  return new BetterSqlite3(path);
}

/** The part of bun:sqlite this adapter uses (Bun's own types are not installed in this package). */
interface BunStatement {
  readonly columnNames: readonly string[];
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  finalize(): void;
}

interface BunDatabase {
  prepare(sql: string): BunStatement;
  exec(sql: string): void;
  close(): void;
}

interface BunSqliteModule {
  Database: new (path: string, options: { create: boolean; readwrite: boolean }) => BunDatabase;
}

async function openWithBun(path: string): Promise<NativeDatabase> {
  // A computed specifier keeps TypeScript and Node's resolver from ever looking for bun:sqlite.
  const specifier = "bun:sqlite";
  const { Database } = (await import(specifier)) as BunSqliteModule;
  const database = new Database(path, { create: true, readwrite: true });
  return {
    exec: (sql) => database.exec(sql),
    close: () => database.close(),
    prepare: (sql) => bunStatement(database.prepare(sql)),
  };
}

// Each statement is finalized as soon as Kysely is done with it: an unfinalized statement keeps
// bun:sqlite's connection half open after close(), which leaves the -wal and -shm files behind.
function bunStatement(statement: BunStatement): SqliteStatement {
  return {
    // Kysely reads rows only from statements marked as readers; without this, selects return nothing.
    reader: statement.columnNames.length > 0,
    all: (parameters) => {
      try {
        return statement.all(...parameters);
      } finally {
        statement.finalize();
      }
    },
    run: (parameters) => {
      try {
        const { changes, lastInsertRowid } = statement.run(...parameters);
        return { changes, lastInsertRowid };
      } finally {
        statement.finalize();
      }
    },
    iterate: (parameters) => finalizeAfter(statement, statement.iterate(...parameters)),
  };
}

function* finalizeAfter(statement: BunStatement, rows: IterableIterator<unknown>): Generator<unknown, void, undefined> {
  try {
    yield* rows;
  } finally {
    statement.finalize();
  }
}
