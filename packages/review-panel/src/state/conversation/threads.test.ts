// @vitest-environment node
// The thread and review slices over real HTTP, against the real review server on a real repository.
import { createRoot } from "solid-js";
import { afterEach, describe, expect, it } from "vitest";
import { startPanelTarget, type PanelTarget } from "../../../e2e/panel-target.js";
import { createApi } from "../../api.js";
import { createNotices } from "./notices.js";
import { createReview } from "./review.js";
import { createThreads } from "./threads.js";

let target: PanelTarget | null = null;
afterEach(async () => {
  await target?.close();
  target = null;
});

async function setup(tools = true) {
  target = await startPanelTarget({ tools });
  const ids = target.threads!;
  // Node's fetch sends no Origin; the server's Host check needs its own loopback host, which the URL gives.
  const api = createApi({ base: target.origin, token: target.token });
  return createRoot(() => {
    const notices = createNotices();
    let review!: ReturnType<typeof createReview>;
    const threads = createThreads(api, notices, () => void review.refresh());
    review = createReview(api, notices, () => threads.load());
    return { notices, threads, review, ids };
  });
}

describe("threads and review slices", () => {
  it("keeps each panel's own 'new this visit' marks: seen in one panel, a thread is not new in a panel opened after", async () => {
    const { threads } = await setup();
    await threads.load();
    const unread = threads.list().find((t) => t.unreadByHuman)!;
    expect(unread).toBeDefined();
    expect(threads.newThisVisit(unread)).toBe(true);
    await threads.seen(unread.id);
    const seen = threads.get(unread.id)!;
    expect(seen.unreadByHuman).toBe(false);
    // Still new for the rest of this visit, in this panel.
    expect(threads.newThisVisit(seen)).toBe(true);
    // Another panel (another createThreads) sees it read: the mark was never module-wide.
    const other = createRoot(() =>
      createThreads(createApi({ base: target!.origin, token: target!.token }), createNotices()),
    );
    await other.load();
    expect(other.newThisVisit(other.get(unread.id)!)).toBe(false);
  });

  it("keeps a new comment as a draft until the release, then open and waiting on the agent", async () => {
    const { threads, review } = await setup();
    await threads.load();
    await review.refresh();
    expect(review.drafts()).toBe(1);
    expect(await threads.create({ file: "src/app.ts", side: "new", start: 16, end: 16, body: "Early return?" })).toBe(
      true,
    );
    const mine = threads.list().find((t) => t.messages[0]?.body === "Early return?")!;
    expect(mine.status).toBe("draft");
    await expect.poll(() => review.drafts()).toBe(2);
    expect(await review.release()).toBe(true);
    expect(review.released()?.review.mode).toBe("tools");
    expect(threads.get(mine.id)).toMatchObject({ status: "open", awaiting: "agent" });
    expect(review.drafts()).toBe(0);
  });

  it("turns a refusal into a readable notice and leaves the state as it was", async () => {
    const { threads, notices, ids } = await setup();
    await threads.load();
    const before = threads.list().length;
    expect(await threads.create({ file: "src/app.ts", start: 16, end: 16, body: "x".repeat(1001) })).toBe(false);
    expect(notices.list()[0]?.text).toContain("1001 characters");
    expect(threads.list().length).toBe(before);
    // A released message cannot be edited: the server's 409 reaches the person as words.
    const sent = threads.get(ids.open)!.messages[0]!;
    expect(await threads.edit(sent.id, { body: "changed" })).toBe(false);
    expect(notices.list().at(-1)?.text).toContain("released");
  });

  it("loads every thread, the person's drafts among them, with one listing", async () => {
    target = await startPanelTarget({ tools: true });
    const ids = target.threads!;
    const api = createApi({ base: target.origin, token: target.token });
    const asked: string[] = [];
    const counted = {
      ...api,
      threads: (filter: Parameters<typeof api.threads>[0]) => (
        asked.push(filter?.status ?? "all"), api.threads(filter)
      ),
    };
    const threads = createRoot(() => createThreads(counted, createNotices(), () => {}));
    expect(await threads.load()).toBe(true);
    expect(asked).toEqual(["all"]);
    expect(threads.get(ids.draft)?.status).toBe("draft");
    expect(threads.get(ids.open)?.status).toBe("open");
  });

  it("deleting the only message of a draft removes the draft thread", async () => {
    const { threads, review, ids, notices } = await setup();
    await threads.load();
    const draft = threads.get(ids.draft)!;
    const deleted = await threads.deleteMessage(draft, draft.messages[0]!.id);
    expect(notices.list()).toEqual([]);
    expect(deleted).toBe(true);
    expect(threads.get(ids.draft)).toBeUndefined();
    await expect.poll(() => review.drafts()).toBe(0);
  });
});
