import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEventBus } from "../../events/event-bus.js";
import { makeTempRepository, type TempRepository } from "../../git/testing/temp-repository.js";
import { createReviewService, type ReleaseDelivery } from "../../service/index.js";
import { openStore, type Store } from "../../store/index.js";
import { createApp } from "../create-app.js";
import { listen, type ListeningServer } from "../listen.js";
import { loopbackHosts } from "../loopback.js";
import { apiRoutes } from "./index.js";
import { systemClock } from "../../service/clock.js";
import { cleanUpAfterEach } from "../../testing/clean-up.js";

const TOKEN = "reviews-routes-token";
const onCleanup = cleanUpAfterEach();

/** A real server over a real repository and store, whose doorbell answers as `deliver` says. */
async function start(mode: "tools" | "prose", deliver: ReleaseDelivery["deliver"], extra: { noAgent?: true } = {}) {
  const repo: TempRepository = await makeTempRepository();
  await repo.write("src/a.ts", "export const a = 1;\nexport const b = 2;\n");
  await repo.commitAll("base");
  await repo.write("src/a.ts", "export const a = 1;\nexport const b = 3;\n");
  const folder = await mkdtemp(join(tmpdir(), "ocr-reviews-"));
  const store: Store = await openStore({ path: join(folder, "review.sqlite") });
  const bus = createEventBus();
  const service = createReviewService({
    now: systemClock,
    dir: repo.dir,
    store,
    bus,
    delivery: { mode, deliver, ...extra },
    deliveryRetry: { attempts: 3, firstDelayMs: 50, maxDelayMs: 100 },
  });
  let hosts: readonly string[] = [];
  const app = createApp({
    token: TOKEN,
    allowedHosts: () => hosts,
    panelDir: join(folder, "none"),
    routes: apiRoutes(service),
    health: () => ({ ok: true, version: "", repo: repo.dir, branch: "main", tools: mode === "tools" }),
    events: bus,
  });
  const server: ListeningServer = await listen(app, { host: "127.0.0.1", port: 0 });
  hosts = loopbackHosts("127.0.0.1", server.port);
  onCleanup(async () => {
    await server.close();
    await store.close();
    await repo.remove();
    await rm(folder, { recursive: true, force: true });
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        origin: server.url,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as any };
  };
  return { server, call, service, repo };
}

async function eventually<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("GET /api/reviews", () => {
  it("keeps a release's prose, summary and verdict when the connection is killed right after it is sent", async () => {
    const { server, call } = await start("tools", async (input) => ({ sessionId: input.sessionId ?? "ses_1" }));
    expect(
      (await call("POST", "/threads", { file: "src/a.ts", start: 2, end: 2, body: "Why 3 and not 2?" })).status,
    ).toBe(201);

    // The release is written to a raw socket that is destroyed at once: the client never reads an answer.
    const body = JSON.stringify({ summary: "Close, one question.", verdict: "changes" });
    await new Promise<void>((resolve, reject) => {
      const socket = connect(server.port, "127.0.0.1", () => {
        socket.write(
          `POST /api/review/release HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${TOKEN}\r\nOrigin: ${server.url}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
          () => {
            socket.destroy();
            resolve();
          },
        );
      });
      socket.on("error", reject);
    });

    // Listed from the moment the release commits (pending), then delivered.
    const listed = await eventually(
      async () => (await call("GET", "/reviews")).json.reviews[0],
      "the release to be listed",
    );
    expect(listed.prose).toContain("Why 3 and not 2?");
    const review = await eventually(async () => {
      const [first] = (await call("GET", "/reviews")).json.reviews;
      return first.delivery.state === "delivered" ? first : null;
    }, "the release to be delivered");
    expect(review).toMatchObject({
      messages: 1,
      mode: "tools",
      summary: "Close, one question.",
      verdict: "changes",
      delivery: { state: "delivered", to: "ses_1" },
    });
    expect(review.prose).toContain("Why 3 and not 2?");
    expect(review.prose).toContain("src/a.ts");
    expect(review.prose).toContain("The reviewer requests changes before this is done.");
    expect(review.prose).toContain("Overall comment from the reviewer:\nClose, one question.");
    // The drafts went out with it: nothing is left to release twice.
    expect((await call("POST", "/review/release", {})).status).toBe(409);
  });

  it("lists releases newest first, and refuses a bad verdict or an over-long summary before anything is released", async () => {
    const { call } = await start("prose", async () => ({ sessionId: "ses_1" }));
    expect((await call("POST", "/threads", { file: "src/a.ts", start: 2, end: 2, body: "first" })).status).toBe(201);
    const bad = await call("POST", "/review/release", { verdict: "lgtm" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/verdict must be "comment", "approve" or "changes"/);
    expect((await call("POST", "/review/release", { summary: "x".repeat(4001) })).status).toBe(400);
    expect((await call("GET", "/reviews")).json.reviews).toEqual([]);

    const first = await call("POST", "/review/release", { verdict: "comment" });
    expect(first.status).toBe(200);
    expect(first.json.review).toMatchObject({ summary: null, verdict: "comment" });
    expect((await call("POST", "/threads", { file: "src/a.ts", start: 1, end: 1, body: "second" })).status).toBe(201);
    const second = await call("POST", "/review/release", { verdict: "approve", summary: "Ship it." });
    expect(second.json.prose).toContain("The reviewer approves these changes.");
    const reviews = (await call("GET", "/reviews")).json.reviews;
    expect(reviews.map((r: any) => r.id)).toEqual([second.json.review.id, first.json.review.id]);
    expect(reviews[0].prose).toBe(second.json.prose);
  });

  it("records a failed delivery with its reason, retries it with backoff until it goes through, and lets the person dismiss one", async () => {
    let failures = 2;
    const attempts: number[] = [];
    const { call } = await start("tools", async (input) => {
      attempts.push(Date.now());
      if (failures-- > 0) throw new Error("opencode is not answering");
      return { sessionId: input.sessionId ?? "ses_1" };
    });
    expect((await call("POST", "/threads", { file: "src/a.ts", start: 2, end: 2, body: "Why 3?" })).status).toBe(201);
    const released = await call("POST", "/review/release", {});
    expect(released.json.review.delivery).toMatchObject({
      state: "failed",
      error: expect.stringContaining("opencode is not answering"),
    });
    const delivered = await eventually(async () => {
      const [review] = (await call("GET", "/reviews")).json.reviews;
      return review.delivery.state === "delivered" ? review : null;
    }, "the retries to deliver it");
    expect(delivered.delivery).toMatchObject({ state: "delivered", to: "ses_1", attempts: 3 });
    expect(attempts).toHaveLength(3);
    expect((await call("POST", `/reviews/${delivered.id}/retry`)).status).toBe(409);

    // Failing every time: failed after the bounded attempts, then dismissed by the person.
    failures = 1000;
    expect((await call("POST", "/threads", { file: "src/a.ts", start: 1, end: 1, body: "And this?" })).status).toBe(
      201,
    );
    const lost = (await call("POST", "/review/release", {})).json.review;
    const settled = await eventually(async () => {
      const review = (await call("GET", "/reviews")).json.reviews.find((r: any) => r.id === lost.id);
      return review.delivery.attempts === 3 ? review : null;
    }, "three attempts");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call("GET", "/reviews")).json.reviews.find((r: any) => r.id === lost.id).delivery).toMatchObject({
      state: "failed",
      attempts: 3,
      dismissed: false,
    });
    expect(settled.delivery.state).toBe("failed");
    const dismissed = await call("POST", `/reviews/${lost.id}/dismiss`);
    expect(dismissed.json.review.delivery).toMatchObject({ state: "failed", dismissed: true });
    expect((await call("POST", "/reviews/v_nope/dismiss")).status).toBe(404);
  });

  it("made with no session to send to, waits (pending, not failed) without retrying by itself, and goes to the first session that appears", async () => {
    const rung: string[] = [];
    // The plugin's doorbell: it rings the session it is given, and nobody without one.
    const { call, service, repo } = await start("tools", async ({ sessionId }) =>
      sessionId === null ? null : (rung.push(sessionId), { sessionId }),
    );
    expect((await call("POST", "/threads", { file: "src/a.ts", start: 2, end: 2, body: "Why 3?" })).status).toBe(201);
    const released = (await call("POST", "/review/release", {})).json.review;
    // It names the work tree whose next session gets it, for the panel to say so.
    expect(released.delivery).toMatchObject({ state: "pending", attempts: 1, waitsFor: "session", worktree: repo.dir });
    expect(released.delivery.error).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call("GET", "/reviews")).json.reviews[0].delivery).toMatchObject({
      state: "pending",
      attempts: 1,
      waitsFor: "session",
    });
    // The session the plugin's event hook records, then hands over (session.created).
    await service.recordSession({ id: "ses_late", title: "Late", directory: repo.dir });
    expect(await service.deliverWaiting("ses_late")).toEqual([released.id]);
    expect(await service.deliverWaiting("ses_late")).toEqual([]);
    expect(rung).toEqual(["ses_late"]);
    const after = (await call("GET", "/reviews")).json.reviews[0];
    expect(after.delivery).toMatchObject({ state: "delivered", to: "ses_late", attempts: 2 });
    expect(after.delivery.waitsFor).toBeUndefined();
  });

  it("with nobody on the other end (serve without --opencode, the demo) is the prose to copy: never waiting, never sent later", async () => {
    const rung: string[] = [];
    const { call, service, repo } = await start(
      "prose",
      async ({ sessionId }) => (sessionId === null ? null : (rung.push(sessionId), { sessionId })),
      { noAgent: true },
    );
    expect((await call("POST", "/threads", { file: "src/a.ts", start: 2, end: 2, body: "Why 3?" })).status).toBe(201);
    const answer = (await call("POST", "/review/release", {})).json;
    expect(answer.prose).toContain("Why 3?");
    expect(answer.review.delivery).toMatchObject({ state: "delivered", copyOnly: true });
    expect(answer.review.delivery.waitsFor).toBeUndefined();
    expect(answer.review.deliveredTo).toBeNull();
    // A session that appears later does not get it: the person has the text.
    await service.recordSession({ id: "ses_late", title: "Late", directory: repo.dir });
    expect(await service.deliverWaiting("ses_late")).toEqual([]);
    expect(rung).toEqual([]);
    expect((await call("GET", "/reviews")).json.reviews[0].delivery).toMatchObject({
      state: "delivered",
      copyOnly: true,
    });
  });

  it("Retry tries the session the panel names (GET /api/review's session, or the one it sends), not the one the release first had", async () => {
    const open = new Set<string>(["ses_new", "ses_pick"]);
    const rung: string[] = [];
    const { call, service, repo } = await start("tools", async ({ sessionId }) =>
      sessionId !== null && open.has(sessionId) ? (rung.push(sessionId), { sessionId }) : null,
    );
    expect((await call("POST", "/threads", { file: "src/a.ts", start: 2, end: 2, body: "Why 3?" })).status).toBe(201);
    // Sent to a session that is gone: refused, failed, with why.
    const first = (await call("POST", "/review/release", { sessionId: "ses_gone" })).json.review;
    expect(first.delivery).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/ses_gone did not take the message/),
    });
    await service.recordSession({ id: "ses_new", title: "Now", directory: repo.dir });
    expect((await call("GET", "/review")).json.session).toEqual({ id: "ses_new", title: "Now" });
    // Retry with no body: the session the bar names now.
    const retried = await call("POST", `/reviews/${first.id}/retry`);
    expect(retried.json.review.delivery).toMatchObject({ state: "delivered", to: "ses_new" });

    expect((await call("POST", "/threads", { file: "src/a.ts", start: 1, end: 1, body: "And a?" })).status).toBe(201);
    const second = (await call("POST", "/review/release", { sessionId: "ses_gone" })).json.review;
    expect(second.delivery.state).toBe("failed");
    // The panel sends the session it shows: that one gets it.
    const picked = await call("POST", `/reviews/${second.id}/retry`, { sessionId: "ses_pick" });
    expect(picked.json.review.delivery).toMatchObject({ state: "delivered", to: "ses_pick" });
    expect(rung).toEqual(["ses_new", "ses_pick"]);
    const bad = await call("POST", `/reviews/${second.id}/retry`, { sessionId: "" });
    expect(bad.status).toBe(400);
  });
});

describe("a release with no comments", () => {
  it("approves with an overall comment and no drafts, as GitHub's Approve does, and reaches the agent", async () => {
    const sent: string[] = [];
    const { call } = await start("tools", async ({ text }) => (sent.push(text), { sessionId: "ses_1" }));
    const released = await call("POST", "/review/release", {
      sessionId: "ses_1",
      verdict: "approve",
      summary: "Ship it.",
    });
    expect(released.status).toBe(200);
    expect(released.json.review).toMatchObject({ messages: 0, verdict: "approve", summary: "Ship it." });
    expect(sent).toEqual(["The reviewer approves these changes.\n\nOverall comment from the reviewer:\nShip it."]);
    const past = await call("GET", "/reviews");
    expect(past.json.reviews[0]).toMatchObject({ messages: 0, verdict: "approve", delivery: { state: "delivered" } });
  });

  it("still refuses a release with nothing in it: no drafts, no overall comment, only the plain Comment verdict", async () => {
    const { call } = await start("tools", async () => ({ sessionId: "ses_1" }));
    for (const body of [{}, { verdict: "comment" }, { summary: "   " }]) {
      const refused = await call("POST", "/review/release", body);
      expect(refused.status).toBe(409);
      expect(refused.json.error.message).toContain("Nothing to release");
    }
    expect((await call("GET", "/reviews")).json.reviews).toEqual([]);
  });
});
