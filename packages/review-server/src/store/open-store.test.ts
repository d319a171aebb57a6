import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openNativeDatabase } from "./native-database.js";
import { openStore } from "./open-store.js";
import { startWriter } from "./testing/writer-process.js";
import { listServers, upsertServer } from "./tables/servers.table.js";
import { writeTransaction } from "./write-transaction.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "ocr-open-store-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const register = (url: string) => (trx: Parameters<Parameters<typeof writeTransaction>[1]>[0]) =>
  upsertServer(trx, {
    heartbeat_at: new Date().toISOString(),
    url,
    pid: process.pid,
    worktree: "/repo",
    branch: "main",
  });

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
    await sql`DROP TRIGGER threads_drop_located`.execute(old.db);
    for (const table of ["tours", "kept_hunks", "changes", "forge_messages", "forge_threads", "forge_pulls"])
      await sql.raw(`DROP TABLE ${table}`).execute(old.db);
    await sql`ALTER TABLE threads DROP COLUMN then_rev`.execute(old.db);
    for (const table of [
      "list_cursors",
      "located_anchors",
      "branch_bases",
      "reviewer_changes",
      "viewed_files",
      "findings",
      "runs",
    ])
      await sql.raw(`DROP TABLE ${table}`).execute(old.db);
    for (const column of [
      "summary",
      "verdict",
      "message_text",
      "delivery_state",
      "delivery_error",
      "delivery_attempts",
      "dismissed_at",
      "owner_pid",
      "owner_started",
      "waits_for_turn",
      "forge_url",
      "pr_messages",
      "worktree",
    ]) {
      await sql.raw(`ALTER TABLE reviews DROP COLUMN ${column}`).execute(old.db);
    }
    for (const column of ["claim_accepted", "claim_reason"])
      await sql.raw(`ALTER TABLE messages DROP COLUMN ${column}`).execute(old.db);
    await writeTransaction(old.db, register(`http://127.0.0.1:4321/?token=${secret}`));
    await writeTransaction(old.db, register("http://127.0.0.1:4322"));
    for (const column of ["kind", "instance"])
      await sql.raw(`ALTER TABLE servers DROP COLUMN ${column}`).execute(old.db);
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

describe("openStore beside another connection of the same process", () => {
  /** The POSIX locks this process holds on a file, from the kernel's own list (Linux). */
  function locksOn(path: string): number {
    const inode = statSync(path).ino;
    return readFileSync("/proc/locks", "utf8")
      .split("\n")
      .filter((line) => {
        const fields = line.trim().split(/\s+/);
        // "1: POSIX  ADVISORY  READ 1234 08:01:5678 128 128"
        return fields[1] === "POSIX" && fields[4] === String(process.pid) && fields[5]?.split(":")[2] === String(inode);
      }).length;
  }

  it.skipIf(!existsSync("/proc/locks"))(
    "keeps the first connection's locks on -shm (the terminal and server halves share one opencode process)",
    async () => {
      const path = join(dir, "review.sqlite");
      const first = await openStore({ path });
      try {
        await writeTransaction(first.db, register("http://127.0.0.1:1"));
        await listServers(first.db);
        const held = locksOn(`${path}-shm`);
        expect(held).toBeGreaterThan(0);
        // A second open in the same process (as livePanels or the other half does) must not drop them:
        // closing any descriptor of a file releases every lock the process has on it.
        const second = await openStore({ path });
        await second.close();
        expect(locksOn(`${path}-shm`)).toBeGreaterThan(0);
        expect((await listServers(first.db)).map((row) => row.url)).toEqual(["http://127.0.0.1:1"]);
      } finally {
        await first.close();
      }
    },
  );
});

describe("openStore beside another process that holds a file in rollback mode", () => {
  it("gives up the switch to WAL within its one 5 s budget, not a busy wait more after retrying most of it", async () => {
    const path = join(dir, "review.sqlite");
    await (await openStore({ path })).close();
    const rollback = await openNativeDatabase(path);
    rollback.exec("PRAGMA journal_mode = DELETE");
    rollback.close();
    // For 3 s the switch fails at once (another write lock), then it would wait (only a read lock is left).
    const holder = startWriter("node", ["hold-reserved-then-shared", path, "3000"]);
    try {
      await holder.waitFor("held");
      const started = Date.now();
      await expect(openStore({ path })).rejects.toMatchObject({
        code: "store",
        message: expect.stringMatching(/database is locked/),
      });
      expect(holder.lines).toContain("shared only");
      // The old retry began a 5 s busy wait at 3 s: 8 s in all.
      expect(Date.now() - started).toBeLessThan(6500);
    } finally {
      holder.child.kill("SIGKILL");
      await holder.exited;
    }
  }, 30_000);
});

describe("openStore and its folder", () => {
  it("does not change the mode of a folder the store folder links to, and refuses a file in its place in one sentence", async () => {
    const outside = join(dir, "elsewhere");
    mkdirSync(outside, { mode: 0o755 });
    chmodSync(outside, 0o755);
    symlinkSync(outside, join(dir, "opencode-review"));
    await (await openStore({ path: join(dir, "opencode-review", "review.sqlite") })).close();
    expect(statSync(outside).mode & 0o777).toBe(0o755);
    expect(existsSync(join(outside, "review.sqlite"))).toBe(true);

    const other = join(dir, "other");
    mkdirSync(other);
    writeFileSync(join(other, "opencode-review"), "a file");
    await expect(openStore({ path: join(other, "opencode-review", "review.sqlite") })).rejects.toMatchObject({
      code: "store",
      message: expect.stringMatching(
        /opencode-review is a file, not the folder the review database goes in\. Move it aside/,
      ),
    });
  });
});
