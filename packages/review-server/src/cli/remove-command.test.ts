// `opencode-review remove` on a real repository whose store and round refs a real review service wrote.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { defaultDbPath, openRepository } from "../git/index.js";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { createReviewService } from "../service/index.js";
import { openStore, upsertServer, writeTransaction } from "../store/index.js";
import type { CliIo } from "./cli-io.js";
import { runCli } from "./run-cli.js";
import { systemClock } from "../service/clock.js";

let repo: TempRepository | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

async function run(args: string[], cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { cwd, out: (t) => out.push(t), err: (t) => err.push(t), stopRequested: new Promise(() => {}) };
  const code = await runCli(args, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** A repository with a review on it: two rounds (two refs) and a draft in the store. */
async function reviewedRepository() {
  repo = await makeTempRepository();
  await repo.write("a.ts", "one\n");
  await repo.commitAll("base");
  const opened = await openRepository(repo.dir);
  const store = await openStore({ path: defaultDbPath(opened) });
  const service = createReviewService({
    now: systemClock,
    dir: repo.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "prose", deliver: async () => null },
  });
  await repo.write("a.ts", "two\n");
  await service.takeRound();
  await repo.write("a.ts", "three\n");
  await service.takeRound();
  await service.draftThread({ file: "a.ts", start: 1, end: 1, body: "Why three?" });
  return { opened, store };
}

describe("opencode-review remove", () => {
  it("says what it would delete with --dry-run and deletes nothing", async () => {
    const { opened, store } = await reviewedRepository();
    await store.close();
    const result = await run(["remove", "--dry-run"], repo!.dir);
    expect(result).toMatchObject({ code: 0, err: "" });
    expect(result.out).toBe(
      `Would remove the review store ${dirname(defaultDbPath(opened))} and 2 round refs under refs/opencode-review/.`,
    );
    expect(existsSync(defaultDbPath(opened))).toBe(true);
    expect(await repo!.git("for-each-ref", "refs/opencode-review/")).not.toBe("");
  });

  it("deletes the store and every round ref, and leaves the work tree, HEAD and branches alone", async () => {
    const { opened, store } = await reviewedRepository();
    await store.close();
    const head = (await repo!.git("rev-parse", "HEAD")).trim();
    const result = await run(["remove", "--repo", repo!.dir], "/");
    expect(result.code).toBe(0);
    expect(result.out).toContain("Removed the review store");
    expect(existsSync(dirname(defaultDbPath(opened)))).toBe(false);
    expect((await repo!.git("for-each-ref", "refs/opencode-review/")).trim()).toBe("");
    expect((await repo!.git("rev-parse", "HEAD")).trim()).toBe(head);
    expect(readFileSync(join(repo!.dir, "a.ts"), "utf8")).toBe("three\n");
    // A second run finds nothing and says so.
    expect(await run(["remove"], repo!.dir)).toMatchObject({
      code: 0,
      out: `Nothing to remove: opencode-review keeps nothing in ${repo!.dir}.`,
    });
  });

  it("refuses while a review server runs for the repository, and deletes nothing", async () => {
    const { opened, store } = await reviewedRepository();
    await writeTransaction(store.db, (trx) =>
      upsertServer(trx, {
        heartbeat_at: new Date().toISOString(),
        url: "http://127.0.0.1:1/",
        pid: process.pid,
        worktree: repo!.dir,
        branch: "main",
      }),
    );
    await store.close();
    const result = await run(["remove"], repo!.dir);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`a review server is running for ${repo!.dir} (pid ${process.pid})`);
    expect(existsSync(defaultDbPath(opened))).toBe(true);
  });

  it("fails (exit 1, not the usage code) outside a git repository", async () => {
    const result = await run(["remove", "--repo", "/"], "/");
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^opencode-review remove: /);
  });
});

describe("opencode-review remove --branch", () => {
  it("drops one branch's review (threads, rounds, refs) and leaves the other branches' as they were", async () => {
    const { opened, store } = await reviewedRepository();
    // A second branch with its own review, in its own work tree.
    const other = join(dirname(repo!.dir), `${repo!.dir.split("/").pop()}-agent-b`);
    await repo!.git("worktree", "add", "-q", "-b", "agent-b", other);
    try {
      const { writeFile } = await import("node:fs/promises");
      await writeFile(join(other, "a.ts"), "attempt b\n");
      const serviceB = createReviewService({
        now: systemClock,
        dir: other,
        store,
        bus: createEventBus(),
        delivery: { mode: "prose", deliver: async () => null },
      });
      await serviceB.draftThread({ file: "a.ts", start: 1, end: 1, body: "B's" });
      await store.close();

      const result = await run(["remove", "--branch", "agent-b"], repo!.dir);
      expect(result).toMatchObject({ code: 0, err: "" });
      expect(result.out).toBe("Removed the review of agent-b: 1 thread, 1 round and 1 round ref.");
      const refs = await repo!.git("for-each-ref", "--format=%(refname)", "refs/opencode-review/");
      expect(refs).not.toContain("agent-b");
      expect(refs.trim().split("\n")).toHaveLength(2);

      const again = await openStore({ path: defaultDbPath(opened) });
      try {
        const left = await again.db.selectFrom("threads").select(["branch"]).execute();
        expect(left.map((t) => t.branch)).toEqual(["main"]);
        const rounds = await again.db.selectFrom("rounds").select(["branch"]).execute();
        expect(rounds.map((r) => r.branch)).toEqual(["main", "main"]);
      } finally {
        await again.close();
      }
    } finally {
      const { rm } = await import("node:fs/promises");
      await rm(other, { recursive: true, force: true });
    }
  });
});
