import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import type { ReleaseDelivery } from "../service/index.js";
import { spawnSync } from "node:child_process";
import {
  insertReview,
  insertRound,
  listServers,
  openStore,
  readPanelToken,
  reviewById,
  writeTransaction,
} from "../store/index.js";
import { startReviewServer, type RunningReviewServer } from "./start-review-server.js";
import { systemClock } from "../service/clock.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

const delivery: ReleaseDelivery = { mode: "tools", deliver: async () => null };
const onCleanup = cleanUpAfterEach();

async function repository(): Promise<TempRepository> {
  const repo = await makeTempRepository();
  await repo.write("src/a.ts", "export const a = 1;\n");
  await repo.commitAll("base");
  onCleanup(() => repo.remove());
  return repo;
}

async function start(
  dir: string,
  extra: Partial<Parameters<typeof startReviewServer>[0]> = {},
): Promise<RunningReviewServer> {
  const server = await startReviewServer({
    now: systemClock,
    dir,
    delivery,
    tools: true,
    panelDir: join(dir, "no-panel"),
    ...extra,
  });
  onCleanup(() => server.close());
  return server;
}

describe("startReviewServer", () => {
  it("serves the API on loopback with its token, and answers health from the repository and package", async () => {
    const repo = await repository();
    const server = await start(repo.dir, { tools: false });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.panelUrl).toBe(`${server.url}/#token=${server.token}`);
    expect(server.token).toMatch(/^[0-9a-f]{32}$/);

    const health = await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, version: "0.1.0", repo: repo.dir, branch: "main", tools: false });
    const refused = await fetch(`${server.url}/api/health`);
    expect(refused.status).toBe(401);
  });

  it("hands the service over first and loads and starts the panel only once beforePanel has resolved", async () => {
    const repo = await repository();
    const db = await mkdtemp(join(tmpdir(), "opencode-review-gate-"));
    onCleanup(() => rm(db, { recursive: true, force: true }));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let handedOver: ((service: RunningReviewServer["service"]) => void) | undefined;
    const service = new Promise<RunningReviewServer["service"]>((resolve) => (handedOver = resolve));
    let listening = false;
    const starting = start(repo.dir, {
      dbPath: join(db, "review.sqlite"),
      onService: (s) => handedOver!(s),
      beforePanel: () => gate,
    }).then((server) => {
      listening = true;
      return server;
    });
    // The tools' work goes on while the panel waits.
    const ready = await service;
    expect(await ready.listThreads({})).toEqual([]);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(listening).toBe(false);
    const store = await openStore({ path: join(db, "review.sqlite") });
    onCleanup(() => store.close());
    expect(await listServers(store.db, { worktree: repo.dir })).toEqual([]);
    open();
    const server = await starting;
    expect(
      (await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${server.token}` } })).status,
    ).toBe(200);
    expect((await listServers(store.db, { worktree: repo.dir })).map((row) => row.url)).toEqual([server.url]);
  });

  it("starts when a regular file stands where the token folder goes, saying it replaced it", async () => {
    const repo = await repository();
    const folder = join(repo.dir, ".git", "opencode-review");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "panel-tokens"), "junk");
    const reported: string[] = [];
    const server = await start(repo.dir, {
      token: "fixed-token",
      reportError: (error) => reported.push(String(error)),
    });
    expect((await fetch(`${server.url}/api/health`, { headers: { authorization: "Bearer fixed-token" } })).status).toBe(
      200,
    );
    expect(readPanelToken(join(folder, "review.sqlite"), server.url)).toBe("fixed-token");
    expect(reported).toEqual([expect.stringMatching(/panel-tokens was a regular file, not a folder; it was replaced/)]);
  });

  it("keeps the database in the git common dir by default and registers its panel link there until close", async () => {
    const repo = await repository();
    const server = await start(repo.dir, { token: "fixed-token" });
    const store = await openStore({ path: join(repo.dir, ".git", "opencode-review", "review.sqlite") });
    try {
      const rows = await listServers(store.db, { worktree: repo.dir });
      expect(rows.map((r) => ({ url: r.url, pid: r.pid, branch: r.branch }))).toEqual([
        { url: server.url, pid: process.pid, branch: "main" },
      ]);
      expect(readPanelToken(store.path, server.url)).toBe("fixed-token");
      await server.close();
      await server.close(); // twice is harmless
      expect(await listServers(store.db, { worktree: repo.dir })).toEqual([]);
      expect(readPanelToken(store.path, server.url)).toBeNull();
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    } finally {
      await store.close();
    }
  });

  it("keeps nothing secret where another user can read it: folder 0700, files 0600 under umask 000, no token in any store file", async () => {
    const repo = await repository();
    const before = process.umask(0o000);
    let server: RunningReviewServer;
    try {
      server = await start(repo.dir);
      // A write, so the -wal holds pages too.
      const draft = await fetch(`${server.url}/api/threads`, {
        method: "POST",
        headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ file: "src/a.ts", start: 1, end: 1, body: "why?" }),
      });
      expect(draft.status).toBe(201);
    } finally {
      process.umask(before);
    }
    const folder = join(repo.dir, ".git", "opencode-review");
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(folder)).toBe("700");
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          expect(mode(path), path).toBe("700");
          walk(path);
        } else files.push(path);
      }
    };
    walk(folder);
    const names = files.map((file) => file.slice(folder.length + 1)).sort();
    expect(names).toEqual(expect.arrayContaining(["review.sqlite", "review.sqlite-shm", "review.sqlite-wal"]));
    for (const file of files) expect(mode(file), file).toBe("600");
    // The only file holding the token is the server's own token file.
    const holding = files.filter((file) => readFileSync(file).includes(server.token));
    expect(holding.map((file) => file.slice(folder.length + 1))).toEqual([
      `panel-tokens/${encodeURIComponent(new URL(server.url).host)}.token`,
    ]);
    await server.close();
    for (const file of files) {
      try {
        expect(readFileSync(file).includes(server.token), file).toBe(false);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  });

  it("at start, delivers a release a process that is gone left pending (stopped before its doorbell rang)", async () => {
    const repo = await repository();
    const path = join(repo.dir, ".git", "opencode-review", "review.sqlite");
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const store = await openStore({ path });
    const left = await writeTransaction(store.db, async (trx) => {
      const round = await insertRound(trx, {
        created_at: new Date().toISOString(),
        branch: "main",
        base: "b".repeat(40),
        snapshot: "s".repeat(40),
        tree: "e".repeat(40),
      });
      return insertReview(trx, {
        released_at: new Date().toISOString(),
        branch: "main",
        mode: "tools",
        round_id: round.id,
        session_id: "ses_impl",
        message_text: "1 comment. Call review_list.",
        delivery_state: "pending",
        owner_pid: gone,
      });
    });
    await store.close();
    const rung: (string | null)[] = [];
    const server = await start(repo.dir, {
      delivery: {
        mode: "tools",
        deliver: async ({ sessionId }) => (rung.push(sessionId), sessionId === null ? null : { sessionId }),
      },
    });
    for (let waited = 0; rung.length === 0; waited += 50) {
      if (waited > 30_000) throw new Error("the pending release was never delivered");
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rung).toEqual(["ses_impl"]);
    const reviews = await fetch(`${server.url}/api/reviews`, { headers: { authorization: `Bearer ${server.token}` } });
    const listed = ((await reviews.json()) as { reviews: { id: string; delivery: { state: string; to?: string } }[] })
      .reviews;
    expect(listed.find((r) => r.id === left.id)?.delivery).toMatchObject({ state: "delivered", to: "ses_impl" });
    expect((await reviewById(server.service.context.db, left.id))?.owner_pid).toBe(process.pid);
  });

  it("refuses a host that is not loopback, before opening anything", async () => {
    const repo = await repository();
    await expect(start(repo.dir, { host: "0.0.0.0" })).rejects.toMatchObject({
      code: "invalid_input",
      message: expect.stringContaining("host 0.0.0.0 is not a loopback address"),
    });
    await expect(start(repo.dir, { host: "192.168.1.10" })).rejects.toMatchObject({ code: "invalid_input" });
  });

  it("refuses a folder outside any git repository, naming it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ocr-not-git-"));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    await expect(start(dir, { dbPath: join(dir, "db", "review.sqlite") })).rejects.toMatchObject({
      code: "not_git",
      message: expect.stringContaining(`${dir} is not inside a git repository`),
    });
  });

  it("refuses an empty token rather than serving without one", async () => {
    const repo = await repository();
    await expect(start(repo.dir, { token: "" })).rejects.toMatchObject({ code: "invalid_input" });
  });
});
