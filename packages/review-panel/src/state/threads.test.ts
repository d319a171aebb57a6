// @vitest-environment node
// The thread and review slices over real HTTP, against the development fixture server.
import { createRoot } from "solid-js";
import { afterEach, describe, expect, it } from "vitest";
import { createApi } from "../api.js";
import { createNotices } from "./notices.js";
import { createReview } from "./review.js";
import { createThreads } from "./threads.js";

type Fixture = { origin: string; token: string; close: () => Promise<void>; agentReply: (id: string, body: string) => Promise<unknown> };
const fixturePath = "../../dev/fixture-server.mjs";
let fixture: Fixture | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
});

async function setup(tools = true) {
  const { startFixtureServer } = (await import(/* @vite-ignore */ fixturePath)) as { startFixtureServer: (o: object) => Promise<Fixture> };
  fixture = await startFixtureServer({ port: 0, tools });
  const api = createApi({ base: fixture.origin, token: fixture.token });
  return createRoot(() => {
    const notices = createNotices();
    let review!: ReturnType<typeof createReview>;
    const threads = createThreads(api, notices, () => void review.refresh());
    review = createReview(api, notices, () => threads.load());
    return { notices, threads, review };
  });
}

describe("threads and review slices", () => {
  it("keeps a new comment as a draft until the release, then open and waiting on the agent", async () => {
    const { threads, review } = await setup();
    await threads.load();
    await review.refresh();
    expect(review.drafts()).toBe(1);
    expect(await threads.create({ file: "src/app.ts", side: "new", start: 16, end: 16, body: "Early return?" })).toBe(true);
    const mine = threads.list().find((t) => t.messages[0]?.body === "Early return?")!;
    expect(mine.status).toBe("draft");
    await expect.poll(() => review.drafts()).toBe(2);
    expect(await review.release()).toBe(true);
    expect(review.released()?.review.mode).toBe("tools");
    expect(threads.get(mine.id)).toMatchObject({ status: "open", awaiting: "agent" });
    expect(review.drafts()).toBe(0);
  });

  it("turns a refusal into a readable notice and leaves the state as it was", async () => {
    const { threads, notices } = await setup();
    await threads.load();
    const before = threads.list().length;
    expect(await threads.create({ file: "src/app.ts", start: 16, end: 16, body: "x".repeat(1001) })).toBe(false);
    expect(notices.list()[0]?.text).toContain("1001 characters");
    expect(threads.list().length).toBe(before);
    // A released message cannot be edited: the server's 409 reaches the person as words.
    const sent = threads.get("t-open")!.messages[0]!;
    expect(await threads.edit(sent.id, { body: "changed" })).toBe(false);
    expect(notices.list().at(-1)?.text).toContain("released");
  });

  it("deleting the only message of a draft removes the draft thread", async () => {
    const { threads, review } = await setup();
    await threads.load();
    const draft = threads.get("t-deleted")!;
    expect(await threads.deleteMessage(draft, draft.messages[0]!.id)).toBe(true);
    expect(threads.get("t-deleted")).toBeUndefined();
    await expect.poll(() => review.drafts()).toBe(0);
  });
});
