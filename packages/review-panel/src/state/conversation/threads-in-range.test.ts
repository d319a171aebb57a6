import { createRoot, createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import type { Api, DiffRange, Thread } from "../../api.js";
import { createNotices } from "./notices.js";
import { threadsInRange } from "./threads-in-range.js";

function thread(id: string, over: Partial<Thread> = {}): Thread {
  return {
    id,
    file: "src/a.ts",
    side: "new",
    start: 11,
    end: 11,
    round: { id: "r1", ordinal: 1 },
    quoted: ["+B"],
    context: { before: [], after: [] },
    anchor: { state: "current", start: 13, end: 13 },
    status: "open",
    awaiting: "human",
    origin: "human",
    resolvedAt: null,
    resolvedBy: null,
    unreadByHuman: true,
    messages: [
      {
        id: `${id}m`,
        author: "human",
        body: "hi",
        suggestion: null,
        createdAt: "2025-01-01T00:00:00Z",
        delivery: "sent",
      },
    ],
    createdAt: "2025-01-01T00:00:00Z",
    updatedAt: "2025-01-01T00:00:00Z",
    ...over,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("threadsInRange", () => {
  it("asks where the threads were in the round once per range end and per thread added, not on every thread update", async () => {
    const asked: string[] = [];
    const api = {
      threads: async (filter: { at?: string } = {}) => {
        asked.push(filter.at ?? "now");
        return { ok: true, value: { threads: [thread("t1", { anchor: { state: "current", start: 11, end: 11 } })] } };
      },
    } as unknown as Api;
    const [list, setList] = createSignal<readonly Thread[]>([thread("t1")]);
    const [range, setRange] = createSignal<DiffRange>({ from: "base", to: "worktree" });
    const shown = createRoot(() => threadsInRange(api, list, range, createNotices()));
    await settle();
    expect(asked).toEqual([]);

    setRange({ from: "r1", to: "r2" });
    await settle();
    expect(asked).toEqual(["r2"]);
    expect(shown()[0]?.anchor.start).toBe(11);

    // Marked seen (the server's answer replaces the thread): its place in round 2 is what it was.
    setList([thread("t1", { unreadByHuman: false, updatedAt: "2025-01-01T00:00:01Z" })]);
    setRange({ from: "base", to: "r2" });
    await settle();
    expect(asked).toEqual(["r2"]);
    expect(shown()[0]).toMatchObject({ unreadByHuman: false, anchor: { start: 11 } });

    setList((l) => [...l, thread("t2")]);
    await settle();
    expect(asked).toEqual(["r2", "r2"]);
  });
});

describe("threadsInRange in a diff view", () => {
  it("asks where the threads are at the end of the staged and one-commit views, and nowhere for the work-tree views", async () => {
    const asked: string[] = [];
    const api = {
      threads: async (filter: { at?: string } = {}) => {
        asked.push(filter.at ?? "now");
        return { ok: true, value: { threads: [thread("t1", { anchor: { state: "current", start: 2, end: 2 } })] } };
      },
    } as unknown as Api;
    const [list] = createSignal<readonly Thread[]>([thread("t1")]);
    const [range, setRange] = createSignal<DiffRange>({ from: "base", to: "worktree", view: "uncommitted" });
    const shown = createRoot(() => threadsInRange(api, list, range, createNotices()));
    await settle();
    expect(asked).toEqual([]);
    expect(shown()[0]?.anchor.start).toBe(13);

    setRange({ from: "base", to: "worktree", view: "staged" });
    await settle();
    expect(asked).toEqual(["view:staged"]);
    expect(shown()[0]?.anchor.start).toBe(2);

    setRange({ from: "base", to: "worktree", view: "commit:abc123" });
    await settle();
    expect(asked).toEqual(["view:staged", "view:commit:abc123"]);

    setRange({ from: "base", to: "worktree", view: "since-review" });
    await settle();
    expect(asked).toEqual(["view:staged", "view:commit:abc123"]);
    expect(shown()[0]?.anchor.start).toBe(13);
  });
});
