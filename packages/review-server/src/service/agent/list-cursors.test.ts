import { afterEach, expect, test } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { openStore } from "../../store/index.js";
import { createReviewService, type ReviewService } from "../review-service.js";
import { seedDraftThreads, type SeedPlace } from "../testing/seed-draft-threads.js";
import { makeServiceFixture, type ServiceFixture } from "../testing/service-fixture.js";

// A review_list cursor names its page in the store: it works in any process on the same store, after a
// restart too, for at least a day (CONTRACT, Agent tools); an expired one says so and what to do.
const FILES = 30;
const PER_FILE = 5;
const fileName = (k: number): string => `src/module-${String(k).padStart(3, "0")}.ts`;
const source = (k: number): string =>
  Array.from({ length: 30 }, (_, i) => `export const value${k}_${i} = compute(${i}, "${k}");`).join("\n") + "\n";

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

/** 150 released threads, long enough that review_list needs several pages. */
async function manyThreads(): Promise<ServiceFixture> {
  fixture = await makeServiceFixture(
    Object.fromEntries(Array.from({ length: FILES }, (_, k) => [fileName(k), source(k)])),
  );
  for (let k = 0; k < FILES; k++)
    await fixture.repo.write(fileName(k), source(k).replace(`value${k}_0 `, `renamed${k}_0 `));
  const places: SeedPlace[] = [];
  for (let k = 0; k < FILES; k++) {
    for (let j = 0; j < PER_FILE; j++)
      places.push({
        file: fileName(k),
        start: 1 + j * 5,
        body: `Thread ${k}.${j}: ${"please look at this line again ".repeat(12)}`,
      });
  }
  await seedDraftThreads(fixture.service, places);
  await fixture.service.release({});
  return fixture;
}

// The fixture's clock starts here and moves a second a call; another process's clock is a little later.
const SOON = "2026-01-01T12:00:00.000Z";

/** Another process on the same store file: its own connection and a service with nothing in memory; `at` its clock. */
async function inAnotherProcess<T>(
  f: ServiceFixture,
  fn: (service: ReviewService) => Promise<T>,
  at = SOON,
): Promise<T> {
  const store = await openStore({ path: f.store.path });
  const service = createReviewService({
    dir: f.repo.dir,
    store,
    bus: createEventBus(),
    delivery: { mode: "tools", deliver: async () => null },
    now: () => at,
  });
  try {
    return await fn(service);
  } finally {
    await service.context.anchors.written();
    await store.close();
  }
}

test("a cursor from one process reads the next page in another on the same store, and the pages together are every thread once", async () => {
  const f = await manyThreads();
  const first = await f.service.agentList({ status: "all" });
  expect(first.next).toBeDefined();
  const seen = first.threads.map((t) => t.id);
  let cursor = first.next;
  let pages = 1;
  // Every later page in a process of its own, as after a restart of opencode or between MCP servers.
  while (cursor !== undefined) {
    const page = await inAnotherProcess(f, (service) => service.agentList({ status: "all", cursor }));
    expect(page.output).not.toContain("is not known");
    seen.push(...page.threads.map((t) => t.id));
    cursor = page.next;
    pages++;
  }
  expect(pages).toBeGreaterThan(2);
  expect(seen).toHaveLength(FILES * PER_FILE);
  expect(new Set(seen).size).toBe(FILES * PER_FILE);
}, 120_000);

test("a thread added between pages (by another process) is on a later page, never skipped", async () => {
  const f = await manyThreads();
  const first = await f.service.agentList({});
  // The agent opens a note in another process (an MCP server) on the first file, which sorts first.
  const note = await inAnotherProcess(f, (service) =>
    service.agentNote({ file: fileName(0), line: 2, text: "A note added mid-way." }),
  );
  const seen = [...first.threads.map((t) => t.id)];
  let cursor = first.next;
  while (cursor !== undefined) {
    const page = await inAnotherProcess(f, (service) => service.agentList({ cursor }));
    seen.push(...page.threads.map((t) => t.id));
    cursor = page.next;
  }
  // `waiting` lists open threads; the note waits on the person and is open.
  expect(seen).toContain(note.id);
  expect(new Set(seen).size).toBe(seen.length);
}, 120_000);

test("a cursor still works a day later, and one past its time says it expired and what to do", async () => {
  const f = await manyThreads();
  const first = await f.service.agentList({});
  const cursor = first.next!;
  const later = (days: number) =>
    new Date(Date.parse(first.threads[0]!.createdAt) + days * 24 * 60 * 60 * 1000).toISOString();
  const dayLater = await inAnotherProcess(f, (service) => service.agentList({ cursor }), later(1));
  expect(dayLater.threads.length).toBeGreaterThan(0);
  expect(dayLater.threads.map((t) => t.id)).not.toContain(first.threads[0]!.id);

  const expired = await inAnotherProcess(
    f,
    (service) =>
      service.agentList({ cursor }).then(
        () => null,
        (e: unknown) => e as Error,
      ),
    later(8),
  );
  expect(expired?.message).toBe(
    `The cursor "${cursor}" has expired: a cursor works for 7 days after its page was listed. Call review_list without cursor to read from the first page again.`,
  );
}, 120_000);

test("a file edited between pages is read again when a later page shows its threads", async () => {
  const f = await manyThreads();
  const first = await f.service.agentList({});
  // The last file sorts last, so its threads are on a later page; two lines above them now.
  const last = fileName(FILES - 1);
  expect(first.threads.map((t) => t.file)).not.toContain(last);
  await f.repo.write(
    last,
    "// one\n// two\n" + source(FILES - 1).replace(`value${FILES - 1}_0 `, `renamed${FILES - 1}_0 `),
  );
  const later = [];
  let cursor = first.next;
  while (cursor !== undefined) {
    const page = await f.service.agentList({ cursor });
    later.push(...page.threads);
    cursor = page.next;
  }
  const moved = later.filter((t) => t.file === last);
  expect(moved).toHaveLength(PER_FILE);
  for (const t of moved) expect(t.anchor).toMatchObject({ state: "moved", start: t.start! + 2 });
}, 120_000);
