import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { openStore } from "../../store/index.js";
import { createReviewService } from "../review-service.js";
import { makeServiceFixture, type ServiceFixture } from "../testing/service-fixture.js";
import { systemClock } from "../clock.js";

// A fresh process (opencode restarted, the CLI, the terminal half) reads the anchors an earlier one located
// from the store instead of reading every file and locating every thread again; see AnchorMemo.
const BASE = Array.from({ length: 12 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n";

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

// Files changed within the last second are never trusted by their stamp (coarse file times).
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function released() {
  fixture = await makeServiceFixture({ "src/a.ts": BASE });
  await fixture.repo.write("src/a.ts", BASE.replace("export const v11 = 11;", "export const v11 = 12;"));
  const thread = await fixture.service.draftThread({ file: "src/a.ts", start: 6, end: 6, body: "Why five?" });
  await fixture.service.release({});
  await settle();
  expect((await fixture.service.listThreads({ status: "all" }))[0]!.anchor).toEqual({
    state: "current",
    start: 6,
    end: 6,
  });
  // The anchors are written after the listing answered.
  await fixture.service.context.anchors.written();
  return { f: fixture, thread };
}

/** A process of its own on the same store file: a new store connection and a service with empty caches. */
async function inAnotherProcess<T>(
  f: ServiceFixture,
  fn: (service: ReturnType<typeof createReviewService>) => Promise<T>,
): Promise<T> {
  const store = await openStore({ path: f.store.path });
  const service = createReviewService({
    now: systemClock,
    dir: f.repo.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
  });
  try {
    return await fn(service);
  } finally {
    await service.context.anchors.written();
    await store.close();
  }
}

const keptRows = async (f: ServiceFixture) =>
  (
    await sql<{
      id: string;
      memo_key: string;
      anchor: string;
    }>`select id, memo_key, anchor from located_anchors`.execute(f.store.db)
  ).rows;

test("a fresh process uses the anchor an earlier one kept while the file is unchanged, and locates again once it changed", async () => {
  const { f, thread } = await released();
  const [kept] = await keptRows(f);
  expect(kept).toMatchObject({ id: thread.id, anchor: JSON.stringify({ state: "current", start: 6, end: 6 }) });

  // Proof that the kept anchor is what a fresh process shows: one written here is shown as it is.
  await sql`update located_anchors set anchor = ${JSON.stringify({ state: "moved", start: 9, end: 9 })}`.execute(
    f.store.db,
  );
  const reused = await inAnotherProcess(f, async (service) => (await service.agentList({})).threads[0]!);
  expect(reused.anchor).toEqual({ state: "moved", start: 9, end: 9 });

  // Two lines above the thread: the file's stamp changed, so the thread is located again, and kept anew.
  await f.repo.write("src/a.ts", "// one\n// two\n" + BASE.replace("export const v11 = 11;", "export const v11 = 12;"));
  await settle();
  const moved = await inAnotherProcess(f, async (service) => (await service.agentList({ status: "all" })).threads[0]!);
  expect(moved.anchor).toEqual({ state: "moved", start: 8, end: 8 });
  const [rekept] = await keptRows(f);
  expect(rekept!.anchor).toBe(JSON.stringify({ state: "moved", start: 8, end: 8 }));
  expect(rekept!.memo_key).not.toBe(kept!.memo_key);
});

test("an anchor kept under other locate rules is located again, not shown", async () => {
  const { f } = await released();
  const [kept] = await keptRows(f);
  const [rules, ...rest] = JSON.parse(kept!.memo_key) as unknown[];
  expect(typeof rules).toBe("string");
  await sql`update located_anchors set memo_key = ${JSON.stringify(["0-older", ...rest])}, anchor = ${JSON.stringify({ state: "moved", start: 9, end: 9 })}`.execute(
    f.store.db,
  );
  const thread = await inAnotherProcess(f, async (service) => (await service.agentList({})).threads[0]!);
  expect(thread.anchor).toEqual({ state: "current", start: 6, end: 6 });
});

test("a thread's kept anchor goes with the thread", async () => {
  fixture = await makeServiceFixture({ "src/a.ts": BASE });
  const f = fixture;
  await settle();
  const draft = await f.service.draftThread({ file: "src/a.ts", start: 2, end: 2, body: "Rename?" });
  await f.service.listThreads({ status: "all" });
  await f.service.context.anchors.written();
  expect((await keptRows(f)).map((r) => r.id)).toEqual([draft.id]);
  await f.service.deleteDraft(draft.messages[0]!.id);
  expect(await keptRows(f)).toEqual([]);
});

test("a store that cannot keep anchors still lists them, located", async () => {
  const { f } = await released();
  await sql`drop table located_anchors`.execute(f.store.db);
  await f.repo.write("src/a.ts", "// one\n" + BASE.replace("export const v11 = 11;", "export const v11 = 12;"));
  await settle();
  const thread = await inAnotherProcess(f, async (service) => (await service.agentList({})).threads[0]!);
  expect(thread.anchor).toEqual({ state: "moved", start: 7, end: 7 });
});

test("an anchor located while its file was just edited is kept by the file's text: a fresh process reuses it while the text is the same", async () => {
  fixture = await makeServiceFixture({ "src/a.ts": BASE });
  const f = fixture;
  await f.repo.write("src/a.ts", BASE.replace("export const v11 = 11;", "export const v11 = 12;"));
  await f.service.draftThread({ file: "src/a.ts", start: 6, end: 6, body: "Why five?" });
  await f.service.release({});
  // The agent's edit a moment ago: too new for its stamp to be trusted.
  const edited = "// one\n" + BASE.replace("export const v11 = 11;", "export const v11 = 12;");
  await f.repo.write("src/a.ts", edited);
  expect((await f.service.agentList({})).threads[0]!.anchor).toEqual({ state: "moved", start: 7, end: 7 });
  await f.service.context.anchors.written();
  const [kept] = await keptRows(f);
  expect(kept!.anchor).toBe(JSON.stringify({ state: "moved", start: 7, end: 7 }));

  // Proof that the kept anchor is what a fresh process shows: one written here is shown as it is.
  await sql`update located_anchors set anchor = ${JSON.stringify({ state: "moved", start: 9, end: 9 })}`.execute(
    f.store.db,
  );
  expect((await inAnotherProcess(f, async (service) => (await service.agentList({})).threads[0]!)).anchor).toEqual({
    state: "moved",
    start: 9,
    end: 9,
  });

  // Other text: located again.
  await f.repo.write("src/a.ts", "// one\n// two\n" + BASE.replace("export const v11 = 11;", "export const v11 = 12;"));
  expect((await inAnotherProcess(f, async (service) => (await service.agentList({})).threads[0]!)).anchor).toEqual({
    state: "moved",
    start: 8,
    end: 8,
  });
});
