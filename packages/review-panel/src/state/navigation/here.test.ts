import { createRoot, createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import type { Row } from "../diff/diff-rows.js";
import type { Thread } from "../review-client.js";
import { createHere, type HereThreads } from "./here.js";

const thread = (id: string, status: Thread["status"], origin = "human"): Thread =>
  ({ id, status, origin, file: "src/a.ts", messages: [] }) as unknown as Thread;

const row = (threads: readonly Thread[]): Row => ({
  kind: "threads",
  key: `t:${threads.map((t) => t.id).join(",")}`,
  file: "src/a.ts",
  side: "new",
  line: 2,
  threads,
});

/** A thread slice over a map, recording what `r` asked of it. */
function slice(list: readonly Thread[]) {
  const byId = new Map(list.map((t) => [t.id, t]));
  const asked: string[] = [];
  const threads: HereThreads = {
    get: (id) => byId.get(id),
    shown: (id) => byId.get(id),
    resolve: async (id) => (asked.push(`resolve ${id}`), true),
    reopen: async (id) => (asked.push(`reopen ${id}`), true),
  };
  return { threads, asked, set: (t: Thread) => byId.set(t.id, t) };
}

describe("here: what the keys act on, in both panels", () => {
  it("is the row's last thread of a person or agent, never a reviewer's finding; the finding is its own", () =>
    createRoot((dispose) => {
      const own = thread("thr_1", "open");
      const finding = thread("fnd_1", "open", "reviewer");
      const s = slice([own, finding]);
      const here = createHere({ row: () => row([own, finding]), threads: s.threads });
      expect(here.thread()?.id).toBe("thr_1");
      expect(here.finding()?.id).toBe("fnd_1");
      expect(here.file()).toBe("src/a.ts");
      // A row of findings alone has no thread to resolve.
      const onlyFinding = createHere({ row: () => row([finding]), threads: s.threads });
      expect(onlyFinding.thread()).toBeNull();
      expect(onlyFinding.resolveToggle()).toEqual({ kind: "nothing" });
      dispose();
    }));

  it("reads the thread as the slice holds it now, so r after a reply acts on its current status", async () => {
    const s = slice([thread("thr_1", "open")]);
    const here = createHere({ row: () => row([thread("thr_1", "open")]), threads: s.threads });
    s.set(thread("thr_1", "resolved"));
    const toggle = here.resolveToggle();
    expect(toggle.kind).toBe("reopen");
    if (toggle.kind === "reopen") expect(await toggle.run()).toBe(true);
    expect(s.asked).toEqual(["reopen thr_1"]);
  });

  it("r resolves an open thread, reopens a resolved one, and leaves a draft alone", async () => {
    const open = thread("thr_1", "open");
    const draft = thread("thr_2", "draft");
    const s = slice([open, draft]);
    const [at, setAt] = createSignal<Row | undefined>(row([open]));
    const here = createHere({ row: at, threads: s.threads });
    const toggle = here.resolveToggle();
    if (toggle.kind === "resolve") await toggle.run();
    setAt(row([draft]));
    expect(here.resolveToggle().kind).toBe("draft");
    expect(s.asked).toEqual(["resolve thr_1"]);
  });

  it("without a thread row, is the focused thread where the view has one (the web's last clicked card), else nothing", () => {
    const focusedThread = thread("thr_9", "open");
    const s = slice([focusedThread]);
    const codeLine: Row = {
      kind: "line",
      key: "l:2",
      file: "src/a.ts",
      line: { kind: "add", old: null, new: 2, text: "x" },
    };
    expect(createHere({ row: () => undefined, focused: () => "thr_9", threads: s.threads }).thread()?.id).toBe("thr_9");
    expect(createHere({ row: () => codeLine, focused: () => "thr_9", threads: s.threads }).thread()?.id).toBe("thr_9");
    expect(createHere({ row: () => codeLine, threads: s.threads }).thread()).toBeNull();
    expect(createHere({ row: () => undefined, threads: s.threads }).file()).toBeNull();
  });
});
