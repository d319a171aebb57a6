import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { basename, dirname } from "node:path";
import { Kysely, Migrator, SqliteDialect, type Migration } from "kysely";
import { ReviewError } from "@opencode-review/core";
import type { Database } from "./database.js";
import { migrations } from "./migrations/index.js";
import { openNativeDatabase, type NativeDatabase } from "./native-database.js";
import { writeTransaction } from "./write-transaction.js";

/** An open store: the typed query builder over one connection, and how to let it go. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly path: string;
  close(): Promise<void>;
}

// Kysely's default, named here because the refusal checks read it before the Migrator runs.
const MIGRATION_TABLE = "kysely_migration";
const SQLITE_HEADER = "SQLite format 3\u0000";

/**
 * Opens the review database at `path` (creating its folder and file), brings its schema up to
 * date, and returns it. A file that is not an opencode-review database (not SQLite, damaged,
 * another program's, or from a newer opencode-review) is refused with ReviewError("store") and
 * left byte for byte as it was.
 * @example const store = await openStore({ path: "/repo/.git/opencode-review/review.sqlite" })
 */
export async function openStore(options: { readonly path: string }): Promise<Store> {
  const { path } = options;
  makePrivateFolder(dirname(path));
  refuseNonSqliteFile(path);
  makePrivateFile(path);

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
    native.exec("PRAGMA busy_timeout = 5000");
    upToDate = refuseForeignSchema(path, native);
    native.exec("PRAGMA journal_mode = WAL");
    native.exec("PRAGMA synchronous = NORMAL");
    native.exec("PRAGMA foreign_keys = ON");
    // Deleted rows are overwritten, not left in free pages: an old row's secret (migration 0005) is gone for good.
    native.exec("PRAGMA secure_delete = ON");
    // SQLite gives -wal and -shm the main file's mode; ones left by an older version are tightened here.
    for (const suffix of ["-wal", "-shm"]) makePrivateFile(path + suffix, { create: false });
  } catch (error) {
    native.close();
    throw error instanceof ReviewError ? error : unusable(path, error);
  }

  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
  try {
    // Most opens find every migration applied: then no write lock is taken and no migrator runs, which
    // is most of what opening costs (a plugin's start waits for it before its tools answer).
    if (!upToDate) await migrate(path, db, native);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, path, close: () => db.destroy() };
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
        getMigrations: async () => Object.fromEntries(migrations.map((m): [string, Migration] => [m.name, { up: m.up }])),
      },
    });
    const { error } = await migrator.migrateToLatest();
    if (error !== undefined) {
      throw new ReviewError("store", `${path}: updating the review database failed (${describe(error)}). The file was left as it was.`);
    }
  });
}

/** The folder that holds only our store (the default `<git common dir>/opencode-review`). */
const OWN_FOLDER = "opencode-review";

/**
 * Creates the store's folder readable by this user only (0700, whatever the umask), and tightens the default
 * folder if an older version made it 0755. A folder the user chose for dbPath (say their home) is not ours
 * to change once it exists; the files in it are 0600 anyway.
 */
function makePrivateFolder(folder: string): void {
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

/** Creates (or tightens) a store file as 0600 before SQLite opens it, whatever the umask. */
function makePrivateFile(path: string, options: { readonly create: boolean } = { create: true }): void {
  let fd: number;
  try {
    fd = openSync(path, options.create ? "a" : "r+", 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES" || code === "EPERM") return; // no file, or another user's
    throw error;
  }
  try {
    fchmodSync(fd, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
  } finally {
    closeSync(fd);
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
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" && (error as NodeJS.ErrnoException).code !== "ENOTDIR") throw error;
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
  const stats = statSync(path);
  if (!stats.isFile()) throw unusable(path, new Error("it is not a regular file"));
  // An empty file is a new database to SQLite; anything else must start with SQLite's header.
  if (stats.size === 0) return;
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, "r");
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString("latin1") !== SQLITE_HEADER) throw unusable(path, new Error("it is not a SQLite database"));
}

/** Refuses a database that is not ours or is newer; true when it already has every migration. */
function refuseForeignSchema(path: string, native: NativeDatabase): boolean {
  const tables = (native.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all([]) as { name: string }[]).map(
    (row) => row.name,
  );
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
