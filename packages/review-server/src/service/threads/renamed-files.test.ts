import { renderWaitingLine } from "@opencode-review/core";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { openStore } from "../../store/index.js";
import { createReviewService } from "../review-service.js";
import { makeServiceFixture, type ServiceFixture } from "../testing/service-fixture.js";
import { systemClock } from "../clock.js";

// A thread on a file renamed since it was written is located in the new file (anchor.file); everything
// that names its place to the agent or the person names the path the file has now, the old one once as
// "renamed from". CONTRACT: Concepts, Renames.
const UTIL = ["export function clamp(x: number) {", "  return Math.max(0, x);", "}", ""].join("\n");

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

// Files changed within the last second are never trusted by their stamp (coarse file times).
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

async function renamedAfterRelease(mode: "tools" | "prose" = "tools") {
  fixture = await makeServiceFixture({ "src/util.ts": UTIL, "README.md": "# demo\n" }, mode);
  const f = fixture;
  await f.repo.write("src/util.ts", UTIL.replace("Math.max(0, x)", "Math.max(1, x)"));
  const thread = await f.service.draftThread({ file: "src/util.ts", start: 2, end: 2, body: "Why 1?" });
  await f.service.release({});
  await f.repo.git("mv", "src/util.ts", "src/helpers.ts");
  return { f, thread };
}

test("review_list names the renamed file by its path now, in prose and metadata, and its old path once", async () => {
  const { f, thread } = await renamedAfterRelease();
  const page = await f.service.agentList({});
  expect(page.threads[0]!.anchor).toMatchObject({ state: "current", start: 2, end: 2, file: "src/helpers.ts" });
  expect(page.output).toContain(`## ${thread.id} · src/helpers.ts:2 (renamed from src/util.ts) · current`);
  expect(page.output).not.toContain("src/util.ts:2");
  expect(page.output.split("src/util.ts").length - 1).toBe(1);
});

test("review_list narrowed to the new path finds the thread, and review_reply finds it by the new path and line", async () => {
  const { f, thread } = await renamedAfterRelease();
  const narrowed = await f.service.agentList({ status: "all", file: "helpers.ts" });
  expect(narrowed.threads.map((t) => t.id)).toEqual([thread.id]);
  const reply = await f.service.agentReply({ file: "src/helpers.ts", line: 2, text: "1 is the floor now." });
  expect(reply.thread.id).toBe(thread.id);
});

test("the waiting line and the release notice name the path the file has now", async () => {
  fixture = await makeServiceFixture({ "src/util.ts": UTIL, "README.md": "# demo\n" });
  const f = fixture;
  await f.repo.write("src/util.ts", UTIL.replace("Math.max(0, x)", "Math.max(1, x)"));
  await f.service.draftThread({ file: "src/util.ts", start: 2, end: 2, body: "Why 1?" });
  await f.repo.git("mv", "src/util.ts", "src/helpers.ts");
  await f.service.release({});
  expect(f.delivered.at(-1)!.text).toContain("on src/helpers.ts");
  expect(f.delivered.at(-1)!.text).not.toContain("util.ts");
  await f.service.context.anchors.written();
  expect(renderWaitingLine(await f.service.waitingForAgent())).toContain("in src/helpers.ts");
});

test("the prose release names the path now and where it was renamed from", async () => {
  fixture = await makeServiceFixture({ "src/util.ts": UTIL, "README.md": "# demo\n" }, "prose");
  const f = fixture;
  await f.repo.write("src/util.ts", UTIL.replace("Math.max(0, x)", "Math.max(1, x)"));
  await f.service.draftThread({ file: "src/util.ts", start: 2, end: 2, body: "Why 1?" });
  await f.repo.git("mv", "src/util.ts", "src/helpers.ts");
  await f.service.release({});
  const prose = f.delivered.at(-1)!.text;
  expect(prose).toContain("on src/helpers.ts.");
  expect(prose).toContain("src/helpers.ts (renamed from src/util.ts), line 2");
});

test("a fresh process reuses the anchor kept for a renamed file, with its path, and locates again once that file changed", async () => {
  const { f, thread } = await renamedAfterRelease();
  await settle();
  expect((await f.service.agentList({ status: "all" })).threads[0]!.anchor).toMatchObject({ file: "src/helpers.ts" });
  await f.service.context.anchors.written();
  const kept = (await sql<{ id: string; anchor: string }>`select id, anchor from located_anchors`.execute(f.store.db))
    .rows;
  expect(kept).toEqual([
    { id: thread.id, anchor: JSON.stringify({ state: "current", start: 2, end: 2, file: "src/helpers.ts" }) },
  ]);

  // Proof that the kept anchor is what a fresh process shows: one written here is shown as it is.
  const planted = { state: "moved", start: 3, end: 3, file: "src/helpers.ts" };
  await sql`update located_anchors set anchor = ${JSON.stringify(planted)}`.execute(f.store.db);
  const again = async () => {
    const store = await openStore({ path: f.store.path });
    const service = createReviewService({
      now: systemClock,
      dir: f.repo.dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    try {
      return (await service.agentList({ status: "all" })).threads[0]!;
    } finally {
      await service.context.anchors.written();
      await store.close();
    }
  };
  const reused = await again();
  expect(reused.anchor).toEqual(planted);
  expect(renderWaitingLine(await f.service.waitingForAgent())).toContain("in src/helpers.ts");

  // An edit to the new file changes its stamp: the thread is located again there.
  await f.repo.write("src/helpers.ts", "// header\n" + UTIL.replace("Math.max(0, x)", "Math.max(1, x)"));
  await settle();
  expect((await again()).anchor).toEqual({ state: "moved", start: 3, end: 3, file: "src/helpers.ts" });
  await f.repo.write("src/helpers.ts", UTIL.replace("Math.max(0, x)", "Math.max(1, x)"));
  await settle();
  expect((await again()).anchor).toEqual({ state: "current", start: 2, end: 2, file: "src/helpers.ts" });
});
