import Sqlite from "better-sqlite3";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import type { ReviewEvent } from "../../events/review-event.js";
import { openStore, type Store } from "../../store/index.js";
import { createReviewService } from "../review-service.js";
import { makeServiceFixture, type ServiceFixture } from "../testing/service-fixture.js";
import { seedDraftThreads } from "../testing/seed-draft-threads.js";
import { startServiceProcess, type ServiceProcess } from "../testing/service-process.js";
import { systemClock } from "../clock.js";

// A process that dies in the middle of a big release (opencode killed, the laptop lid shut) must leave the
// person's batch wholly released or wholly pending: never half sent, never a review that owns half of it.

const DRAFTS = 500;
const BASE = Array.from({ length: DRAFTS + 20 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

let fixture: ServiceFixture | undefined;
let dbDir: string;
let restarted: Store | undefined;
const extraStores: Store[] = [];
const children: ServiceProcess[] = [];
beforeEach(async () => {
  dbDir = await mkdtemp(join(tmpdir(), "opencode-review-kill-"));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.child.kill("SIGKILL");
  await restarted?.close();
  restarted = undefined;
  for (const store of extraStores.splice(0)) await store.close();
  await fixture?.close();
  fixture = undefined;
  await rm(dbDir, { recursive: true, force: true });
});

/** A repository with an agent's change and 500 draft threads, one per line (the test process keeps its store open). */
async function fiveHundredDrafts() {
  const f = (fixture = await makeServiceFixture({ "src/big.txt": BASE }, "tools", dbDir));
  await f.repo.write("src/big.txt", `added by the agent\n${BASE}`);
  const places = Array.from({ length: DRAFTS }, (_, i) => ({ file: "src/big.txt", start: i + 2, body: `draft ${i}` }));
  await seedDraftThreads(f.service, places);
  return f;
}

/** The same repository and database opened again, as after a restart; `reaches`: its doorbell finds the session. */
async function restart(f: ServiceFixture, reaches = false) {
  const store = await openStore({ path: f.store.path });
  if (restarted === undefined) restarted = store;
  else extraStores.push(store);
  const delivered: { sessionId: string | null; text: string }[] = [];
  const events: ReviewEvent[] = [];
  const bus = createEventBus();
  bus.subscribe((event) => events.push(event));
  const service = createReviewService({
    now: systemClock,
    dir: f.repo.dir,
    store,
    bus,
    delivery: {
      mode: "tools",
      deliver: async (input) => (
        delivered.push(input), reaches && input.sessionId !== null ? { sessionId: input.sessionId } : null
      ),
    },
  });
  return { store, service, delivered, events };
}

async function deliveries(store: Store) {
  const rows = await store.db.selectFrom("messages").select(["delivery", "review_id"]).execute();
  const count = (delivery: string) => rows.filter((r) => r.delivery === delivery).length;
  return { unsent: count("unsent"), sent: count("sent"), reviews: [...new Set(rows.map((r) => r.review_id))] };
}

function writeLockHeld(path: string): boolean {
  const probe = new Sqlite(path, { timeout: 0 });
  try {
    probe.exec("BEGIN IMMEDIATE");
    probe.exec("ROLLBACK");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return true;
    throw error;
  } finally {
    probe.close();
  }
}

test("killed inside the release's write transaction: after a restart the whole batch is still pending, and releases whole", async () => {
  const f = await fiveHundredDrafts();
  // Update 501 of the release's 1000 (a thread row, then its message, per thread): half the batch written.
  const release = startServiceProcess(["release", f.repo.dir, f.store.path, "in-transaction", String(DRAFTS + 1)]);
  children.push(release);
  expect(await release.waitFor("inside")).toBe(`inside ${DRAFTS + 1}`);
  expect(writeLockHeld(f.store.path)).toBe(true);
  release.child.kill("SIGKILL");
  expect((await release.exited).signal).toBe("SIGKILL");

  const again = await restart(f);
  expect(await deliveries(again.store)).toEqual({ unsent: DRAFTS, sent: 0, reviews: [null] });
  expect(await again.store.db.selectFrom("reviews").selectAll().execute()).toEqual([]);
  const pending = await again.service.pendingReview();
  expect(pending.drafts.threads).toHaveLength(DRAFTS);
  expect((await again.service.agentList({})).threads).toEqual([]);

  const { review } = await again.service.release({});
  expect(review.messages).toBe(DRAFTS);
  expect(await deliveries(again.store)).toEqual({ unsent: 0, sent: DRAFTS, reviews: [review.id] });
  expect(again.delivered).toHaveLength(1);
  expect(await again.service.waitingForAgent()).toEqual({ count: DRAFTS, files: ["src/big.txt"] });
}, 240_000);

test("killed while ringing the agent after the commit: after a restart the whole batch is released, once", async () => {
  const f = await fiveHundredDrafts();
  const release = startServiceProcess(["release", f.repo.dir, f.store.path, "in-delivery"]);
  children.push(release);
  await release.waitFor("delivering");
  release.child.kill("SIGKILL");
  expect((await release.exited).signal).toBe("SIGKILL");

  const again = await restart(f);
  const reviews = await again.store.db.selectFrom("reviews").selectAll().execute();
  expect(reviews).toHaveLength(1);
  expect(reviews[0]!.delivered_to).toBeNull();
  expect(await deliveries(again.store)).toEqual({ unsent: 0, sent: DRAFTS, reviews: [reviews[0]!.id] });
  expect((await again.service.pendingReview()).drafts).toEqual({ threads: [], messages: [] });
  // The agent was never told, but its prompt line still says what waits; the batch is not sent twice.
  expect(await again.service.waitingForAgent()).toEqual({ count: DRAFTS, files: ["src/big.txt"] });
  await expect(again.service.release({})).rejects.toThrow(/Nothing to release/);
  // Read through every page: all of them, once each.
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await again.service.agentList(cursor === undefined ? {} : { cursor });
    ids.push(...page.threads.map((t) => t.id));
    cursor = page.next;
  } while (cursor !== undefined);
  expect(new Set(ids).size).toBe(DRAFTS);
  expect(ids).toHaveLength(DRAFTS);
}, 240_000);

test("killed while ringing the agent after the commit: the next process to start rings it, once, even when two start at once", async () => {
  const f = await fiveHundredDrafts();
  await f.service.recordSession({ id: "ses_impl", title: "Big change", directory: f.repo.dir });
  const release = startServiceProcess(["release", f.repo.dir, f.store.path, "in-delivery"]);
  children.push(release);
  await release.waitFor("delivering");
  release.child.kill("SIGKILL");
  expect((await release.exited).signal).toBe("SIGKILL");
  const [left] = await f.store.db.selectFrom("reviews").selectAll().execute();
  expect(left).toMatchObject({
    delivery_state: "pending",
    owner_pid: release.child.pid,
    waits_for_turn: 0,
    session_id: "ses_impl",
  });

  // Two plugin instances start on the same store at once (two directories of one repository).
  const one = await restart(f, true);
  const two = await restart(f, true);
  const taken = await Promise.all([one.service.resumeOrphanedDeliveries(), two.service.resumeOrphanedDeliveries()]);
  expect(taken.flat()).toEqual([left!.id]);
  const delivered = async () =>
    (await one.store.db.selectFrom("reviews").selectAll().executeTakeFirstOrThrow()).delivery_state === "delivered";
  for (let waited = 0; !(await delivered()); waited += 50) {
    if (waited > 30_000) throw new Error("the release left pending by the killed process was never delivered");
    await new Promise((r) => setTimeout(r, 50));
  }
  const rung = [...one.delivered, ...two.delivered];
  expect(rung).toHaveLength(1);
  expect(rung[0]).toMatchObject({ sessionId: "ses_impl", text: expect.stringMatching(/500 comments.*review_list/s) });
  const [row] = await one.store.db.selectFrom("reviews").selectAll().execute();
  expect(row).toMatchObject({ delivery_state: "delivered", delivered_to: "ses_impl", delivery_attempts: 1 });
  // Its panels hear of it: GET /api/reviews and the review event say delivered.
  expect(
    [...one.events, ...two.events]
      .filter((e) => e.type === "review")
      .map((e) => e.type === "review" && e.review.delivery?.state),
  ).toEqual(["delivered"]);
  expect((await one.service.pastReviews())[0]!.delivery).toMatchObject({ state: "delivered", to: "ses_impl" });
  // A third start finds nothing left to do.
  const three = await restart(f, true);
  expect(await three.service.resumeOrphanedDeliveries()).toEqual([]);
  expect(three.delivered).toEqual([]);
}, 240_000);
