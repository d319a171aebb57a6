import { afterEach, expect, test } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { openStore } from "../../store/index.js";
import { listThreads } from "./list-threads.js";
import { createReviewService } from "../review-service.js";
import { makeServiceFixture, type ServiceFixture } from "../testing/service-fixture.js";
import { systemClock } from "../clock.js";

const BASE = Array.from({ length: 12 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n";
const CHANGED = BASE.replace("export const v5 = 5;", "export const v5 = 5 * 2;");

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

// Files changed within the last second are never trusted by their stamp (coarse file times), so the
// listings below start once the agent's edit has settled, as they would in a panel left open.
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function setup() {
  fixture = await makeServiceFixture({ "src/a.ts": BASE, "src/b.ts": BASE });
  await fixture.repo.write("src/a.ts", CHANGED);
  const thread = await fixture.service.draftThread({ file: "src/a.ts", start: 6, end: 6, body: "Why double?" });
  await fixture.service.release({});
  await settle();
  const first = await fixture.service.listThreads({ status: "all" });
  // Unchanged: the very same answer, not a recomputed copy (the memo is in use, so the tests below mean something).
  expect(await fixture.service.listThreads({ status: "all" })).toBe(first);
  return { f: fixture, thread, first };
}

test("a write through this service is seen by the next listing", async () => {
  const { f, thread, first } = await setup();
  await f.service.draftReply(thread.id, { body: "Still doubled?" });
  const after = await f.service.listThreads({ status: "all" });
  expect(after).not.toBe(first);
  expect(after[0]!.messages.map((m) => m.body)).toEqual(["Why double?", "Still doubled?"]);
  expect(await f.service.listThreads({ status: "all" })).toBe(after);
});

test("a write by another connection to the database (another opencode process) is seen by the next listing", async () => {
  const { f, thread } = await setup();
  const other = await openStore({ path: f.store.path });
  try {
    const elsewhere = createReviewService({
      now: systemClock,
      dir: f.repo.dir,
      store: other,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    await elsewhere.agentReply({ id: thread.id, text: "Fixed it." });
  } finally {
    await other.close();
  }
  const after = await f.service.listThreads({ status: "all" });
  expect(after[0]!.messages.map((m) => m.body)).toEqual(["Why double?", "Fixed it."]);
});

test("an edit of a thread's file is seen by the next listing, even one keeping its size", async () => {
  const { f, thread, first } = await setup();
  expect(first[0]!.anchor).toEqual({ state: "current", start: 6, end: 6 });
  // Same length, the thread's line rewritten.
  const edited = CHANGED.replace("export const v5 = 5 * 2;", "export const v5 = 5 + 5;");
  expect(edited.length).toBe(CHANGED.length);
  await f.repo.write("src/a.ts", edited);
  const after = await f.service.listThreads({ status: "all" });
  expect(after.find((t) => t.id === thread.id)!.anchor.state).toBe("changed");
  // Once the edit has settled the new answer is kept again, and an edit above the thread moves it.
  await settle();
  expect(await f.service.listThreads({ status: "all" })).toBe(await f.service.listThreads({ status: "all" }));
  await f.repo.write("src/a.ts", "// a new first line\n" + CHANGED);
  const moved = await f.service.listThreads({ status: "all" });
  expect(moved.find((t) => t.id === thread.id)!.anchor).toEqual({ state: "moved", start: 7, end: 7 });
});

test("an edit of another file the listing does not read keeps the answer", async () => {
  const { f, first } = await setup();
  await f.repo.write("src/b.ts", BASE + "// more\n");
  expect(await f.service.listThreads({ status: "all" })).toBe(first);
});

test("a listing patched after each of many writes, from this process and another, equals one read whole", async () => {
  const { f, thread } = await setup();
  const other = await openStore({ path: f.store.path });
  try {
    const elsewhere = createReviewService({
      now: systemClock,
      dir: f.repo.dir,
      store: other,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    const queries = [
      { status: "all" },
      { status: "waiting" },
      { status: "draft" },
      { status: "all", file: "a.ts" },
    ] as const;
    const ids = [thread.id];
    for (const start of [2, 9, 11])
      ids.push((await f.service.draftThread({ file: "src/b.ts", start, body: `On line ${start}.` })).id);
    await f.service.release({});
    // A fixed mix of every kind of write, in a seeded order (a failing order repeats).
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const pick = () => ids[next(ids.length)]!;
    const writes: (() => Promise<unknown>)[] = [
      () => f.service.draftReply(pick(), { body: "A reply." }),
      () => elsewhere.agentReply({ id: pick(), text: "Answered from another process." }),
      () =>
        f.service
          .draftThread({ file: next(2) === 0 ? "src/a.ts" : "src/b.ts", start: 1 + next(12), body: "New one." })
          .then((t) => ids.push(t.id)),
      () => f.service.release({}),
      () => f.service.resolve(pick()).catch(() => undefined),
      () => f.service.reopen(pick()).catch(() => undefined),
      () => f.service.markSeen(pick()).catch(() => undefined),
      async () => {
        const listed = await listThreads(f.service.context, { status: "draft" });
        const draft = listed.flatMap((t) => t.messages).find((m) => m.delivery === "unsent");
        if (draft !== undefined) await f.service.deleteDraft(draft.id);
      },
    ];
    let patched = 0;
    for (let step = 0; step < 40; step++) {
      const before = await f.service.listThreads({ status: "all" });
      await writes[next(writes.length)]!();
      for (const query of queries) {
        const memoized = await f.service.listThreads(query);
        expect(memoized, `step ${step}, ${JSON.stringify(query)}`).toEqual(await listThreads(f.service.context, query));
      }
      // A patched listing keeps the objects of the threads it did not read again.
      const after = await f.service.listThreads({ status: "all" });
      if (after.length === before.length && after.some((t, i) => t === before[i])) patched++;
    }
    expect(patched).toBeGreaterThan(10);
  } finally {
    await other.close();
  }
}, 60_000);

test("a listing's version stays while its threads do and is new after every write or edit; a round's listing has none", async () => {
  const { f, thread } = await setup();
  const first = await f.service.threadListing({ status: "all" });
  expect(first.version).not.toBeNull();
  expect((await f.service.threadListing({ status: "all" })).version).toBe(first.version);
  // Another query is another listing, with a version of its own.
  const waiting = await f.service.threadListing({ status: "waiting" });
  expect(waiting.version).not.toBe(first.version);

  await f.service.draftReply(thread.id, { body: "Still doubled?" });
  const replied = await f.service.threadListing({ status: "all" });
  expect(replied.version).not.toBe(first.version);
  expect(replied.threads[0]!.messages.map((m) => m.body)).toEqual(["Why double?", "Still doubled?"]);

  await f.repo.write("src/a.ts", CHANGED.replace("export const v5 = 5 * 2;", "export const v5 = 5 + 5;"));
  await settle();
  const edited = await f.service.threadListing({ status: "all" });
  expect(edited.version).not.toBe(replied.version);
  expect(edited.threads[0]!.anchor.state).toBe("changed");

  const [round] = await f.service.listRounds();
  expect((await f.service.threadListing({ status: "all", at: round!.id })).version).toBeNull();
});
