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
export async function openNativeDatabase(path: string, options: OpenOptions = {}): Promise<NativeDatabase> {
  return currentRuntime() === "bun" ? openWithBun(path, options) : openWithBetterSqlite3(path, options);
}

/** `readOnly`: open an existing file for reading only; never create it, never write to it. */
export interface OpenOptions {
  readonly readOnly?: boolean;
}

/**
 * Starts loading the running runtime's SQLite binding (better-sqlite3's native addon takes tens of ms to
 * load), so a caller can overlap it with other start-up work; opening a database later finds it loaded.
 * A binding that cannot load is reported by openNativeDatabase, not here.
 * @example void preloadSqliteBinding(); const repo = await openRepository(dir); await openStore({ path });
 */
export function preloadSqliteBinding(): Promise<void> {
  // A computed specifier, as in openWithBun, so neither TypeScript nor Node's resolver looks for bun:sqlite.
  const bunSqlite = "bun:sqlite";
  const loading = currentRuntime() === "bun" ? import(bunSqlite) : import("better-sqlite3");
  return loading.then(
    () => {},
    () => {},
  );
}

/**
 * A read-only connection to a copy of a database file held in memory, for when the file cannot be opened
 * where it is (a full disk: SQLite cannot create the -shm file that WAL mode reads through). The copy is
 * marked a rollback-journal database (header bytes 18 and 19), since an in-memory database has no WAL;
 * SQLite refuses every write to it.
 * @example const native = await openNativeSnapshot(readFileSync(path))
 */
export async function openNativeSnapshot(file: Uint8Array): Promise<NativeDatabase> {
  const bytes = Buffer.from(file);
  if (bytes.length >= 20) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  if (currentRuntime() === "bun") {
    const specifier = "bun:sqlite";
    const { Database } = (await import(specifier)) as BunSqliteModule;
    const database = Database.deserialize(bytes, true);
    return {
      exec: (sql) => database.exec(sql),
      close: () => database.close(),
      prepare: (sql) => bunStatement(database.prepare(sql), () => directChanges(database)),
    };
  }
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const database = new BetterSqlite3(bytes, { readonly: true });
  return {
    exec: (sql) => void database.exec(sql),
    close: () => void database.close(),
    prepare: (sql) => database.prepare(sql),
  };
}

/** Statements kept prepared per connection: the store's queries are a few dozen texts (IN lists vary). */
const KEPT_STATEMENTS = 200;

async function openWithBetterSqlite3(path: string, options: OpenOptions): Promise<NativeDatabase> {
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const database =
    options.readOnly === true
      ? new BetterSqlite3(path, { readonly: true, fileMustExist: true })
      : new BetterSqlite3(path);
  // Kysely prepares every query afresh; compiling the SQL costs about as much as running a small query,
  // and a panel's listing runs the same few texts on every request. A statement still being iterated
  // (busy) cannot be run again, so a fresh one is prepared for that call.
  const statements = new Map<
    string,
    { readonly native: ReturnType<typeof database.prepare>; readonly rows: SqliteStatement }
  >();
  return {
    exec: (sql) => void database.exec(sql),
    close: () => void database.close(),
    prepare: (sql) => {
      const kept = statements.get(sql);
      if (kept !== undefined && !kept.native.busy) return kept.rows;
      const native = database.prepare(sql);
      const rows = rowsOfOneShape(native);
      if (kept === undefined) {
        if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(sql, { native, rows });
      }
      return rows;
    },
  };
}

/** The part of a better-sqlite3 statement `rowsOfOneShape` uses. */
interface BetterStatement {
  readonly reader: boolean;
  raw(toggle: boolean): unknown;
  columns(): readonly { readonly name: string }[];
  all(...parameters: unknown[]): unknown[];
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  run(...parameters: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}

/**
 * A reading statement whose rows better-sqlite3 hands over as arrays, made into objects by one object
 * literal compiled for the statement's columns. better-sqlite3 builds each row object through V8's API, a
 * property at a time, and that was most of a listing's SQLite time: 500 thread rows of 25 columns took
 * 8.4 ms as objects, 4.2 ms as arrays and 4.9 ms as arrays made into literals (list-threads bench, Node 20).
 * The objects read as before: the same keys in the same order, a later column of the same name winning.
 */
function rowsOfOneShape(statement: BetterStatement): SqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  const names = statement.columns().map((column) => column.name);
  // The keys are the statement's column names, quoted as JSON: the generated source holds nothing else.
  const shape = new Function(
    "row",
    `return { ${names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(", ")} };`,
  ) as (row: unknown) => unknown;
  return {
    reader: true,
    all: (parameters) => statement.all(parameters).map(shape),
    run: (parameters) => statement.run(parameters),
    iterate: function* (parameters) {
      for (const row of statement.iterate(parameters)) yield shape(row);
    },
  };
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
  Database: (new (
    path: string,
    options: { create: boolean; readwrite: boolean } | { readonly: true },
  ) => BunDatabase) & {
    deserialize(bytes: Uint8Array, readonly: boolean): BunDatabase;
  };
}

async function openWithBun(path: string, options: OpenOptions): Promise<NativeDatabase> {
  // A computed specifier keeps TypeScript and Node's resolver from ever looking for bun:sqlite.
  const specifier = "bun:sqlite";
  const { Database } = (await import(specifier)) as BunSqliteModule;
  const database = new Database(
    path,
    options.readOnly === true ? { readonly: true } : { create: true, readwrite: true },
  );
  return {
    exec: (sql) => database.exec(sql),
    close: () => database.close(),
    prepare: (sql) => bunStatement(database.prepare(sql), () => directChanges(database)),
  };
}

/**
 * Rows changed by the statement that ran last, not counting the rows its triggers wrote (the change log
 * of migration 0002): SQLite's changes(), which is what better-sqlite3 reports. bun:sqlite's own count
 * includes the triggers' rows.
 */
function directChanges(database: BunDatabase): number {
  const statement = database.prepare("select changes() as n");
  try {
    return Number((statement.all()[0] as { n: number }).n);
  } finally {
    statement.finalize();
  }
}

// Each statement is finalized as soon as Kysely is done with it: an unfinalized statement keeps
// bun:sqlite's connection half open after close(), which leaves the -wal and -shm files behind.
function bunStatement(statement: BunStatement, changesOfLast: () => number): SqliteStatement {
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
        const { lastInsertRowid } = statement.run(...parameters);
        return { changes: changesOfLast(), lastInsertRowid };
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
