import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  statfsSync,
  statSync,
} from "node:fs";
import { basename, dirname } from "node:path";
import { Kysely, Migrator, SqliteDialect, type Migration } from "kysely";
import { diskFullError, isDiskFull, ReviewError } from "@opencode-review/core";
import type { Database } from "./database.js";
import { migrations } from "./migrations/index.js";
import { openNativeDatabase, openNativeSnapshot, type NativeDatabase } from "./native-database.js";
import { writeTransaction } from "./write-transaction.js";

/** An open store: the typed query builder over one connection, and how to let it go. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly path: string;
  /** True while the store is open read-only because its disk is full (every write is refused with `disk_full`). */
  readOnly(): boolean;
  close(): Promise<void>;
}

// Kysely's default, named here because the refusal checks read it before the Migrator runs.
const MIGRATION_TABLE = "kysely_migration";

/**
 * Opens the review database at `path` (creating its folder and file), brings its schema up to
 * date, and returns it. A file that is not an opencode-review database (not SQLite, damaged,
 * another program's, or from a newer opencode-review) is refused with ReviewError("store") and
 * left byte for byte as it was.
 * @example const store = await openStore({ path: "/repo/.git/opencode-review/review.sqlite" })
 */
export async function openStore(options: { readonly path: string; readonly recheckMs?: number }): Promise<Store> {
  const { path } = options;
  let opened: { readonly native: NativeDatabase; readonly upToDate: boolean };
  try {
    makePrivateFolder(dirname(path));
    refuseNonSqliteFile(path);
    makePrivateFile(path);
    opened = await openWritable(path);
  } catch (error) {
    // A full disk must not hide the review a person wrote: it is opened read-only until there is room.
    if (!isDiskFull(error) && hasRoom(path)) throw error;
    return openReadOnly(path, error, options.recheckMs ?? READ_ONLY_RECHECK_MS);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: opened.native }) });
  try {
    // Most opens find every migration applied: then no write lock is taken and no migrator runs, which
    // is most of what opening costs (a plugin's start waits for it before its tools answer).
    if (!opened.upToDate) await migrate(path, db, opened.native);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, path, readOnly: () => false, close: () => db.destroy() };
}

/** How often a store opened read-only looks for room to write again. */
const READ_ONLY_RECHECK_MS = 2000;

/** Free bytes below which the disk counts as full: SQLite's -wal and -shm need a few pages to open at all. */
const ROOM_NEEDED = 256 * 1024;

/** Whether the folder of `path` has room for SQLite to open its files (true when the OS cannot say). */
function hasRoom(path: string): boolean {
  try {
    const stats = statfsSync(dirname(path));
    return stats.bavail * stats.bsize >= ROOM_NEEDED;
  } catch {
    return true;
  }
}

/**
 * The store of a full disk: a read-only copy of the file in memory (SQLite cannot even open a WAL
 * database for reading without room for its -shm file), every write refused with what to do, and the
 * file itself opened again, read-write, once there is room, between two transactions. Writes another
 * process left in a -wal file are not in the copy; with the disk full none can be added meanwhile.
 */
async function openReadOnly(path: string, cause: unknown, recheckMs: number): Promise<Store> {
  let file: Uint8Array;
  try {
    file = readFileSync(path);
  } catch {
    file = new Uint8Array();
  }
  if (file.length === 0) throw diskFullError(`Opening the review database ${path}`, cause);
  let native = await openNativeSnapshot(file);
  try {
    if (!refuseForeignSchema(path, native))
      throw diskFullError(`Updating the review database ${path} to this version`, cause);
  } catch (error) {
    native.close();
    throw error;
  }
  let readOnly = true;
  let open = 0;
  const refusal = () =>
    new ReviewError(
      "disk_full",
      `The disk holding the review database (${dirname(path)}) is full, so the review was opened read-only: it can be read, but this change was not saved. Free some space there; saving works again by itself within seconds.`,
    );
  // Transactions are counted so the connection is swapped only between them.
  const track = (sql: string) => {
    if (/^\s*begin\b/i.test(sql)) {
      if (readOnly && /^\s*begin\s+immediate/i.test(sql)) {
        void reopen();
        throw refusal();
      }
      open++;
    } else if (/^\s*(commit|end|rollback)\b/i.test(sql)) open = Math.max(0, open - 1);
  };
  let reopening = false;
  let closed = false;
  const reopen = async (): Promise<void> => {
    if (reopening || closed || !readOnly || !hasRoom(path)) return;
    reopening = true;
    try {
      const writable = await openWritable(path);
      if (closed || open > 0) {
        writable.native.close();
        return;
      }
      const copy = native;
      native = writable.native;
      readOnly = false;
      clearInterval(timer);
      copy.close();
    } catch {
      // Still no room (or SQLite still cannot open its files): the next look tries again.
    } finally {
      reopening = false;
    }
  };
  const timer = setInterval(() => void reopen(), recheckMs);
  (timer as { unref?: () => void }).unref?.();
  const live: NativeDatabase = {
    exec: (sql) => {
      track(sql);
      native.exec(sql);
    },
    prepare: (sql) => {
      track(sql);
      return native.prepare(sql);
    },
    close: () => native.close(),
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: live }) });
  return {
    db,
    path,
    readOnly: () => readOnly,
    close: async () => {
      closed = true;
      clearInterval(timer);
      await db.destroy();
    },
  };
}

/** The file opened where it is, in WAL mode, checked to be ours; `upToDate` when no migration is due. */
async function openWritable(path: string): Promise<{ readonly native: NativeDatabase; readonly upToDate: boolean }> {
  let native: NativeDatabase;
  let upToDate = false;
  try {
    native = guardAgainstReplacement(path, await openNativeDatabase(path));
  } catch (error) {
    throw error instanceof ReviewError ? error : unusable(path, error);
  }
  try {
    // Only connection settings and reads until the file is known to be ours: journal_mode=WAL
    // rewrites the header, so it waits.
    native.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    try {
      upToDate = refuseForeignSchema(path, native);
    } catch (error) {
      throw notADatabase(error) ? unusable(path, new Error("it is not a SQLite database")) : error;
    }
    await switchToWal(native);
    native.exec("PRAGMA synchronous = NORMAL");
    native.exec("PRAGMA foreign_keys = ON");
    // Deleted rows are overwritten, not left in free pages: an old row's secret (migration 0005) is gone for good.
    native.exec("PRAGMA secure_delete = ON");
    // SQLite gives -wal and -shm the main file's mode; ones left by an older version are tightened here.
    for (const suffix of ["-wal", "-shm"]) makePrivateFile(path + suffix, { create: false });
  } catch (error) {
    native.close();
    // A full disk keeps SQLite's own words: the caller opens the store read-only on it.
    if (isDiskFull(error) || !hasRoom(path)) throw error;
    throw error instanceof ReviewError ? error : unusable(path, error);
  }
  return { native, upToDate };
}

// Several opencode processes may open a new file at once: the whole migration runs under one
// BEGIN IMMEDIATE, so the second waits and then finds nothing to do (Kysely's own migration lock
// is a no-op on SQLite).
async function migrate(path: string, db: Kysely<Database>, native: NativeDatabase): Promise<void> {
  await writeTransaction(db, async (trx) => {
    // Checked again under the lock: a newer opencode-review may have migrated since the first look.
    refuseForeignSchema(path, native);
    const migrator = new Migrator({
      db: trx,
      disableTransactions: true, // writeTransaction is the transaction
      provider: {
        getMigrations: async () =>
          Object.fromEntries(migrations.map((m): [string, Migration] => [m.name, { up: m.up }])),
      },
    });
    const { error } = await migrator.migrateToLatest();
    if (error !== undefined) {
      throw new ReviewError(
        "store",
        `${path}: updating the review database failed (${describe(error)}). The file was left as it was.`,
      );
    }
  });
}

// How long a store opened beside another process's first open may wait for it, in all: busy_timeout's 5 s.
const WAL_SWITCH_WAIT_MS = 5000;
const BUSY_TIMEOUT_MS = 5000;

/**
 * Puts the file in WAL mode, waiting while another process holds it. SQLite answers this pragma with
 * SQLITE_BUSY at once, without the busy handler, when another connection holds a lock it needs: two
 * processes starting together on a new repository (the plugin and an MCP server, two MCP servers) made the
 * second one fail "database is locked" about once in twenty starts. Such a switch is repeated until the
 * other is done. Each try's busy wait is cut to what is left of the one budget, so only a switch that failed
 * at once is ever repeated (one that waited in the busy handler waited out the whole budget), and an open
 * never waits more than WAL_SWITCH_WAIT_MS here (a full busy wait begun late in the retries made opens take
 * 7-10 s under contention, which is as long as a client's hook or tool start may take in all).
 */
async function switchToWal(native: NativeDatabase): Promise<void> {
  const deadline = Date.now() + WAL_SWITCH_WAIT_MS;
  try {
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      native.exec(`PRAGMA busy_timeout = ${Math.max(0, deadline - started)}`);
      try {
        native.exec("PRAGMA journal_mode = WAL");
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() >= deadline) throw error;
        await new Promise((retry) =>
          setTimeout(retry, Math.min(5 + attempt * 5, 50, Math.max(0, deadline - Date.now()))),
        );
      }
    }
  } finally {
    native.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

/** SQLITE_BUSY from either driver (better-sqlite3 sets `code`, bun:sqlite may only say it in the message). */
function isBusy(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (typeof code === "string" && code.startsWith("SQLITE_BUSY")) ||
    (typeof message === "string" && /database is locked/i.test(message))
  );
}

/** The folder that holds only our store (the default `<git common dir>/opencode-review`). */
const OWN_FOLDER = "opencode-review";

/**
 * Creates the store's folder readable by this user only (0700, whatever the umask), and tightens the default
 * folder if an older version made it 0755. A folder the user chose for dbPath (say their home) is not ours
 * to change once it exists; the files in it are 0600 anyway.
 */
function makePrivateFolder(folder: string): void {
  let found: ReturnType<typeof lstatSync> | undefined;
  try {
    found = lstatSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (found?.isSymbolicLink()) {
    // A link someone made on purpose (the store kept elsewhere): used as it is; its target's mode is not ours to change.
    if (!statSync(folder).isDirectory())
      throw unusable(
        `${folder}/`,
        new Error("the folder for the review database is a link to something that is not a folder"),
      );
    return;
  }
  if (found !== undefined && !found.isDirectory()) {
    throw new ReviewError(
      "store",
      `${folder} is a file, not the folder the review database goes in. Move it aside (or set the dbPath option to another file) and start again.`,
    );
  }
  const created = mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (created !== undefined || basename(folder) === OWN_FOLDER) {
    try {
      chmodSync(folder, 0o700);
    } catch (error) {
      // Another user's folder (a shared repository): it is theirs to tighten; the file stays ours.
      if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
    }
  }
}

/**
 * Creates (or tightens) a store file as 0600, whatever the umask. An existing file is tightened by its path,
 * never opened: closing any descriptor of a file drops every POSIX lock this process holds on it, so an
 * open-and-close beside a live SQLite connection of the same process (the terminal and server halves share
 * one opencode process) would release that connection's locks, and another process could then reset the
 * -shm file under it (a SIGBUS, or a corrupt store). Only a file that did not exist is opened, exclusively.
 */
function makePrivateFile(path: string, options: { readonly create: boolean } = { create: true }): void {
  if (options.create) {
    try {
      closeSync(openSync(path, "wx", 0o600));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EEXIST" && code !== "EACCES" && code !== "EPERM") throw error;
    }
  }
  try {
    chmodSync(path, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES" || code === "EPERM") return; // no file, or another user's
    throw error;
  }
}

/**
 * Refuses every write once the file at `path` is not the one this connection opened (deleted, or replaced
 * by a restore or another program): SQLite would go on writing into the unlinked file, answering success
 * for changes nobody will ever read. Checked when a write transaction begins (one stat), not on reads.
 */
function guardAgainstReplacement(path: string, native: NativeDatabase): NativeDatabase {
  const opened = statSync(path);
  const check = (): void => {
    let now: ReturnType<typeof statSync> | null = null;
    try {
      now = statSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" && (error as NodeJS.ErrnoException).code !== "ENOTDIR")
        throw error;
    }
    if (now !== null && now.dev === opened.dev && now.ino === opened.ino) return;
    throw new ReviewError(
      "store",
      `The review database ${path} was ${now === null ? "deleted" : "replaced by another file"} while this server ran, so nothing more can be saved into it; this change was not saved. ` +
        `Restart opencode (or opencode-review serve) to open the database at that path again.`,
      { path },
    );
  };
  return {
    exec: (sql) => {
      if (/^\s*begin\s+immediate/i.test(sql)) check();
      native.exec(sql);
    },
    close: () => native.close(),
    prepare: (sql) => {
      if (/^\s*begin\s+immediate/i.test(sql)) check();
      return native.prepare(sql);
    },
  };
}

function refuseNonSqliteFile(path: string): void {
  if (!existsSync(path)) return;
  // Only what a stat says: reading the header here would open and close the file beside a connection this
  // process may already hold (see makePrivateFile); SQLite's own first read says "not a database" instead.
  if (!statSync(path).isFile()) throw unusable(path, new Error("it is not a regular file"));
}

/** SQLite's answer to a file that is not a database, from either driver (better-sqlite3, bun:sqlite). */
function notADatabase(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "SQLITE_NOTADB" || (typeof message === "string" && /file is not a database/i.test(message));
}

/** Refuses a database that is not ours or is newer; true when it already has every migration. */
function refuseForeignSchema(path: string, native: NativeDatabase): boolean {
  const tables = (
    native.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all([]) as { name: string }[]
  ).map((row) => row.name);
  if (tables.length === 0) return false;
  if (!tables.includes(MIGRATION_TABLE)) {
    throw new ReviewError(
      "store",
      `${path} is a SQLite database of another program (tables: ${tables.slice(0, 5).join(", ")}), not an opencode-review store. ` +
        `Set the dbPath option to another file; this one was left untouched.`,
    );
  }
  const known = new Set(migrations.map((m) => m.name));
  const applied = native.prepare(`SELECT name FROM ${MIGRATION_TABLE}`).all([]) as { name: string }[];
  const unknown = applied.map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new ReviewError(
      "store",
      `${path} was written by a newer opencode-review (unknown migration ${unknown.join(", ")}). ` +
        `Update opencode-review, or set the dbPath option to another file; this one was left untouched.`,
      { unknownMigrations: unknown },
    );
  }
  const done = new Set(applied.map((row) => row.name));
  return migrations.every((m) => done.has(m.name));
}

function unusable(path: string, cause: unknown): ReviewError {
  return new ReviewError(
    "store",
    `${path} cannot be used as the review database: ${describe(cause)}. ` +
      `Move it aside or set the dbPath option to another file; it was left untouched.`,
  );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
