import { copyFileSync, readFileSync, renameSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "./open-store.js";
import { listServers, upsertServer } from "./servers.table.js";
import { writeTransaction } from "./write-transaction.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "ocr-open-store-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const register = (url: string) => (trx: Parameters<Parameters<typeof writeTransaction>[1]>[0]) =>
  upsertServer(trx, { url, pid: process.pid, worktree: "/repo", branch: "main" });

describe("openStore: a file deleted or replaced under a running store", () => {
  it("refuses writes with a clear error once its folder is deleted, instead of answering success into an unlinked file", async () => {
    const path = join(dir, "opencode-review", "review.sqlite");
    const store = await openStore({ path });
    try {
      await writeTransaction(store.db, register("http://127.0.0.1:1"));
      rmSync(join(dir, "opencode-review"), { recursive: true, force: true });
      await expect(writeTransaction(store.db, register("http://127.0.0.1:2"))).rejects.toMatchObject({
        code: "store",
        message: expect.stringMatching(/was deleted while this server ran.*this change was not saved.*Restart/),
      });
    } finally {
      await store.close();
    }
  });

  it("refuses writes once the file is replaced by another one (a restore, a copy moved into place)", async () => {
    const path = join(dir, "review.sqlite");
    const store = await openStore({ path });
    try {
      await writeTransaction(store.db, register("http://127.0.0.1:1"));
      copyFileSync(path, join(dir, "copy.sqlite"));
      renameSync(join(dir, "copy.sqlite"), path);
      await expect(writeTransaction(store.db, register("http://127.0.0.1:2"))).rejects.toMatchObject({
        code: "store",
        message: expect.stringMatching(/replaced by another file/),
      });
      // Reads still answer: what was there is still readable.
      expect((await listServers(store.db)).map((row) => row.url)).toEqual(["http://127.0.0.1:1"]);
    } finally {
      await store.close();
    }
  });
});

describe("migration 0005: no token in the servers table", () => {
  it("deletes rows of an older version that carry a token, and leaves the token's bytes nowhere in the file", async () => {
    const path = join(dir, "review.sqlite");
    const secret = "0123456789abcdef0123456789abcdef";
    // A database as an older version left it: migrated up to 0004, a row with the link and its token.
    const old = await openStore({ path });
    // Every later migration is undone too, so the file reads exactly as 0004 left it.
    await sql`DELETE FROM kysely_migration WHERE name >= '0005'`.execute(old.db);
    for (const table of ["viewed_files", "findings", "runs"]) await sql.raw(`DROP TABLE ${table}`).execute(old.db);
    for (const column of ["summary", "verdict", "message_text", "delivery_state", "delivery_error", "delivery_attempts", "dismissed_at"]) {
      await sql.raw(`ALTER TABLE reviews DROP COLUMN ${column}`).execute(old.db);
    }
    await writeTransaction(old.db, register(`http://127.0.0.1:4321/?token=${secret}`));
    await writeTransaction(old.db, register("http://127.0.0.1:4322"));
    await old.close();
    expect(readFileSync(path).includes(secret)).toBe(true);

    const store = await openStore({ path });
    try {
      expect((await listServers(store.db)).map((row) => row.url)).toEqual(["http://127.0.0.1:4322"]);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
    } finally {
      await store.close();
    }
    for (const file of [path, `${path}-wal`]) {
      try {
        expect(readFileSync(file).includes(secret), file).toBe(false);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  });
});
