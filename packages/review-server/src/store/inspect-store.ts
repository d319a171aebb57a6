import { existsSync, statSync } from "node:fs";
import { currentRuntime } from "./native-database.js";
import { migrations } from "./migrations/index.js";
import type { ServerRow } from "./tables/servers.table.js";

/** What a store file is, read without changing it (no file created, no migration run, no journal switched). */
export type StoreInspection =
  | { readonly kind: "missing" }
  /** Not a SQLite database, or one SQLite cannot open (damaged, unreadable, not a regular file). */
  | { readonly kind: "unusable"; readonly reason: string }
  /** A SQLite database of another program. */
  | { readonly kind: "foreign"; readonly tables: readonly string[] }
  | {
      readonly kind: "store";
      /** The migrations it has, in order; `unknown` those this version does not know (a newer one wrote it). */
      readonly applied: readonly string[];
      readonly unknown: readonly string[];
      /** Migrations this version has that the file does not yet (run at the next start). */
      readonly pending: readonly string[];
      readonly servers: readonly ServerRow[];
    };

interface ReadOnlyDatabase {
  all(sql: string): unknown[];
  close(): void;
}

/**
 * Opens the store at `path` read-only and says what it is: its migrations against this version's and
 * the panels it records. Never writes: `opencode-review doctor` reads through this.
 * @example (await inspectStore(defaultDbPath(repo))).kind // "store"
 */
export async function inspectStore(path: string): Promise<StoreInspection> {
  if (!existsSync(path)) return { kind: "missing" };
  if (!statSync(path).isFile()) return { kind: "unusable", reason: "it is not a regular file" };
  let db: ReadOnlyDatabase;
  try {
    db = await openReadOnly(path);
  } catch (error) {
    return { kind: "unusable", reason: reasonOf(error) };
  }
  try {
    const tables = (db.all("SELECT name FROM sqlite_master WHERE type = 'table'") as { name: string }[]).map(
      (r) => r.name,
    );
    if (tables.length === 0)
      return { kind: "store", applied: [], unknown: [], pending: migrations.map((m) => m.name), servers: [] };
    if (!tables.includes("kysely_migration")) return { kind: "foreign", tables };
    const applied = (db.all("SELECT name FROM kysely_migration ORDER BY name") as { name: string }[]).map(
      (r) => r.name,
    );
    const known = new Set(migrations.map((m) => m.name));
    const done = new Set(applied);
    const servers = tables.includes("servers")
      ? (db.all("SELECT * FROM servers ORDER BY started_at DESC") as ServerRow[])
      : [];
    return {
      kind: "store",
      applied,
      unknown: applied.filter((name) => !known.has(name)),
      pending: migrations.map((m) => m.name).filter((name) => !done.has(name)),
      servers,
    };
  } catch (error) {
    return { kind: "unusable", reason: reasonOf(error) };
  } finally {
    db.close();
  }
}

async function openReadOnly(path: string): Promise<ReadOnlyDatabase> {
  if (currentRuntime() === "bun") {
    const specifier = "bun:sqlite";
    const { Database } = (await import(specifier)) as {
      Database: new (
        path: string,
        options: { readonly: boolean },
      ) => { query(sql: string): { all(): unknown[] }; close(): void };
    };
    const database = new Database(path, { readonly: true });
    return { all: (sql) => database.query(sql).all(), close: () => database.close() };
  }
  const { default: BetterSqlite3 } = await import("better-sqlite3");
  const database = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  return { all: (sql) => database.prepare(sql).all(), close: () => database.close() };
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /not a database/i.test(message) ? "it is not a SQLite database (damaged, or another kind of file)" : message;
}
