import { afterEach, expect, test } from "vitest";
import { seedDraftThreads } from "../testing/seed-draft-threads.js";
import { makeServiceFixture, type ServiceFixture } from "../testing/service-fixture.js";

// The plugin reads what waits on the agent once it has started (prepareAgentList), and the agent's first
// review_list continues that listing: it must answer as a listing computed at the call would.
const text = (tag: string): string =>
  Array.from({ length: 20 }, (_, i) => `export const ${tag}${i} = ${i};`).join("\n") + "\n";

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function released(): Promise<ServiceFixture> {
  fixture = await makeServiceFixture({ "src/a.ts": text("a"), "src/b.ts": text("b") });
  await fixture.repo.write("src/a.ts", text("a").replace("a0 = 0", "a0 = 10"));
  await fixture.repo.write("src/b.ts", text("b").replace("b0 = 0", "b0 = 10"));
  await seedDraftThreads(fixture.service, [
    { file: "src/a.ts", start: 3, body: "Why three?" },
    { file: "src/a.ts", start: 8, body: "And eight?" },
    { file: "src/b.ts", start: 5, body: "Five is odd." },
  ]);
  await fixture.service.release({});
  return fixture;
}

test("the first review_list after the listing was prepared shows what changed since: a resolved thread gone, an edited line changed, a new release's thread", async () => {
  const f = await released();
  expect(await f.service.prepareAgentList()).toBe(3);

  const [eight, five] = (await f.service.listThreads({ status: "all" })).filter(
    (t) => t.start === 8 || t.file === "src/b.ts",
  );
  await f.service.resolve(eight!.id, "Fine as it is.");
  await f.repo.write("src/b.ts", text("b").replace("b0 = 0", "b0 = 10").replace("b4 = 4", "b4 = 40"));
  await seedDraftThreads(f.service, [{ file: "src/a.ts", start: 12, body: "Twelve, too." }]);
  await f.service.release({});

  const first = await f.service.agentList({});
  const byStart = new Map(first.threads.map((t) => [`${t.file}:${t.start}`, t]));
  expect([...byStart.keys()].sort()).toEqual(["src/a.ts:12", "src/a.ts:3", "src/b.ts:5"]);
  expect(byStart.get("src/b.ts:5")!.anchor.state).toBe("changed");
  expect(byStart.get("src/b.ts:5")!.id).toBe(five!.id);
  expect(first.output).toContain("Twelve, too.");
  expect(first.output).not.toContain("And eight?");
  expect(first.output).toContain("b4 = 40");
});

test("a first review_list made while the listing is still being prepared waits for it and answers every waiting thread once", async () => {
  const f = await released();
  const prepared = f.service.prepareAgentList();
  const first = await f.service.agentList({});
  expect(await prepared).toBe(3);
  expect(first.threads.map((t) => t.messages[0]!.body).sort()).toEqual(["And eight?", "Five is odd.", "Why three?"]);
  // The prepared listing is handed out once: the next first page is computed whole, and the threads,
  // returned once, are delivered.
  const again = await f.service.agentList({});
  expect(again.threads.map((t) => t.messages[0]!.delivery)).toEqual(["delivered", "delivered", "delivered"]);
});

test("nothing is read ahead when nothing waits on the agent", async () => {
  fixture = await makeServiceFixture({ "src/a.ts": text("a") });
  await fixture.repo.write("src/a.ts", text("a").replace("a0 = 0", "a0 = 10"));
  await seedDraftThreads(fixture.service, [{ file: "src/a.ts", start: 3, body: "A draft the person keeps." }]);
  expect(await fixture.service.prepareAgentList()).toBe(0);
  expect((await fixture.service.agentList({})).threads).toEqual([]);
});
