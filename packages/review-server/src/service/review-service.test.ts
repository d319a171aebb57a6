import { ReviewError } from "@opencode-review/core";
import { afterEach, describe, expect, test } from "vitest";
import { createEventBus } from "../events/event-bus.js";
import { openStore } from "../store/index.js";
import { createReviewService } from "./review-service.js";
import type { ReleaseDelivery } from "./service-context.js";
import { makeServiceFixture, type ServiceFixture } from "./testing/service-fixture.js";
import { systemClock } from "./clock.js";

const APP = [
  "import { a } from './a';",
  "",
  "export function total(xs: number[]) {",
  "  let sum = 0;",
  "  for (const x of xs) sum += x;",
  "  return sum;",
  "}",
  "",
].join("\n");

let fixture: ServiceFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function setup(mode: "tools" | "prose" = "tools", options: { readonly ownSessionsOnly?: boolean } = {}) {
  fixture = await makeServiceFixture({ "src/app.ts": APP, "README.md": "# demo\n" }, mode, undefined, options);
  // The agent's change: a new line in the function, so there is a diff to review.
  await fixture.repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 0;\n  // add them up\n"));
  return fixture;
}

async function expectReviewError(promise: Promise<unknown>, code: string, text?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReviewError);
  expect((error as ReviewError).code).toBe(code);
  if (text) expect((error as ReviewError).message).toMatch(text);
}

describe("a review from draft to checked resolve", () => {
  test("a draft is invisible to the agent until released; the release rings the latest session", async () => {
    const f = await setup();
    await f.service.recordSession({ id: "ses_1", title: "Sum numbers", directory: f.repo.dir });
    const draft = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
    expect(draft.status).toBe("draft");
    expect(draft.quoted).toEqual(["   let sum = 0;", "+  // add them up", "   for (const x of xs) sum += x;"]);
    expect((await f.service.agentList({})).threads).toEqual([]);
    expect(await f.service.waitingForAgent()).toEqual({ count: 0, files: [] });

    const { review } = await f.service.release({});
    expect(review).toMatchObject({ mode: "tools", messages: 1, deliveredTo: "ses_1" });
    expect(f.delivered).toHaveLength(1);
    expect(f.delivered[0]!.text).toMatch(/1 comment.*src\/app\.ts/s);
    expect(f.delivered[0]!.text).toMatch(/review_list/);
    expect(await f.service.waitingForAgent()).toEqual({ count: 1, files: ["src/app.ts"] });

    const listed = await f.service.agentList({});
    expect(listed.threads).toHaveLength(1);
    expect(listed.threads[0]!.messages[0]!.delivery).toBe("delivered");
    expect(listed.threads[0]!.anchor).toEqual({ state: "current", start: 4, end: 6 });
    expect(listed.output).toContain("Use reduce here.");
    const human = await f.service.listThreads({ status: "waiting" });
    expect(human[0]!.messages[0]!.delivery).toBe("delivered");
  });

  test("an edit under the thread makes a resolve claim hold", async () => {
    const f = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
    await f.service.release({});
    await f.repo.write(
      "src/app.ts",
      APP.replace(/ {2}let sum = 0;\n.*\n {2}return sum;\n/s, "  return xs.reduce((a, b) => a + b, 0);\n"),
    );
    const reply = await f.service.agentReply({ id: t.id, text: "Done: reduce.", resolved: true });
    expect(reply.resolved).toBe(true);
    expect(reply.refusal).toBeUndefined();
    expect(reply.thread).toMatchObject({ status: "resolved", resolvedBy: "agent", awaiting: "human" });
    const [human] = await f.service.listThreads({ status: "all" });
    expect(human!.unreadByHuman).toBe(true);
    expect((await f.service.markSeen(t.id)).unreadByHuman).toBe(false);
  });

  test("an edit above untouched lines moves the thread and a resolve claim is refused, naming the new lines", async () => {
    const f = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
    await f.service.release({});
    const edited = APP.replace("  let sum = 0;\n", "  let sum = 0;\n  // add them up\n");
    await f.repo.write("src/app.ts", `import { b } from './b';\n${edited}`);
    const reply = await f.service.agentReply({ file: "app.ts", line: 6, text: "Fixed.", resolved: true });
    expect(reply.resolved).toBe(false);
    expect(reply.refusal).toMatch(/^Replied, but not resolved: .*5-7/);
    expect(reply.thread).toMatchObject({ status: "open", awaiting: "human" });
    expect(reply.thread.anchor).toEqual({ state: "moved", start: 5, end: 7 });
    expect(reply.thread.messages.map((m) => m.body)).toEqual(["Use reduce here.", "Fixed."]);
    expect(t.id).toBe(reply.thread.id);
  });

  test("a reopened thread claimed resolved again with no new edit is refused (the checkpoint moved)", async () => {
    const f = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 4, body: "Start from the first item?" });
    await f.service.release({});
    await f.repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = xs[0] ?? 0;\n  // add them up\n"));
    expect((await f.service.agentReply({ id: t.id, text: "Done.", resolved: true })).resolved).toBe(true);
    await f.service.reopen(t.id, "That double-counts the first item.");
    const again = await f.service.agentReply({ id: t.id, text: "Fixed now.", resolved: true });
    expect(again.resolved).toBe(false);
    expect(again.refusal).toMatch(/^Replied, but not resolved:/);
    expect(again.thread.status).toBe("open");
  });

  test("a comment on a deleted line stays current while the deletion is in the diff", async () => {
    const f = await setup();
    await f.repo.write("README.md", "");
    const t = await f.service.draftThread({
      file: "README.md",
      side: "old",
      start: 1,
      end: 1,
      body: "Keep the title.",
    });
    expect(t.quoted).toEqual(["-# demo"]);
    await f.service.release({});
    expect((await f.service.agentList({})).threads[0]!.anchor.state).toBe("current");
    const refused = await f.service.agentReply({ id: t.id, text: "Kept?", resolved: true });
    expect(refused.resolved).toBe(false);
    await f.repo.write("README.md", "# demo\n");
    expect((await f.service.agentList({})).threads[0]!.anchor.state).toBe("changed");
    expect((await f.service.agentReply({ id: t.id, text: "Restored.", resolved: true })).resolved).toBe(true);
  });

  test("a comment on a line the round deleted from a file it also renamed is read under the old name", async () => {
    const f = await setup();
    // The agent renames the file and drops its import in the same change.
    await f.repo.git("mv", "src/app.ts", "src/total.ts");
    const renamed = APP.replace("import { a } from './a';\n", "");
    await f.repo.write("src/total.ts", renamed);
    const t = await f.service.draftThread({
      file: "src/total.ts",
      side: "old",
      start: 1,
      end: 1,
      body: "Why drop the import?",
    });
    expect(t).toMatchObject({
      file: "src/total.ts",
      side: "old",
      start: 1,
      end: 1,
      quoted: ["-import { a } from './a';"],
    });
    expect(t.anchor.state).toBe("current");
    await f.service.release({});
    const [listed] = (await f.service.agentList({})).threads;
    expect(listed).toMatchObject({ id: t.id, file: "src/total.ts", anchor: { state: "current" } });
    expect((await f.service.agentReply({ id: t.id, text: "It was unused.", resolved: true })).resolved).toBe(false);
    // Put back: the deletion is gone from the diff, so the lines changed and a resolve claim holds.
    await f.repo.write("src/total.ts", APP);
    expect((await f.service.agentList({})).threads[0]!.anchor.state).toBe("changed");
    expect((await f.service.agentReply({ id: t.id, text: "Restored.", resolved: true })).resolved).toBe(true);
    // Still refused where the old side has nothing: a file the round added.
    await f.repo.write("src/added.ts", "export const b = 1;\n");
    await expectReviewError(
      f.service.draftThread({ file: "src/added.ts", side: "old", start: 1, end: 1, body: "?" }),
      "out_of_range",
      /new in this diff/,
    );
  });

  test("an agent note waits on the person, anchored on the code as it reads now", async () => {
    const f = await setup();
    const note = await f.service.agentNote({
      file: "src/app.ts",
      from: 3,
      to: 7,
      text: "I kept the loop for clarity.",
    });
    expect(note).toMatchObject({ origin: "agent", status: "open", awaiting: "human", start: 3, end: 7 });
    const waiting = await f.service.listThreads({ status: "waiting" });
    expect(waiting.map((t) => t.id)).toEqual([note.id]);
    expect(waiting[0]!.unreadByHuman).toBe(true);
  });

  test("without tools the release is the whole review as prose and names no tool", async () => {
    const f = await setup("prose");
    await f.service.draftThread({
      file: "src/app.ts",
      start: 6,
      end: 6,
      body: "Prefer reduce.",
      suggestion: ["  return xs.reduce((a, b) => a + b, 0);"],
    });
    await f.service.draftThread({ file: "README.md", body: "Mention the new function." });
    const { review, prose } = await f.service.release({});
    expect(review.mode).toBe("prose");
    expect(prose).toContain("src/app.ts");
    expect(prose).toContain("for (const x of xs) sum += x;");
    expect(prose).toContain("xs.reduce");
    expect(prose).toContain("Mention the new function.");
    expect(prose).not.toMatch(/review_/);
    expect(f.delivered[0]!.text).toBe(prose);
  });

  test("a file renamed after the comment is followed", async () => {
    const f = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 5, end: 5, body: "Name?" });
    await f.service.release({});
    await f.repo.git("mv", "src/app.ts", "src/sum.ts");
    const [listed] = (await f.service.agentList({})).threads;
    expect(listed!.id).toBe(t.id);
    expect(listed!.anchor).toMatchObject({ state: "current", start: 5, end: 5, file: "src/sum.ts" });
  });

  test("threads belong to their branch: a switch hides them, switching back shows them", async () => {
    const f = await setup();
    await f.service.draftThread({ file: "src/app.ts", start: 5, end: 5, body: "On main." });
    await f.service.release({});
    await f.repo.git("stash", "-u");
    await f.repo.git("checkout", "-q", "-b", "other");
    expect(await f.service.listThreads({ status: "all" })).toEqual([]);
    await f.repo.git("checkout", "-q", "main");
    await f.repo.git("stash", "pop");
    expect(await f.service.listThreads({ status: "all" })).toHaveLength(1);
  });
});

describe("several opencode processes on one repository", () => {
  test("a plugin's release rings the latest session its own process saw, not one another process saw later", async () => {
    const f = await setup("tools", { ownSessionsOnly: true });
    // Another opencode process on the same repository: its own plugin, its own connection to the database.
    const otherStore = await openStore({ path: f.store.path });
    const rungThere: (string | null)[] = [];
    const doorbell = (ownSessionsOnly: boolean): ReleaseDelivery => ({
      mode: "tools",
      ownSessionsOnly,
      deliver: async ({ sessionId }) => {
        rungThere.push(sessionId);
        return sessionId === null ? null : { sessionId };
      },
    });
    const there = createReviewService({
      now: systemClock,
      dir: f.repo.dir,
      store: otherStore,
      bus: createEventBus(),
      delivery: doorbell(true),
    });
    try {
      // Only the other process has seen a session: this panel names none, and its release rings nobody.
      await there.recordSession({ id: "ses_there", title: "Elsewhere", directory: f.repo.dir });
      expect((await f.service.pendingReview()).session).toBeNull();
      await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
      expect((await f.service.release({})).review.deliveredTo).toBeNull();
      expect(f.delivered.map((d) => d.sessionId)).toEqual([null]);

      // This process sees its session; the other one sees its own again, later (the most recent overall).
      await f.service.recordSession({ id: "ses_here", title: "Sum numbers", directory: f.repo.dir });
      await there.recordSession({ id: "ses_there", title: "Elsewhere", directory: f.repo.dir });
      expect((await f.service.pendingReview()).session).toEqual({ id: "ses_here", title: "Sum numbers" });
      expect((await there.pendingReview()).session).toEqual({ id: "ses_there", title: "Elsewhere" });
      await f.service.draftThread({ file: "README.md", start: 1, end: 1, body: "Say what it does." });
      expect((await f.service.release({})).review.deliveredTo).toBe("ses_here");
      expect(f.delivered.map((d) => d.sessionId)).toEqual([null, "ses_here"]);

      // A server whose doorbell reaches any session (`serve`) names the most recently active one on the branch.
      const standalone = createReviewService({
        now: systemClock,
        dir: f.repo.dir,
        store: otherStore,
        bus: createEventBus(),
        delivery: doorbell(false),
      });
      expect((await standalone.pendingReview()).session).toEqual({ id: "ses_there", title: "Elsewhere" });
      // One that picks its session itself names that one (`serve` with no opencode server: none at all).
      const nowhere = createReviewService({
        now: systemClock,
        dir: f.repo.dir,
        store: otherStore,
        bus: createEventBus(),
        delivery: { mode: "prose", deliver: async () => null, target: async () => null },
      });
      expect((await nowhere.pendingReview()).session).toBeNull();
      expect(rungThere).toEqual([]);
    } finally {
      await otherStore.close();
    }
  });
});

describe("what other processes write", () => {
  test("is found by the change log and the order rows were written in, whatever that process's clock says", async () => {
    const f = await setup();
    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 6, body: "Use reduce here." });
    await f.service.release({});
    const { position, events } = await f.service.changesSince(null);
    expect(events).toEqual([]);
    expect((await f.service.changesSince(position)).events).toEqual([]);

    const otherStore = await openStore({ path: f.store.path });
    try {
      // Its clock is a day behind this one: by their times, its writes are older than anything seen here.
      const there = createReviewService({
        dir: f.repo.dir,
        store: otherStore,
        bus: createEventBus(),
        delivery: { mode: "tools", deliver: async ({ sessionId }) => (sessionId === null ? null : { sessionId }) },
        now: () => "2025-12-31T10:00:00.000Z",
      });
      await there.agentReply({ id: t.id, text: "Switched to reduce." });
      await f.repo.write("src/app.ts", APP);
      await there.draftReply(t.id, { body: "Thanks, and the comment?" });
      await there.release({});
    } finally {
      await otherStore.close();
    }
    const next = await f.service.changesSince(position);
    expect(next.events.map((e) => e.type)).toEqual(["round", "thread", "review"]);
    const [round, thread, review] = next.events;
    expect(round).toMatchObject({ type: "round", round: { ordinal: 2 } });
    expect(thread).toMatchObject({ type: "thread", thread: { id: t.id, status: "open", awaiting: "agent" } });
    // (Messages sort by their times, so the other process's come first here: only the set is compared.)
    expect(thread!.type === "thread" && thread!.thread.messages.map((m) => m.body).sort()).toEqual([
      "Switched to reduce.",
      "Thanks, and the comment?",
      "Use reduce here.",
    ]);
    expect(review).toMatchObject({ type: "review", review: { messages: 1, mode: "tools" } });
    // Seen once: the next look from the new position finds nothing.
    expect((await f.service.changesSince(next.position)).events).toEqual([]);
  });
});

describe("bad input is refused with a clear error and stores nothing", () => {
  test("each refusal", async () => {
    const f = await setup();
    await expectReviewError(f.service.draftThread({ file: "../outside.ts", start: 1, body: "x" }), "outside_worktree");
    await expectReviewError(
      f.service.draftThread({ file: "src/app.ts", start: 40, end: 45, body: "x" }),
      "out_of_range",
      /past the end/,
    );
    await expectReviewError(
      f.service.draftThread({ file: "src/app.ts", start: 1, body: "x".repeat(1001) }),
      "too_long",
      /1001/,
    );
    await expectReviewError(f.service.draftThread({ file: "nope.ts", start: 1, body: "x" }), "not_found");
    await expectReviewError(f.service.agentReply({ id: "t_unknown", text: "x" }), "not_found");
    await expectReviewError(f.service.release({}), "conflict", /Nothing to release/);
    await f.repo.write("logo.png", new Uint8Array([0x89, 0x50, 0, 1, 2, 0]));
    await expectReviewError(f.service.draftThread({ file: "logo.png", start: 1, body: "x" }), "binary");
    expect(await f.service.listThreads({ status: "all" })).toEqual([]);

    const t = await f.service.draftThread({ file: "src/app.ts", start: 4, body: "x" });
    await f.service.release({});
    await expectReviewError(f.service.editDraft(t.messages[0]!.id, { body: "changed" }), "conflict");
    expect((await f.service.listThreads({ status: "all" }))[0]!.messages[0]!.body).toBe("x");
  });

  test("a refused agent note stores nothing, not even a round", async () => {
    const f = await setup();
    const before = await f.service.listRounds();
    await expectReviewError(
      f.service.agentNote({ file: "src/app.ts", from: 40, to: 45, text: "x" }),
      "out_of_range",
      /past the end/,
    );
    await f.repo.write("logo.png", new Uint8Array([0x89, 0x50, 0, 1]));
    await expectReviewError(f.service.agentNote({ file: "logo.png", line: 1, text: "x" }), "binary");
    await expectReviewError(f.service.agentNote({ file: "gone.ts", text: "x" }), "not_found");
    expect(await f.service.listRounds()).toEqual(before);
    expect(await f.service.listThreads({ status: "all" })).toEqual([]);
  });

  test("an ambiguous reference lists the candidates", async () => {
    const f = await setup();
    await f.service.draftThread({ file: "src/app.ts", start: 4, end: 5, body: "one" });
    await f.service.draftThread({ file: "src/app.ts", start: 5, end: 6, body: "two" });
    await f.service.release({});
    await expectReviewError(f.service.agentReply({ file: "app.ts", line: 5, text: "which?" }), "ambiguous", /t_/);
  });
});

describe("a draft without a round id", () => {
  test("is pinned to the latest round while its file reads as it did there, and takes a new round only once the file changed", async () => {
    const f = await setup();
    const first = await f.service.takeRound();
    // The agent goes on in another file: commenting on this one shows the same lines as round 1.
    await f.repo.write("README.md", "# demo, edited\n");
    const draft = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 4, body: "Why zero?" });
    expect(draft.round).toEqual({ id: first.id, ordinal: 1 });
    expect((await f.service.listRounds()).map((r) => r.ordinal)).toEqual([1]);
    expect(draft.anchor).toMatchObject({ state: "current", start: 4, end: 4 });

    // The file itself changed since round 1: the comment is on the lines as they read now, in a new round.
    await f.repo.write("src/app.ts", APP.replace("  let sum = 0;\n", "  let sum = 1;\n  // add them up\n"));
    const later = await f.service.draftThread({ file: "src/app.ts", start: 4, end: 4, body: "Why one?" });
    expect(later.round.ordinal).toBe(2);
    expect(later.quoted).toEqual(["+  let sum = 1;"]);
  });
});
