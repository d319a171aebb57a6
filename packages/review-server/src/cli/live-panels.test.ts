import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { defaultDbPath, openRepository } from "../git/index.js";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { openStore, upsertServer, writeTransaction } from "../store/index.js";
import { livePanels } from "./live-panels.js";

describe("livePanels", () => {
  let repo: TempRepository | undefined;
  afterEach(async () => {
    await repo?.remove();
  });

  it("lists panels whose process runs and whose heartbeat is recent, and skips the rest", async () => {
    repo = await makeTempRepository();
    await repo.write("a.txt", "a\n");
    await repo.commitAll("base");
    const repository = await openRepository(repo.dir);

    // A process that has ended: its pid is free (or reused, which the heartbeat check then catches).
    const gone = spawn(process.execPath, ["-e", ""]);
    const deadPid = gone.pid!;
    await new Promise((resolve) => gone.on("close", resolve));

    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const store = await openStore({ path: defaultDbPath(repository) });
    await writeTransaction(store.db, async (trx) => {
      await upsertServer(trx, {
        url: "http://127.0.0.1:1001",
        pid: process.pid,
        worktree: repo!.dir,
        branch: "main",
        started_at: ago(5_000),
        heartbeat_at: ago(10_000),
      });
      await upsertServer(trx, {
        url: "http://127.0.0.1:1002",
        pid: deadPid,
        worktree: repo!.dir,
        branch: "main",
        heartbeat_at: ago(1_000),
      });
      await upsertServer(trx, {
        url: "http://127.0.0.1:1003",
        pid: process.pid,
        worktree: repo!.dir,
        branch: "main",
        heartbeat_at: ago(91_000),
      });
      await upsertServer(trx, {
        url: "http://127.0.0.1:1004",
        pid: process.pid,
        worktree: "/elsewhere",
        branch: "x",
        started_at: ago(1_000),
        heartbeat_at: ago(1_000),
      });
    });
    await store.close();

    const panels = await livePanels(repository, { now });
    expect(panels.map((p) => p.url)).toEqual(["http://127.0.0.1:1004", "http://127.0.0.1:1001"]);
  });

  it("finds none, and creates no database, in a repository never reviewed", async () => {
    repo = await makeTempRepository();
    const repository = await openRepository(repo.dir);
    expect(await livePanels(repository)).toEqual([]);
    expect(existsSync(defaultDbPath(repository))).toBe(false);
  });
});
