import { existsSync, statSync } from "node:fs";
import { Kysely, SqliteDialect } from "kysely";
import { ReviewError } from "@opencode-review/core";
import type { Database } from "./database.js";
import { migrations } from "./migrations/index.js";
import { openNativeDatabase, type NativeDatabase } from "./native-database.js";
import type { Store } from "./open-store.js";

/**
 * What a read-only look at the store found: the store to read, or why there is nothing to read. A store
 * that does not exist, is empty, or waits for a migration is a value, not an error: nobody has reviewed
 * there yet, or the next server to start brings it up to date.
 */
export type ReadOnlyStore =
  | { readonly kind: "open"; readonly store: Store }
  | { readonly kind: "absent" }
  | { readonly kind: "empty" }
  | { readonly kind: "outdated"; readonly missing: readonly string[] };

/**
 * Opens an existing store for reading only: it never creates, migrates, switches the journal of, or
 * changes the mode of any file, and waits at most `busyTimeoutMs` for a lock another process holds
 * (then ReviewError("store") saying the store is busy). For callers that must answer quickly and must
 * never leave a trace, such as a client's hooks.
 * @example const found = await openReadOnlyStore({ path, busyTimeoutMs: 250 }); if (found.kind === "open") ...
 */
export async function openReadOnlyStore(options: {
  readonly path: string;
  readonly busyTimeoutMs: number;
}): Promise<ReadOnlyStore> {
  const { path, busyTimeoutMs } = options;
  if (!existsSync(path)) return { kind: "absent" };
  const stat = statSync(path);
  if (!stat.isFile())
    throw new ReviewError("store", `${path} is not a regular file, so it cannot be the review database.`);
  // A zero-byte file is a store another process is about to create; SQLite would read it as an empty database.
  if (stat.size === 0) return { kind: "empty" };
  const native = await openNativeDatabase(path, { readOnly: true });
  try {
    native.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(busyTimeoutMs))}`);
    native.exec("PRAGMA query_only = ON");
    const missing = missingMigrations(path, native);
    if (missing === null) {
      native.close();
      return { kind: "empty" };
    }
    if (missing.length > 0) {
      native.close();
      return { kind: "outdated", missing };
    }
  } catch (error) {
    native.close();
    throw readError(path, error, busyTimeoutMs);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
  return { kind: "open", store: { db, path, readOnly: () => true, close: () => db.destroy() } };
}

/** The migrations the file lacks; null when it has no tables at all. */
function missingMigrations(path: string, native: NativeDatabase): readonly string[] | null {
  const tables = (
    native.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all([]) as { name: string }[]
  ).map((row) => row.name);
  if (tables.length === 0) return null;
  if (!tables.includes("kysely_migration")) {
    throw new ReviewError("store", `${path} is a SQLite database of another program, not an opencode-review store.`);
  }
  const applied = new Set(
    (native.prepare("SELECT name FROM kysely_migration").all([]) as { name: string }[]).map((row) => row.name),
  );
  const unknown = [...applied].filter((name) => !migrations.some((m) => m.name === name));
  if (unknown.length > 0) {
    throw new ReviewError(
      "store",
      `${path} was written by a newer opencode-review (unknown migration ${unknown.join(", ")}); update opencode-review.`,
    );
  }
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}

function readError(path: string, error: unknown, busyTimeoutMs: number): unknown {
  if (error instanceof ReviewError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    (typeof code === "string" && code.startsWith("SQLITE_BUSY")) ||
    (typeof message === "string" && /database is locked/i.test(message))
  ) {
    return new ReviewError(
      "store",
      `the review database ${path} is held by another process (waited ${busyTimeoutMs} ms); try again later.`,
    );
  }
  if (code === "SQLITE_NOTADB" || (typeof message === "string" && /file is not a database/i.test(message))) {
    return new ReviewError("store", `${path} is not a SQLite database, so it cannot be the review database.`);
  }
  return new ReviewError("store", `${path} cannot be read: ${typeof message === "string" ? message : String(error)}.`);
}
