import { spawn, spawnSync } from "node:child_process";
import { afterEach, describe, expect, test } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import {
  insertReview,
  openStore,
  reviewById,
  roundsByBranch,
  writeTransaction,
  type ReviewRow,
} from "../../store/index.js";
import { UNKNOWN_DELIVERY } from "./deliver-review.js";
import { processStartTime } from "./owner-process.js";
import { createReviewService } from "../review-service.js";
import { makeServiceFixture, type ServiceFixture } from "../testing/service-fixture.js";
import { systemClock } from "../clock.js";

// Releases left `pending` by a process that stopped between the release's commit and its doorbell: the next
// process to start takes over those of dead owners, and leaves alone what a live process or an MCP client's
// next turn will deliver. (The kill itself, of a real process mid-doorbell, is in release-kill.stress.test.ts.)

let f: ServiceFixture | undefined;
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await f?.close();
  f = undefined;
});

/** The id of a process that existed a moment ago and is gone now. */
function deadPid(): number {
  const gone = spawnSync(process.execPath, ["-e", "0"]);
  return gone.pid!;
}

/** A process that lives until the test ends. */
function livePid(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 600000)"], { stdio: "ignore" });
  stops.push(() => child.kill("SIGKILL"));
  return child.pid!;
}

async function setup() {
  f = await makeServiceFixture({ "src/a.ts": "one\n" });
  await f.repo.write("src/a.ts", "two\n");
  await f.service.recordSession({ id: "ses_impl", title: "A", directory: f.repo.dir });
  await f.service.takeRound();
  const [round] = await roundsByBranch(f.store.db, "main");
  const left = (owner: number | null, waitsForTurn = 0, started: string | null = null) =>
    writeTransaction(f!.store.db, (trx) =>
      insertReview(trx, {
        released_at: new Date().toISOString(),
        branch: "main",
        mode: "tools",
        round_id: round!.id,
        session_id: "ses_impl",
        message_text: `1 comment (owner ${owner}). Call review_list.`,
        delivery_state: "pending",
        owner_pid: owner,
        owner_started: started,
        waits_for_turn: waitsForTurn,
      }),
    );
  return { f, left };
}

async function until(read: () => Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await read()); waited += 50) {
    if (waited > 30_000) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("releases a previous process left pending", () => {
  test("an owner whose pid now belongs to another process (or to this one, after a restart) is gone: its release is taken over", async () => {
    const { f, left } = await setup();
    const other = livePid();
    const otherStart = processStartTime(other);
    expect(otherStart).not.toBeNull();
    // The same pid, but a process that started at another time: the owner died and its pid was given again.
    const reused = await left(other, 0, `${otherStart}0`);
    const reusedByUs = await left(process.pid, 0, `${processStartTime(process.pid)}0`);
    // The owner itself, pid and start time, is alive: its release stays its own.
    const owned = await left(other, 0, otherStart);

    const taken = await f.service.resumeOrphanedDeliveries();
    expect([...taken].sort()).toEqual([reused.id, reusedByUs.id].sort());
    const state = async (row: ReviewRow) => (await reviewById(f.store.db, row.id))!;
    await until(
      async () =>
        (await state(reused)).delivery_state === "delivered" &&
        (await state(reusedByUs)).delivery_state === "delivered",
      "both are delivered",
    );
    expect(await state(reused)).toMatchObject({ owner_pid: process.pid, owner_started: processStartTime(process.pid) });
    expect(await state(owned)).toMatchObject({
      delivery_state: "pending",
      owner_pid: other,
      owner_started: otherStart,
      delivery_attempts: 0,
    });
  });

  test("a dead owner's is delivered; a live owner's and an MCP release waiting for its turn stay pending; an owner-less one reads failed, with why", async () => {
    const { f, left } = await setup();
    const dead = await left(deadPid());
    const live = await left(livePid());
    const mcp = await left(deadPid(), 1);
    const older = await left(null);
    f.events.length = 0;

    const taken = await f.service.resumeOrphanedDeliveries();
    expect(taken).toEqual([dead.id]);
    const state = async (row: ReviewRow) => (await reviewById(f.store.db, row.id))!;
    await until(
      async () => (await state(dead)).delivery_state === "delivered",
      "the dead owner's release is delivered",
    );
    expect(f.delivered).toEqual([{ sessionId: "ses_impl", text: dead.message_text }]);
    expect(await state(dead)).toMatchObject({ delivered_to: "ses_impl", owner_pid: process.pid, delivery_attempts: 1 });
    expect(await state(live)).toMatchObject({
      delivery_state: "pending",
      owner_pid: live.owner_pid,
      delivery_attempts: 0,
    });
    expect(await state(mcp)).toMatchObject({ delivery_state: "pending", delivery_attempts: 0 });
    expect(await state(older)).toMatchObject({
      delivery_state: "failed",
      delivery_error: UNKNOWN_DELIVERY,
      dismissed_at: null,
    });

    // The panels see both outcomes, and the failed one is offered for Retry (GET /api/reviews).
    const shown = await f.service.pastReviews();
    expect(shown.find((r) => r.id === older.id)!.delivery).toMatchObject({
      state: "failed",
      error: UNKNOWN_DELIVERY,
      dismissed: false,
    });
    expect(
      f.events
        .filter((e) => e.type === "review")
        .map((e) => e.type === "review" && [e.review.id, e.review.delivery?.state])
        .sort(),
    ).toEqual(
      [
        [dead.id, "delivered"],
        [older.id, "failed"],
      ].sort(),
    );
    const retried = await f.service.retryDelivery(older.id);
    expect(retried.delivery).toMatchObject({ state: "delivered", to: "ses_impl" });

    // Started again: the live owner's is still its own, and nothing is rung twice.
    expect(await f.service.resumeOrphanedDeliveries()).toEqual([]);
    expect(f.delivered).toHaveLength(2);
  });

  test("an MCP server starting pushes nothing: it cannot ring a chat, and leaves them to a process that can", async () => {
    const { f, left } = await setup();
    const dead = await left(deadPid());
    const store = await openStore({ path: f.store.path });
    try {
      const rung: string[] = [];
      const mcp = createReviewService({
        now: systemClock,
        dir: f.repo.dir,
        store,
        bus: createEventBus(),
        delivery: { mode: "tools", waitsForAgentTurn: true, deliver: async ({ text }) => (rung.push(text), null) },
      });
      expect(await mcp.resumeOrphanedDeliveries()).toEqual([]);
      expect(rung).toEqual([]);
      expect((await reviewById(store.db, dead.id))!.delivery_state).toBe("pending");
    } finally {
      await store.close();
    }
    // An opencode process starting later delivers it.
    expect(await f.service.resumeOrphanedDeliveries()).toEqual([dead.id]);
  });

  test("a release made now records its owner, and whether it waits for the agent's turn", async () => {
    const { f } = await setup();
    await f.service.draftThread({ file: "src/a.ts", start: 1, end: 1, body: "Why two?" });
    const { review } = await f.service.release({});
    expect(await reviewById(f.store.db, review.id)).toMatchObject({
      owner_pid: process.pid,
      waits_for_turn: 0,
      delivery_state: "delivered",
    });
    // An MCP server's release waits for the agent's next turn, and says so for whoever starts next.
    const store = await openStore({ path: f.store.path });
    try {
      const mcp = createReviewService({
        now: systemClock,
        dir: f.repo.dir,
        store,
        bus: createEventBus(),
        delivery: { mode: "tools", waitsForAgentTurn: true, deliver: async () => null },
      });
      await mcp.draftThread({ file: "src/a.ts", start: 1, end: 1, body: "And a test?" });
      const waiting = (await mcp.release({})).review;
      expect(await reviewById(store.db, waiting.id)).toMatchObject({
        owner_pid: process.pid,
        waits_for_turn: 1,
        delivery_state: "pending",
      });
    } finally {
      await store.close();
    }
  });
});
