import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempRepository, type TempRepository } from "../git/testing/temp-repository.js";
import { mcpDelivery } from "../mcp/mcp-delivery.js";
import { startReviewServer } from "../server/start-review-server.js";
import { openTuiBackend } from "./open-tui-backend.js";
import { outcomeValue } from "./testing/backend-answers.js";
import { systemClock } from "../service/clock.js";
import { cleanUpAfterEach } from "../testing/clean-up.js";

// The terminal half's releases as the web panel has them: a verdict and an overall comment, a failed
// delivery with its reason that can be retried or dismissed, and an MCP panel's waiting line.

// What the view lists as failed (review-model's failedDeliveries): failed and not dismissed.
const failedDeliveries = <T extends { readonly delivery: { readonly state: string; readonly dismissed?: boolean } }>(
  reviews: readonly T[],
) => reviews.filter((r) => r.delivery.state === "failed" && r.delivery.dismissed !== true);

const onCleanup = cleanUpAfterEach();

async function repository(): Promise<TempRepository> {
  const repo = await makeTempRepository();
  onCleanup(() => repo.remove());
  await repo.write("a.ts", "one\ntwo\n");
  await repo.commitAll("base");
  await repo.write("a.ts", "one\nTWO\n");
  return repo;
}

describe("the terminal half's releases (real git, real SQLite, a real MCP server's panel)", () => {
  it("releases with a verdict and an overall comment; a failed delivery keeps its reason, a retry delivers it, a dismiss hides it", async () => {
    const repo = await repository();
    let reachable = false;
    const sent: string[] = [];
    const backend = await openTuiBackend({
      dir: repo.dir,
      options: {},
      send: async (_s, text) => (reachable ? (sent.push(text), true) : false),
      pid: -1,
    });
    onCleanup(() => backend.close());

    await outcomeValue(backend.createThread({ file: "a.ts", side: "new", start: 2, end: 2, body: "Why upper case?" }));
    const first = (
      await outcomeValue(backend.release("ses_1", { verdict: "changes", summary: "Close, one thing left." }))
    ).review;
    expect(first.deliveredTo).toBeNull();
    let reviews = (await outcomeValue(backend.reviews())).reviews;
    expect(reviews[0]).toMatchObject({
      verdict: "changes",
      summary: "Close, one thing left.",
      delivery: { state: "failed" },
    });
    expect(reviews[0]!.delivery.error).toMatch(/The session ses_1 did not take the message/);
    expect(failedDeliveries(reviews).map((r) => r.id)).toEqual([reviews[0]!.id]);

    reachable = true;
    const retried = (await outcomeValue(backend.retryDelivery(reviews[0]!.id))).review;
    expect(retried.delivery.state).toBe("delivered");
    expect(sent[0]).toContain("Why upper case?");
    expect(sent[0]).toMatch(/changes|Close, one thing left\./);
    expect(failedDeliveries((await outcomeValue(backend.reviews())).reviews)).toEqual([]);

    reachable = false;
    await outcomeValue(backend.createThread({ file: "a.ts", side: "new", start: 1, end: 1, body: "And this one?" }));
    await outcomeValue(backend.release("ses_1"));
    reviews = (await outcomeValue(backend.reviews())).reviews;
    expect(failedDeliveries(reviews)).toHaveLength(1);
    const dismissed = (await outcomeValue(backend.dismissDelivery(reviews[0]!.id))).review;
    expect(dismissed.delivery).toMatchObject({ state: "failed", dismissed: true });
    expect(failedDeliveries((await outcomeValue(backend.reviews())).reviews)).toEqual([]);
  });

  it("a release on the home screen (no session) waits and says so; the first session opened gets it; u sends one to the session the view names", async () => {
    const repo = await repository();
    const sent: { session: string; text: string }[] = [];
    const backend = await openTuiBackend({
      dir: repo.dir,
      options: {},
      send: async (session, text) => (sent.push({ session, text }), true),
      pid: -1,
    });
    onCleanup(() => backend.close());

    await outcomeValue(backend.createThread({ file: "a.ts", side: "new", start: 2, end: 2, body: "Why upper case?" }));
    const early = (await outcomeValue(backend.release())).review;
    expect(early).toMatchObject({ deliveredTo: null, delivery: { waitsFor: "session" } });
    let reviews = (await outcomeValue(backend.reviews())).reviews;
    expect(reviews[0]!.delivery).toMatchObject({ state: "pending", waitsFor: "session" });
    expect(failedDeliveries(reviews)).toEqual([]);
    // opencode's session.created: the waiting release goes there, once.
    expect(await outcomeValue(backend.deliverWaiting("ses_first"))).toEqual([reviews[0]!.id]);
    expect(await outcomeValue(backend.deliverWaiting("ses_second"))).toEqual([]);
    expect(sent.map((s) => s.session)).toEqual(["ses_first"]);
    expect(sent[0]!.text).toContain("Why upper case?");
    expect((await outcomeValue(backend.reviews())).reviews[0]!.delivery).toMatchObject({
      state: "delivered",
      to: "ses_first",
    });

    // Another waits; u retries it to the session the view names, not to a session of the release's own.
    await outcomeValue(backend.createThread({ file: "a.ts", side: "new", start: 1, end: 1, body: "And this one?" }));
    await outcomeValue(backend.release());
    reviews = (await outcomeValue(backend.reviews())).reviews;
    const retried = (await outcomeValue(backend.retryDelivery(reviews[0]!.id, "ses_named"))).review;
    expect(retried.delivery).toMatchObject({ state: "delivered", to: "ses_named" });
    expect(sent.map((s) => s.session)).toEqual(["ses_first", "ses_named"]);
  });

  it("shows an MCP server's waiting line while its release waits for the agent's next turn, and none without such a panel", async () => {
    const repo = await repository();
    const backend = await openTuiBackend({ dir: repo.dir, options: {}, send: async () => true, pid: -1 });
    onCleanup(() => backend.close());
    expect(await outcomeValue(backend.waitingForTurn())).toBeNull();

    const mcp = await startReviewServer({
      now: systemClock,
      dir: repo.dir,
      delivery: mcpDelivery(() => "Codex"),
      tools: true,
      panelDir: join(repo.dir, "no-panel"),
    });
    onCleanup(() => mcp.close());
    expect(await outcomeValue(backend.waitingForTurn())).toBeNull();
    await outcomeValue(
      backend.createThread({ file: "a.ts", side: "new", start: 2, end: 2, body: "Released from the MCP panel." }),
    );
    const released = await fetch(`${mcp.url}/api/review/release`, {
      method: "POST",
      headers: { authorization: `Bearer ${mcp.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(released.status).toBe(200);
    expect(await outcomeValue(backend.waitingForTurn())).toBe(
      "1 released comment on a.ts: waiting for the agent's next turn.",
    );

    // Released here with no opencode session to go to, it waits for the MCP agent's turn too: pending, the notice.
    await outcomeValue(
      backend.createThread({ file: "a.ts", side: "new", start: 1, end: 1, body: "Released from the terminal." }),
    );
    const mine = await outcomeValue(backend.release());
    expect(mine).toMatchObject({ review: { messages: 1, mode: "tools", deliveredTo: null }, waitsForAgentTurn: true });
    expect((await outcomeValue(backend.reviews())).reviews[0]).toMatchObject({
      mode: "tools",
      delivery: { state: "pending" },
    });
    expect(await outcomeValue(backend.waitingForTurn())).toBe(
      "2 released comments on a.ts: waiting for the agent's next turn.",
    );
    // To a session the person is in, it is sent there as before (this opencode's own session).
    await outcomeValue(backend.createThread({ file: "a.ts", side: "new", start: 2, end: 2, body: "To my session." }));
    const sent = await outcomeValue(backend.release("ses_1"));
    expect(sent.review.deliveredTo).toBe("ses_1");
    expect(sent.waitsForAgentTurn).toBeUndefined();
  });
});

describe("the terminal half's reviewer findings (real git, real SQLite, a run recorded through the service)", () => {
  it("lists a released run's open findings with their severity; accepting makes the person's draft on the same line, dismissing hides one", async () => {
    const repo = await repository();
    await repo.write("a.ts", "one\nTWO\nthree\n");
    const backend = await openTuiBackend({ dir: repo.dir, options: {}, send: async () => true, pid: -1 });
    onCleanup(() => backend.close());
    expect((await outcomeValue(backend.findings())).findings).toEqual([]);
    await publishRun(repo.dir, [
      { file: "a.ts", start: 2, end: 2, body: "Upper case breaks the callers.", severity: "major" },
      { file: "a.ts", start: 3, end: 3, body: "A new line without a test.", severity: "nit" },
    ]);
    const found = (await outcomeValue(backend.findings())).findings;
    expect(found.map((f) => [f.severity, f.start, f.messages[0]!.body])).toEqual([
      ["major", 2, "Upper case breaks the callers."],
      ["nit", 3, "A new line without a test."],
    ]);
    const draft = (await outcomeValue(backend.accept(found[0]!.id))).draft;
    expect(draft).toMatchObject({ status: "draft", file: "a.ts", start: 2, end: 2 });
    expect(draft.messages[0]!.body).toBe("Upper case breaks the callers.");
    await outcomeValue(backend.dismiss(found[1]!.id));
    expect((await outcomeValue(backend.findings())).findings).toEqual([]);
    expect((await outcomeValue(backend.threads())).threads.map((t) => t.status)).toEqual(["draft"]);
  });
});

/** A reviewer run of session ses_parent, started, its findings pinned and released, as the run supervisor and the reviewer's tools do it. */
async function publishRun(
  dir: string,
  findings: readonly {
    file: string;
    start: number;
    end: number;
    body: string;
    severity: "blocker" | "major" | "minor" | "nit";
  }[],
) {
  const { openRepository, defaultDbPath } = await import("../git/index.js");
  const { openStore } = await import("../store/index.js");
  const { createReviewService } = await import("../service/index.js");
  const { createEventBus } = await import("../events/event-bus.js");
  const store = await openStore({ path: defaultDbPath(await openRepository(dir)) });
  try {
    const service = createReviewService({
      now: systemClock,
      dir,
      store,
      bus: createEventBus(),
      delivery: { mode: "tools", deliver: async () => null },
    });
    const { run } = await service.recordRun({ parentSessionId: "ses_parent", model: "fake/fake-model" });
    const running = (await service.changeRun(run.id, { status: "running", session_id: "ses_child" }, ["pending"]))!;
    for (const f of findings) await service.pinFinding(running, f);
    await service.releaseRun(running, { summary: "Two things.", verdict: "changes" });
  } finally {
    await store.close();
  }
}
